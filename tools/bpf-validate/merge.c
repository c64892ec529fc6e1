// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge: the kernels' bpf-validate --json documents, with what each VM
 * boot left (bpf-vm-verify's work files kN.name, kN.vmlinuz, kN.secs,
 * kN.error and kN.data, the guest's second serial port; merge_read.c reads
 * them), made into the program x kernel cells, and the exit status.  A kernel whose document
 * cannot be read is a column that failed, with the cause; a file named on
 * the command line that cannot be read ends the run with one line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"

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
	if (opts->host_json && !bv_merge_read_doc(&m.k[0], "host", opts->host_json)) {
		rc = 1;
		goto out;
	}
	for (n = 1; n <= opts->boots; n++)
		bv_merge_read_boot(&m.k[n], opts, n);
	for (int i = 0; i < ninputs; i++) {
		char *eq = strchr(inputs[i], '=');
		char *name = eq ? xasprintf("%.*s", (int)(eq - inputs[i]), inputs[i]) : NULL;

		n = opts->boots + 1 + i;
		if (!eq || eq == inputs[i] || !eq[1]) {
			fprintf(stderr, "bpf-validate: --merge: '%s' is no KERNEL=FILE; name each kernel's bpf-validate --json document so\n",
				inputs[i]);
			rc = 1;
		} else if (!bv_merge_read_doc(&m.k[n], name, eq + 1)) {
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
	/* With a policy, a program no kernel verified is no pass either (a
	 * failure of the policy's under --require-kernel: policy_eval.c). */
	for (size_t r = 0; opts->policy && r < m.nrows; r++)
		if (m.rows[r].nowhere && strcmp(m.rows[r].program, "-"))
			skipped = true;
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
