// SPDX-License-Identifier: LGPL-2.1-or-later
/* Small helpers: allocation that cannot fail silently, string lists, reading
 * an input file whole (libbpf keeps pointers into the buffer). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf-validate.h"

/* Objects are a few MiB at most; this bounds memory on hostile input. */
#define BV_MAX_FILE (512u << 20)

static void oom(void)
{
	fputs("bpf-validate: out of memory\n", stderr);
	exit(1);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");

	if (!p)
		oom();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		oom();
	va_end(ap);
	return p;
}

void strlist_add(struct bv_strlist *l, char *owned)
{
	char **v = realloc(l->v, (l->n + 1) * sizeof(*v));

	if (!v)
		oom();
	l->v = v;
	l->v[l->n++] = owned;
}

void strlist_addf(struct bv_strlist *l, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		oom();
	va_end(ap);
	strlist_add(l, p);
}

void strlist_free(struct bv_strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

int bv_read_file(const char *path, void **bufp, size_t *lenp, char **cause)
{
	struct stat st;
	size_t len, got = 0;
	char *buf;
	int fd;

	/* O_NONBLOCK: opening a FIFO must not wait for a writer; the
	 * regular-file check below then refuses it. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		*cause = xstrdup(strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		*cause = xstrdup(S_ISDIR(st.st_mode) ? "is a directory"
						     : "not a regular file");
		close(fd);
		return -1;
	}
	if (st.st_size == 0) {
		*cause = xstrdup("empty file, not a BPF object");
		close(fd);
		return -1;
	}
	if ((unsigned long long)st.st_size > BV_MAX_FILE) {
		*cause = xasprintf("too large (%lld bytes) for a BPF object",
				   (long long)st.st_size);
		close(fd);
		return -1;
	}
	len = st.st_size;
	buf = xcalloc(1, len);
	while (got < len) {
		ssize_t r = read(fd, buf + got, len - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			*cause = xstrdup(r < 0 ? strerror(errno)
					       : "file shrank while reading");
			free(buf);
			close(fd);
			return -1;
		}
		got += r;
	}
	close(fd);
	*bufp = buf;
	*lenp = len;
	return 0;
}
