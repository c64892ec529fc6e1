// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge's inputs (merge.c makes the table of them): a VM boot's work
 * files (bpf-vm-verify's k1.* .. kN.*: the guest's serial output with its
 * @@BPFVM lines and bpf-validate --json), or a document given as NAME=FILE
 * or --host-json.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"

#define MAX_JSON (256UL << 20)	/* a document larger than this is no report */

/* The contents of PATH, NUL-terminated (*LEN without it); NULL with *WHY
 * when it cannot be read.  A missing file reads as empty when MISSING_OK. */
static char *slurp(const char *path, size_t *len, bool missing_ok, char **why)
{
	FILE *f = fopen(path, "re");
	size_t n = 0, cap = 4096;
	char *buf;

	*len = 0;
	if (!f) {
		if (missing_ok && errno == ENOENT)
			return xcalloc(1, 1);
		*why = xstrdup(strerror(errno));
		return NULL;
	}
	buf = xcalloc(1, cap);
	for (;;) {
		size_t r = fread(buf + n, 1, cap - n - 1, f);

		n += r;
		if (r == 0)
			break;
		if (n + 1 == cap) {
			if (cap > MAX_JSON) {
				*why = xasprintf("larger than %lu MiB: no bpf-validate report",
						 MAX_JSON >> 20);
				goto bad;
			}
			cap *= 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
	}
	if (ferror(f)) {
		*why = xstrdup(errno == EISDIR ? "is a directory" : strerror(errno));
		goto bad;
	}
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
bad:
	fclose(f);
	free(buf);
	return NULL;
}

/* S without leading and trailing white space, in place. */
static char *strip(char *s)
{
	char *e;

	while (*s && strchr(" \t\r\n\f\v", *s))
		s++;
	e = s + strlen(s);
	while (e > s && strchr(" \t\r\n\f\v", e[-1]))
		*--e = 0;
	return s;
}

/* A one-line work file, stripped ("" when missing). */
static char *work_line(const char *dir, int n, const char *ext)
{
	char *path = xasprintf("%s/k%d.%s", dir, n, ext), *why = NULL, *s, *r;
	size_t len;

	s = slurp(path, &len, true, &why);
	free(path);
	free(why);
	r = xstrdup(s ? strip(s) : "");
	free(s);
	return r;
}

/* Seconds as Python writes a float ("12.0", "3.25"), or NULL. */
static char *secs_text(const char *s)
{
	size_t i = strspn(s, "0123456789");
	char *t;

	if (*s && !s[i])
		return xasprintf("%lld.0", strtoll(s, NULL, 10));
	if (s[i] != '.' || !s[i + 1] || s[i + 1 + strspn(s + i + 1, "0123456789")])
		return NULL;
	s += strspn(s, "0");
	t = *s == '.' ? xasprintf("0%s", s) : xstrdup(s);
	for (size_t n = strlen(t); t[n - 1] == '0' && t[n - 2] != '.'; n--)
		t[n - 1] = 0;
	return t;
}

/* /objs/N/BASE in a guest -> the Nth object given. */
static const char *guest_to_host(const struct bv_merge_opts *o, const char *path)
{
	char *end;
	unsigned long i;

	if (strncmp(path, "/objs/", 6) || !(path[6] >= '0' && path[6] <= '9'))
		return path;
	i = strtoul(path + 6, &end, 10);
	if (*end != '/' || strchr(end + 1, '/') || i < 1 || i > o->nguest_objs)
		return path;
	return o->guest_objs[i - 1];
}

static void add_stderr(struct bv_mkernel *k, const char *line)
{
	k->stderr_lines = realloc(k->stderr_lines, (k->nstderr + 1) * sizeof(char *));
	if (!k->stderr_lines)
		abort();
	k->stderr_lines[k->nstderr++] = xstrdup(line);
}

/* The document's "objects", when it is bpf-validate --json output. */
static const char *check_doc(struct bv_mkernel *k)
{
	struct bv_jval *objs = bv_json_get(k->doc, "objects");

	if (!k->doc || k->doc->type != BVJ_OBJ)
		return "not a JSON object";
	if (!objs || objs->type != BVJ_ARR)
		return "no \"objects\" list: not bpf-validate --json output";
	k->objects = objs;
	return NULL;
}

/* The lines of a boot's output DATA: the kernel's facts into K, the JSON
 * between begin and end returned (*BLEN bytes), the end's status in *RC
 * (-1: none). */
static char *boot_lines(struct bv_mkernel *k, char *data, size_t len, size_t *blen, long *rc)
{
	char *body = xcalloc(1, len + 2), *line, *save = NULL;
	bool in_json = false;

	for (line = strtok_r(data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *w, *rest, *d;

		for (w = d = line; *w; w++)	/* the serial port's CRs */
			if (*w != '\r')
				*d++ = *w;
		*d = 0;
		if (strncmp(line, "@@BPFVM ", 8)) {
			if (in_json)
				*blen += sprintf(body + *blen, "%s\n", line);
			continue;
		}
		w = line + 8;
		rest = strchr(w, ' ');
		if (rest)
			*rest++ = 0;
		else
			rest = "";
		if (!strcmp(w, "release")) {
			free(k->release);
			k->release = xstrdup(rest);
			k->has_release = true;
		} else if (!strcmp(w, "lsm")) {
			free(k->lsm);
			k->lsm = xstrdup(rest);
			k->has_lsm = true;
		} else if (!strcmp(w, "begin")) {
			in_json = true;
		} else if (!strcmp(w, "end")) {
			char *s = strip(rest);

			in_json = false;
			*rc = *s && !s[strspn(s, "0123456789")] ? strtol(s, NULL, 10) : -1;
		} else if (!strcmp(w, "stderr")) {
			add_stderr(k, rest);
		}
	}
	return body;
}

/* The guest validator's JSON BODY (BLEN bytes, its exit RC) into K's
 * document, or the cause into k->error. */
static void boot_doc(struct bv_mkernel *k, const char *body, size_t blen, long rc)
{
	char *why = NULL;
	const char *bad;

	if (!*k->error && rc < 0) {
		free(k->error);
		k->error = xstrdup("the guest's output is incomplete");
		return;
	}
	if (*k->error)
		return;
	k->doc = bv_json_parse(body, blen, &why);
	bad = why ? why : check_doc(k);
	free(k->error);
	if (bad && rc == 132)	/* SIGILL: the host's binaries outran the emulated CPU */
		k->error = xstrdup("the guest's validator died of an illegal instruction: "
			"it or a library it loads was built for a CPU this VM does not "
			"emulate (-march=native? TCG has no AVX-512); use KVM (-cpu host), "
			"or a bpf-validate built for x86-64-v3 or older");
	else if (bad)
		k->error = xasprintf("the guest's validator printed no JSON (exit %ld): %s",
				     rc, k->nstderr ? k->stderr_lines[0] : bad);
	else
		k->error = xstrdup("");
	free(why);
	if (bad) {
		bv_json_free(k->doc);
		k->doc = NULL;
		k->objects = NULL;
	} else {
		k->exit = rc;
	}
}

/* Boot N of the work directory. */
void bv_merge_read_boot(struct bv_mkernel *k, const struct bv_merge_opts *o, int n)
{
	char *path = xasprintf("%s/k%d.data", o->boot_dir, n), *why = NULL, *data;
	char *secs = work_line(o->boot_dir, n, "secs"), *body;
	size_t len, blen = 0;
	long rc = -1;

	k->from_boot = true;
	k->name = work_line(o->boot_dir, n, "name");
	k->vmlinuz = work_line(o->boot_dir, n, "vmlinuz");
	k->error = work_line(o->boot_dir, n, "error");
	k->secs = secs_text(secs);
	free(secs);
	k->exit = 1;
	data = slurp(path, &len, true, &why);
	free(path);
	if (!data) {
		free(k->error);
		k->error = xasprintf("the guest's output cannot be read: %s", why);
		free(why);
		return;
	}
	body = boot_lines(k, data, len, &blen, &rc);
	free(data);
	boot_doc(k, body, blen, rc);
	free(body);
	if (*k->error)
		k->exit = 1;
	/* Paths in the guest are the host's objects. */
	for (size_t i = 0; k->objects && i < k->objects->n; i++) {
		struct bv_jval *obj = k->objects->v[i], *p;

		if (obj->type != BVJ_OBJ)
			continue;
		p = bv_json_get(obj, "path");
		bv_json_add(obj, "path", bv_json_new_str(guest_to_host(o,
				p && p->type == BVJ_STR ? p->s : "")));
	}
}

/* A document named on the command line (NAME=FILE, --host-json): one line
 * and false when it cannot be used. */
bool bv_merge_read_doc(struct bv_mkernel *k, const char *name, const char *file)
{
	char *why = NULL, *text;
	const char *bad;
	struct bv_jval *rel, *ex;
	size_t len;

	k->name = xstrdup(name);
	k->error = xstrdup("");
	text = slurp(file, &len, false, &why);
	if (text) {
		k->doc = bv_json_parse(text, len, &why);
		free(text);
	}
	bad = why ? why : check_doc(k);
	if (bad) {
		fprintf(stderr, "bpf-validate: %s: cannot be merged: %s; give a file that bpf-validate --json wrote\n",
			file, bad);
		free(why);
		return false;
	}
	rel = bv_json_get(k->doc, "kernel");
	k->release = xstrdup(rel && rel->type == BVJ_STR ? rel->s : "");
	k->has_release = true;
	ex = bv_json_get(k->doc, "exit");
	k->exit = ex && ex->type == BVJ_NUM ? strtol(ex->s, NULL, 10) : 1;
	return true;
}
