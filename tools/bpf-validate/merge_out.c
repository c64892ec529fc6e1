// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge's output: the program x kernel table, or one JSON document
 * written as Python's json.dump writes it (", " and ": " separators,
 * non-ASCII as \uXXXX), the format bpf-vm-verify --json always had:
 *
 * {"kernels": [{"name", "vmlinuz", "release", "lsm", "seconds", "error",
 *   "exit", "objects" (bpf-validate --json's, paths the host's), "stderr"}],
 *  "host": the host's document or null, "range": {"min", "only"},
 *  "programs": [{"object", "program", "section", "role",
 *   "verdicts": {kernel: verdict}, "result", "why"}], "exit": N}
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"

/* S as a JSON string, ASCII only; invalid UTF-8 becomes U+FFFD. */
static void pstr(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	while (*p) {
		unsigned c = *p, cp, len, i;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\r')
			fputs("\\r", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c == '\b')
			fputs("\\b", stdout);
		else if (c == '\f')
			fputs("\\f", stdout);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else if (c < 0x80)
			putchar(c);
		if (c < 0x80) {
			p++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			len = 2, cp = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			len = 3, cp = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			len = 4, cp = c & 0x07;
		else
			len = 0, cp = 0;
		for (i = 1; i < len; i++) {
			if ((p[i] & 0xc0) != 0x80) {
				len = 0;
				break;
			}
			cp = cp << 6 | (p[i] & 0x3f);
		}
		if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
		    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
			len = 0;
		if (!len) {
			fputs("\\ufffd", stdout);
			p++;
			continue;
		}
		p += len;
		if (cp >= 0x10000) {
			cp -= 0x10000;
			printf("\\u%04x\\u%04x", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
		} else {
			printf("\\u%04x", cp);
		}
	}
	putchar('"');
}

/* NULL and "" as null. */
static void pnull(const char *s)
{
	pstr(s && *s ? s : NULL);
}

static void pvalue(const struct bv_jval *v)
{
	switch (v->type) {
	case BVJ_NULL:
		fputs("null", stdout);
		return;
	case BVJ_STR:
		pstr(v->s);
		return;
	case BVJ_NUM:
	case BVJ_BOOL:
		fputs(v->s, stdout);
		return;
	default:
		break;
	}
	putchar(v->type == BVJ_OBJ ? '{' : '[');
	for (size_t i = 0; i < v->n; i++) {
		if (i)
			fputs(", ", stdout);
		if (v->type == BVJ_OBJ) {
			pstr(v->keys[i]);
			fputs(": ", stdout);
		}
		pvalue(v->v[i]);
	}
	putchar(v->type == BVJ_OBJ ? '}' : ']');
}

static void kernel_json(const struct bv_mkernel *k)
{
	fputs("{\"name\": ", stdout);
	pstr(k->name);
	fputs(", \"vmlinuz\": ", stdout);
	pstr(k->from_boot ? k->vmlinuz : NULL);
	fputs(", \"release\": ", stdout);
	pstr(k->has_release ? k->release : NULL);
	fputs(", \"lsm\": ", stdout);
	pstr(k->has_lsm ? k->lsm : NULL);
	printf(", \"seconds\": %s, \"error\": ", k->secs ? k->secs : "null");
	pnull(k->error);
	printf(", \"exit\": %ld, \"objects\": [", k->exit);
	for (size_t i = 0; k->objects && i < k->objects->n; i++) {
		if (i)
			fputs(", ", stdout);
		pvalue(k->objects->v[i]);
	}
	fputs("], \"stderr\": [", stdout);
	for (size_t i = 0; i < k->nstderr; i++) {
		if (i)
			fputs(", ", stdout);
		pstr(k->stderr_lines[i]);
	}
	fputs("]}", stdout);
}

void bv_merge_print_json(const struct bv_merge *m)
{
	const struct bv_merge_opts *o = m->opts;

	fputs("{\"kernels\": [", stdout);
	for (int n = 1; n <= m->count; n++) {
		if (n > 1)
			fputs(", ", stdout);
		kernel_json(&m->k[n]);
	}
	fputs("], \"host\": ", stdout);
	if (m->first == 0)
		pvalue(m->k[0].doc);
	else
		fputs("null", stdout);
	fputs(", \"range\": {\"min\": ", stdout);
	pnull(o->kernels_min);
	fputs(", \"only\": ", stdout);
	pnull(o->kernels_only);
	fputs("}, \"programs\": [", stdout);
	for (size_t r = 0; r < m->nrows; r++) {
		const struct bv_mrow *row = &m->rows[r];

		fputs(r ? ", {\"object\": " : "{\"object\": ", stdout);
		pstr(row->object);
		fputs(", \"program\": ", stdout);
		pstr(row->program);
		fputs(", \"section\": ", stdout);
		pstr(row->section);
		fputs(", \"role\": ", stdout);
		pstr(row->role);
		fputs(", \"verdicts\": {", stdout);
		for (int n = m->first; n <= m->count; n++) {
			if (n > m->first)
				fputs(", ", stdout);
			pstr(m->k[n].name);
			fputs(": ", stdout);
			pstr(row->cell[n] ? row->cell[n] : *m->k[n].error ? "boot-failed" : NULL);
		}
		fputs("}, \"result\": ", stdout);
		pstr(o->policy ? (row->fail ? "fail" : "pass") : NULL);
		fputs(", \"why\": ", stdout);
		pnull(row->why);
		fputs(", \"note\": ", stdout);
		pnull(row->note);
		putchar('}');
	}
	printf("], \"exit\": %d}\n", m->exit);
}

/* ---- the table */

/* Characters in S (UTF-8 continuation bytes start none). */
static size_t ulen(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* T[r][c] in columns two spaces apart, each as wide as its widest cell. */
static void print_cells(const char ***t, size_t rows, size_t cols)
{
	size_t *w = xcalloc(cols, sizeof(*w));

	for (size_t c = 0; c < cols; c++)
		for (size_t r = 0; r < rows; r++)
			if (ulen(t[r][c]) > w[c])
				w[c] = ulen(t[r][c]);
	for (size_t r = 0; r < rows; r++) {
		size_t len = 0, cap = 1;
		char *line;

		for (size_t c = 0; c < cols; c++)
			cap += strlen(t[r][c]) + w[c] + 2;
		line = xcalloc(1, cap);
		for (size_t c = 0; c < cols; c++)
			len += sprintf(line + len, "%s%s%*s", c ? "  " : "", t[r][c],
				       (int)(w[c] - ulen(t[r][c])), "");
		while (len && strchr(" \t\r\n\f\v", line[len - 1]))
			line[--len] = 0;
		puts(line);
		free(line);
	}
	free(w);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "N kernels, N programs: N pass, N rejected": the VMs' cells (the host's
 * when it was alone), verdicts in byte order. */
static void summary(const struct bv_merge *m)
{
	const char **v = xcalloc(m->nrows * (m->count + 1) + 1, sizeof(*v));
	size_t nv = 0;

	int from = m->count ? 1 : m->first;	/* the host alone: its cells */

	for (size_t r = 0; r < m->nrows; r++)
		for (int n = from; n <= m->count; n++)
			if (m->rows[r].cell[n])
				v[nv++] = m->rows[r].cell[n];
	qsort(v, nv, sizeof(*v), cmp_str);
	if (m->count)
		printf("%d kernel%s, %zu program%s: ", m->count, m->count == 1 ? "" : "s",
		       m->nrows, m->nrows == 1 ? "" : "s");
	else
		printf("the host kernel alone, %zu program%s: ", m->nrows, m->nrows == 1 ? "" : "s");
	if (!nv)
		fputs("nothing verified", stdout);
	for (size_t i = 0, j; i < nv; i = j) {
		for (j = i; j < nv && !strcmp(v[i], v[j]); j++)
			;
		printf("%s%zu %s", i ? ", " : "", j - i, v[i]);
	}
	putchar('\n');
	free(v);
}

/* "; verified on no kernel: P, Q" on the closing line, the one a user sees:
 * a pass that checked nothing there is no pass of theirs (notes above). */
static void nowhere_names(const struct bv_merge *m)
{
	const char *sep = "; verified on no kernel: ";

	for (size_t r = 0; r < m->nrows; r++)
		if (m->rows[r].note && !m->rows[r].fail && strcmp(m->rows[r].program, "-")) {
			printf("%s%s", sep, m->rows[r].program);
			sep = ", ";
		}
}

/* What the host refused, and where it was verified instead: one line a
 * program, the form the verifier tests' logs have always had. */
static void host_refused_lines(const struct bv_merge *m)
{
	char *names = xstrdup("");

	for (int n = 1; n <= m->count; n++) {
		char *t = xasprintf("%s%s%s", names, n > 1 ? ", " : "", m->k[n].name);

		free(names);
		names = t;
	}
	for (size_t r = 0; m->first == 0 && r < m->nrows; r++) {
		const struct bv_mrow *row = &m->rows[r];

		if (!row->host_refused)
			continue;
		if (!m->count)
			printf("%s: %s: not verified: host refuses %s\n", row->host_path,
			       row->program, row->host_refused);
		else
			printf("%s: %s: host kernel refuses %s programs; verified in VM %s\n",
			       row->host_path, row->program, row->host_refused, names);
	}
	free(names);
}

void bv_merge_print_table(const struct bv_merge *m)
{
	const struct bv_merge_opts *o = m->opts;
	bool all_failed = true, declared;
	int from;
	size_t rows = m->nrows ? m->nrows : 1, cols;
	const char ***t;

	for (int n = 1; n <= m->count; n++)
		all_failed &= !!*m->k[n].error;
	if (all_failed && m->first)
		return;
	/* The host's column, when a policy declares something: otherwise the
	 * host's own table, printed before, says it (and the VMs' table keeps
	 * the form its readers know). */
	declared = (o->required && *o->required) || (o->optional && *o->optional) ||
		   (o->alternatives && *o->alternatives) ||
		   (o->kernels_min && *o->kernels_min) || (o->kernels_only && *o->kernels_only);
	from = m->first == 0 && (declared || !m->count) ? 0 : 1;
	cols = 3 + m->count - from + 1;
	t = xcalloc(rows + 1, sizeof(*t));
	for (size_t r = 0; r <= rows; r++)
		t[r] = xcalloc(cols, sizeof(**t));
	t[0][0] = "OBJECT";
	t[0][1] = "PROGRAM";
	t[0][2] = "SECTION";
	for (int n = from; n <= m->count; n++)
		t[0][3 + n - from] = m->k[n].name;
	for (size_t r = 1; r <= rows; r++) {
		const struct bv_mrow *row = m->nrows ? &m->rows[r - 1] : NULL;

		t[r][0] = row ? row->object : "-";
		t[r][1] = row ? row->program : "-";
		t[r][2] = row ? row->section : "-";
		for (int n = from; n <= m->count; n++)
			t[r][3 + n - from] = row && row->cell[n] ? row->cell[n] :
					     *m->k[n].error ? "boot-failed" : "-";
	}
	print_cells(t, rows + 1, cols);
	for (size_t r = 0; r <= rows; r++)
		free(t[r]);
	free(t);
	putchar('\n');
	if (from == 0)
		printf("host: release %s, bpf-validate exit %ld\n", m->k[0].release, m->k[0].exit);
	for (int n = 1; n <= m->count; n++) {
		const struct bv_mkernel *k = &m->k[n];
		char secs[64] = "-";

		if (*k->error)
			continue;
		if (k->secs)
			snprintf(secs, sizeof(secs), "%.1fs", strtod(k->secs, NULL));
		printf("kernel %s: release %s, lsm %s, boot+verify %s, exit %ld\n", k->name,
		       k->has_release ? k->release : "None", k->has_lsm ? k->lsm : "None",
		       secs, k->exit);
	}
	for (size_t i = 0; i < m->ndetails; i++)
		puts(m->details[i]);
	summary(m);
	if (!o->policy)
		return;
	if (declared && ((o->kernels_min && *o->kernels_min) ||
			 (o->kernels_only && *o->kernels_only))) {
		char *t = bv_policy_range_text(o);

		printf("not-applicable: %s (declared)\n", t);
		free(t);
	}
	host_refused_lines(m);
	for (size_t r = 0; r < m->nrows; r++)
		if (m->rows[r].fail)
			printf("FAIL %s: %s: %s\n", m->rows[r].object, m->rows[r].program,
			       m->rows[r].why);
		else if (m->rows[r].note)
			printf("note %s: %s: %s\n", m->rows[r].object, m->rows[r].program,
			       m->rows[r].note);
	for (size_t i = 0; i < m->nnoprog; i++)
		printf("FAIL no program named %s (named by --require, --optional or --alternatives)\n",
		       m->noprog[i]);
	printf("%s: %zu of %zu program%s", m->nfail ? "FAIL" : "pass",
	       (size_t)m->nfail - m->nnoprog, m->nrows, m->nrows == 1 ? " fails" : "s fail");
	nowhere_names(m);
	putchar('\n');
}
