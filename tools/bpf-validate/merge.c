// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge: reads the kernels' bpf-validate --json documents, with what each
 * VM boot left (bpf-vm-verify's work files kN.name, kN.vmlinuz, kN.secs,
 * kN.error and kN.data, the guest's second serial port), builds the program
 * x kernel cells and decides the exit status.  A kernel whose document
 * cannot be read is a column that failed, with the cause; a file named on
 * the command line that cannot be read ends the run with one line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"

#define EXIT_SKIP 77
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

/* Boot N of the work directory. */
static void read_boot(struct bv_mkernel *k, const struct bv_merge_opts *o, int n)
{
	char *path = xasprintf("%s/k%d.data", o->boot_dir, n), *why = NULL, *data;
	char *secs = work_line(o->boot_dir, n, "secs"), *line, *save = NULL;
	size_t len, blen = 0;
	char *body;
	bool in_json = false;
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
	body = xcalloc(1, len + 2);
	for (line = strtok_r(data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *w, *rest, *d;

		for (w = d = line; *w; w++)	/* the serial port's CRs */
			if (*w != '\r')
				*d++ = *w;
		*d = 0;
		if (strncmp(line, "@@BPFVM ", 8)) {
			if (in_json)
				blen += sprintf(body + blen, "%s\n", line);
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
			rc = *s && !s[strspn(s, "0123456789")] ? strtol(s, NULL, 10) : -1;
		} else if (!strcmp(w, "stderr")) {
			add_stderr(k, rest);
		}
	}
	free(data);
	if (!*k->error && rc < 0) {
		free(k->error);
		k->error = xstrdup("the guest's output is incomplete");
	} else if (!*k->error) {
		const char *bad;

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
static bool read_doc(struct bv_mkernel *k, const char *name, const char *file)
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

/* ---- cells */

/* Value at KEY as awk's report printed it: a scalar's text, "None" for
 * null, "" for a container, DFLT when absent. */
static const char *text_of(const struct bv_jval *v, const char *dflt)
{
	if (!v)
		return dflt;
	switch (v->type) {
	case BVJ_NULL: return "None";
	case BVJ_ARR:
	case BVJ_OBJ: return "";
	default: return v->s;
	}
}

static const char *get_text(const struct bv_jval *o, const char *key, const char *dflt)
{
	return text_of(bv_json_get(o, key), dflt);
}

/* JSON truth, as Python's: not null, "", false, 0, [] or {}. */
static bool truthy(const struct bv_jval *v)
{
	if (!v)
		return false;
	switch (v->type) {
	case BVJ_NULL: return false;
	case BVJ_BOOL: return !strcmp(v->s, "true");
	case BVJ_NUM: return strtod(v->s, NULL) != 0;
	case BVJ_STR: return *v->s;
	default: return v->n > 0;
	}
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static size_t add_row(struct bv_merge *m, const char *obj, const char *prog, const char *sec)
{
	struct bv_mrow *r;

	for (size_t i = 0; i < m->nrows; i++)
		if (!strcmp(m->rows[i].object, obj) && !strcmp(m->rows[i].program, prog) &&
		    !strcmp(m->rows[i].section, sec))
			return i;
	m->rows = realloc(m->rows, (m->nrows + 1) * sizeof(*m->rows));
	if (!m->rows)
		abort();
	r = &m->rows[m->nrows];
	memset(r, 0, sizeof(*r));
	r->object = xstrdup(obj);
	r->program = xstrdup(prog);
	r->section = xstrdup(sec);
	r->cell = xcalloc(m->count + 1, sizeof(char *));
	return m->nrows++;
}

static void set_cell(struct bv_merge *m, size_t r, int n, const char *v)
{
	free(m->rows[r].cell[n]);
	m->rows[r].cell[n] = xstrdup(v);
}

static void detail(struct bv_merge *m, char *owned)
{
	m->details = realloc(m->details, (m->ndetails + 1) * sizeof(char *));
	if (!m->details)
		abort();
	m->details[m->ndetails++] = owned;
}

static void cells(struct bv_merge *m, const struct bv_policy *pol, int n)
{
	const struct bv_mkernel *k = &m->k[n];
	bool policy = m->opts->policy;

	for (size_t i = 0; k->objects && i < k->objects->n; i++) {
		const struct bv_jval *o = k->objects->v[i], *st, *ps;
		const char *obj = base_name(get_text(o, "path", "?"));

		if (bv_json_get(o, "path") && bv_json_get(o, "path")->type != BVJ_STR)
			obj = "";
		if (m->opts->only && *m->opts->only && strcmp(obj, m->opts->only))
			continue;
		if (truthy(bv_json_get(o, "error"))) {
			set_cell(m, add_row(m, obj, "-", "-"), n, "error");
			detail(m, xasprintf("%s on %s: %s", obj, k->name, get_text(o, "error", "")));
		}
		st = bv_json_get(bv_json_get(o, "static"), "errors");
		for (size_t e = 0; st && st->type == BVJ_ARR && e < st->n; e++) {
			detail(m, xasprintf("%s on %s: %s", obj, k->name, text_of(st->v[e], "")));
			if (policy)
				set_cell(m, add_row(m, obj, "-", "-"), n, "error");
		}
		ps = bv_json_get(o, "programs");
		for (size_t j = 0; ps && ps->type == BVJ_ARR && j < ps->n; j++) {
			const struct bv_jval *p = ps->v[j], *lg;
			size_t r = add_row(m, obj, get_text(p, "name", "?"), get_text(p, "section", "?"));
			const char *v = bv_annot_cell(p);
			char *src;

			if (!bv_policy_in_range(pol, k->name, k->release ? k->release : "",
						m->rows[r].program))
				v = "not-applicable";
			set_cell(m, r, n, v);
			if (n == 0 && !strcmp(v, "refused") && !m->rows[r].host_refused) {
				m->rows[r].host_refused = xstrdup(get_text(p, "type", "?"));
				m->rows[r].host_path = xstrdup(get_text(o, "path", obj));
			}
			if (n && !strcmp(v, "pass") && truthy(bv_json_get(p, "target_absent")))
				detail(m, xasprintf("%s: %s on %s: pass; target absent: the kernel has no function %s (a kprobe loads without it)",
						    obj, m->rows[r].program, k->name, get_text(p, "target_absent", "")));
			if (!strcmp(v, "pass") || !strcmp(v, "not-applicable") || n == 0)
				continue;
			src = truthy(bv_json_get(p, "source")) ?
				xasprintf(" (%s)", get_text(p, "source", "")) : xstrdup("");
			detail(m, xasprintf("%s: %s on %s: %s: %s%s", obj, m->rows[r].program, k->name, v,
					    bv_annot_error(p),
					    src));
			free(src);
			lg = bv_json_get(p, "log");
			for (size_t l = lg && lg->type == BVJ_ARR && lg->n > 8 ? lg->n - 8 : 0;
			     lg && lg->type == BVJ_ARR && l < lg->n; l++)
				detail(m, xasprintf("    %s", text_of(lg->v[l], "")));
		}
	}
}

static void free_merge(struct bv_merge *m)
{
	for (int n = 0; n <= m->count; n++) {
		struct bv_mkernel *k = &m->k[n];

		free(k->name);
		free(k->vmlinuz);
		free(k->release);
		free(k->lsm);
		free(k->secs);
		free(k->error);
		bv_json_free(k->doc);
		for (size_t i = 0; i < k->nstderr; i++)
			free(k->stderr_lines[i]);
		free(k->stderr_lines);
	}
	free(m->k);
	for (size_t r = 0; r < m->nrows; r++) {
		for (int n = 0; n <= m->count; n++)
			free(m->rows[r].cell[n]);
		free(m->rows[r].cell);
		free(m->rows[r].object);
		free(m->rows[r].program);
		free(m->rows[r].section);
		free(m->rows[r].why);
		free(m->rows[r].note);
		free(m->rows[r].host_refused);
		free(m->rows[r].host_path);
	}
	free(m->rows);
	for (size_t i = 0; i < m->ndetails; i++)
		free(m->details[i]);
	free(m->details);
	for (size_t i = 0; i < m->nnoprog; i++)
		free(m->noprog[i]);
	free(m->noprog);
}

int bv_merge(char **inputs, int ninputs, struct bv_merge_opts *opts)
{
	struct bv_merge m = { .opts = opts };
	struct bv_policy *pol;
	bool bad = false, skipped = false;
	int n, rc = 0;

	m.count = opts->boots + ninputs;
	m.first = opts->host_json ? 0 : 1;
	m.k = xcalloc(m.count + 1, sizeof(*m.k));
	if (opts->host_json && !read_doc(&m.k[0], "host", opts->host_json)) {
		rc = 1;
		goto out;
	}
	for (n = 1; n <= opts->boots; n++)
		read_boot(&m.k[n], opts, n);
	for (int i = 0; i < ninputs; i++) {
		char *eq = strchr(inputs[i], '=');
		char *name = eq ? xasprintf("%.*s", (int)(eq - inputs[i]), inputs[i]) : NULL;

		n = opts->boots + 1 + i;
		if (!eq || eq == inputs[i] || !eq[1]) {
			fprintf(stderr, "bpf-validate: --merge: '%s' is no KERNEL=FILE; name each kernel's bpf-validate --json document so\n",
				inputs[i]);
			rc = 1;
		} else if (!read_doc(&m.k[n], name, eq + 1)) {
			rc = 1;
		}
		free(name);
		if (rc)
			goto out;
	}
	for (n = 1; n <= m.count; n++)
		if (m.k[n].exit == EXIT_SKIP && opts->require_kernel)
			m.k[n].exit = 1;

	/* A kernel that could not boot or verify: one line, whatever the format. */
	for (n = 1; n <= m.count; n++)
		if (*m.k[n].error)
			fprintf(stderr, "bpf-vm-verify: %s: %s\n", m.k[n].name, m.k[n].error);

	pol = bv_policy_new(opts);
	for (n = m.first; n <= m.count; n++)
		cells(&m, pol, n);
	m.nfail = bv_policy_eval(pol, &m);
	bv_policy_free(pol);
	/* A kernel's exit 1 fails the run; with a policy, only a kernel that
	 * could not verify does: the policy judges the verdicts and errors. */
	for (n = 1; n <= m.count; n++) {
		if (m.k[n].exit != 0 && m.k[n].exit != EXIT_SKIP &&
		    (!opts->policy || *m.k[n].error))
			bad = true;
		if (m.k[n].exit == EXIT_SKIP)
			skipped = true;
	}
	/* With a policy, a program no kernel verified is no pass either. */
	for (size_t r = 0; opts->policy && r < m.nrows; r++)
		if (m.rows[r].nowhere && strcmp(m.rows[r].program, "-")) {
			skipped = true;
			bad |= opts->require_kernel;
		}
	m.exit = (bad || (opts->policy && m.nfail)) ? 1 : skipped ? EXIT_SKIP : 0;
	if (opts->json)
		bv_merge_print_json(&m);
	else
		bv_merge_print_table(&m);
	rc = m.exit;
out:
	free_merge(&m);
	return rc;
}
