// SPDX-License-Identifier: LGPL-2.1-or-later
/* libbpf's print callback, and an object opened from memory as the
 * verifier runs open it.  libbpf is chatty on stderr; by default we keep
 * only its first warning after a reset (the cause; later ones are
 * consequences like "failed to load object"), which becomes the cause in our one-line errors.
 * With -v its warnings (with -vv also debug output) go to stderr. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "bpf-validate.h"

static int verbosity;
static char first_warning[512];
/* The program whose bpf(BPF_PROG_LOAD) failed: libbpf 1.1 to 1.7 name it
 * in "prog 'NAME': BPF program load failed: ...", and stop there. */
static char failed_prog[256];

static void note_failed_prog(const char *line)
{
	static const char head[] = "prog '", tail[] = "': BPF program load failed";
	const char *name = strstr(line, head), *end;

	if (!name || failed_prog[0])
		return;
	name += sizeof(head) - 1;
	end = strstr(name, tail);
	if (end && (size_t)(end - name) < sizeof(failed_prog))
		memcpy(failed_prog, name, end - name);
}

static int print_cb(enum libbpf_print_level level, const char *fmt,
		    va_list ap)
{
	char line[sizeof(first_warning)];
	size_t n;

	if (verbosity >= 2 || (verbosity == 1 && level != LIBBPF_DEBUG)) {
		va_list copy;

		va_copy(copy, ap);
		vfprintf(stderr, fmt, copy);
		va_end(copy);
	}
	if (level != LIBBPF_WARN)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	n = strlen(line);
	while (n && (line[n - 1] == '\n' || line[n - 1] == ' '))
		line[--n] = '\0';
	note_failed_prog(line);
	/* libbpf ends a failed load with the log dump markers: keep the cause. */
	if (n && !first_warning[0] && !strstr(line, "-- BEGIN PROG LOAD LOG --") &&
	    !strstr(line, "-- END PROG LOAD LOG --")) {
		size_t skip = strncmp(line, "libbpf: ", 8) ? 0 : 8;

		memcpy(first_warning, line + skip, n + 1 - skip);
	}
	return 0;
}

void bv_libbpf_log_init(int verbose)
{
	verbosity = verbose;
	libbpf_set_print(print_cb);
}

void bv_libbpf_log_reset(void)
{
	first_warning[0] = '\0';
	memset(failed_prog, 0, sizeof(failed_prog));
}

const char *bv_libbpf_failed_prog(void)
{
	return failed_prog[0] ? failed_prog : NULL;
}

const char *bv_libbpf_first_warning(void)
{
	return first_warning[0] ? first_warning : NULL;
}

/* What a libbpf warning that fails a load means for the program's build,
 * where a need of bpfbuild's (README.md's table) describes it; NULL
 * otherwise.  gcc-bpf 14 records a CO-RE read through a pointer to a
 * const struct against the CONST type, which libbpf finds no candidate
 * for in the kernel's BTF: "relo #N: target candidate search failed for
 * [ID] const : -22" (libbpf 1.1 to 1.7). */
const char *bv_libbpf_need(const char *warning)
{
	static const char head[] = "target candidate search failed for [";
	const char *k = warning ? strstr(warning, head) : NULL;

	if (k)
		k = strstr(k, "] ");
	if (k && (!strncmp(k + 2, "const ", 6) || !strncmp(k + 2, "volatile ", 9)))
		return "a CO-RE relocation against a const- or volatile-qualified type, which libbpf cannot match in the kernel's BTF (this compiler records a read through a pointer to a const struct so; probe core_const, gcc-bpf 14): declare the need core_const for the program (it is then skipped where lacking), or use clang";
	return NULL;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

struct bpf_object *bv_reopen(const struct bv_object *o, const void *buf,
			     size_t len)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = base_name(o->path));

	return bpf_object__open_mem(buf, len, &oo);
}
