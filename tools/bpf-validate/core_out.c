// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --core-check's output: the object x kernel table and a line per error and
 * failed relocation, or one JSON document.  Exit 1 when a kernel has an
 * error or a relocation failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "core.h"

static int final_exit(size_t nruns, const struct bv_core_run *runs)
{
	for (size_t i = 0; i < nruns; i++) {
		if (runs[i].error)
			return 1;
		for (size_t j = 0; j < runs[i].nrels; j++)
			if (!strcmp(runs[i].rels[j].status, "failed"))
				return 1;
	}
	return 0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* Width in characters (UTF-8): continuation bytes start none. */
static size_t ulen(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* ROWS x COLS cells (row 0: the header) in columns two blanks apart, each as
 * wide as its widest cell, without trailing blanks. */
static void print_table(char **cell, size_t rows, size_t cols)
{
	size_t *w = xcalloc(cols, sizeof(*w));
	char *line;

	for (size_t c = 0; c < cols; c++)
		for (size_t r = 0; r < rows; r++)
			if (ulen(cell[r * cols + c]) > w[c])
				w[c] = ulen(cell[r * cols + c]);
	for (size_t r = 0; r < rows; r++) {
		size_t len = 0, cap = 1;

		for (size_t c = 0; c < cols; c++)
			cap += strlen(cell[r * cols + c]) + w[c] + 2;
		line = xcalloc(1, cap);
		for (size_t c = 0; c < cols; c++) {
			const char *s = cell[r * cols + c];

			len += sprintf(line + len, "%s%s", c ? "  " : "", s);
			for (size_t n = ulen(s); n < w[c]; n++)
				line[len++] = ' ';
		}
		while (len && strchr(" \t\r\n\f\v", line[len - 1]))
			line[--len] = '\0';
		puts(line);
		free(line);
	}
	free(w);
}

/* The cell of one object on one kernel, and its lines into LINES. */
static char *cell_of(const struct bv_core_run *run, const char *ko, const char *kname,
		     struct bv_strlist *lines)
{
	size_t bad = 0, guard = 0;

	for (size_t i = 0; i < run->nrels; i++) {
		bad += !strcmp(run->rels[i].status, "failed");
		guard += !strcmp(run->rels[i].status, "guarded");
	}
	if (run->error)
		strlist_addf(lines, "%s on %s: %s", ko, kname, run->error);
	for (size_t i = 0; i < run->nrels; i++) {
		const struct bv_core_rel *r = &run->rels[i];

		if (strcmp(r->status, "failed"))
			continue;
		strlist_addf(lines, "%s: %s: relo #%llu <%s> %s: %s in kernel %s%s%s%s", ko,
			     r->prog, r->idx, r->kind, r->spec, r->result, kname,
			     r->src[0] ? " (" : "", r->src, r->src[0] ? ")" : "");
	}
	if (run->error)
		return xstrdup("error");
	if (bad)
		return xasprintf("FAIL(%zu)", bad);
	return guard ? xasprintf("ok (%zu guarded)", guard) : xstrdup("ok");
}

int bv_core_table(const struct bv_core_obj *objs, size_t nobj, char **knames,
		  size_t nk, const struct bv_core_run *runs)
{
	size_t cols = 2 + nk;
	char **cell = xcalloc((nobj + 1) * cols, sizeof(*cell));
	struct bv_strlist lines = { 0 };

	cell[0] = xstrdup("OBJECT");
	cell[1] = xstrdup("RELOS");
	for (size_t k = 0; k < nk; k++)
		cell[2 + k] = xstrdup(knames[k]);
	for (size_t o = 0; o < nobj; o++) {
		char **row = cell + (o + 1) * cols;
		const char *ko = base_name(objs[o].path);
		size_t n = 0;

		for (size_t k = 0; k < nk; k++)
			if (runs[o * nk + k].nrels > n)
				n = runs[o * nk + k].nrels;
		row[0] = xstrdup(ko);
		row[1] = xasprintf("%zu", n);
		for (size_t k = 0; k < nk; k++)
			row[2 + k] = cell_of(&runs[o * nk + k], ko, knames[k], &lines);
	}
	print_table(cell, nobj + 1, cols);
	for (size_t i = 0; i < lines.n; i++)
		puts(lines.v[i]);
	for (size_t i = 0; i < (nobj + 1) * cols; i++)
		free(cell[i]);
	free(cell);
	strlist_free(&lines);
	return final_exit(nobj * nk, runs);
}

static void rel_json(const struct bv_core_rel *r)
{
	fputs("{\"section\": ", stdout);
	bv_json_ascii(r->sec);
	printf(", \"index\": %llu, \"kind\": ", r->idx);
	bv_json_ascii(r->kind);
	fputs(", \"spec\": ", stdout);
	bv_json_ascii(r->spec);
	printf(", \"matched\": %s, \"result\": ", r->matched ? "true" : "false");
	bv_json_ascii(r->result);
	fputs(", \"program\": ", stdout);
	bv_json_ascii(r->prog);
	fputs(", \"source\": ", stdout);
	if (r->src[0])
		bv_json_ascii(r->src);
	else
		fputs("null", stdout);
	fputs(", \"status\": ", stdout);
	bv_json_ascii(r->status);
	putchar('}');
}

int bv_core_json(const struct bv_core_obj *objs, size_t nobj, char **knames,
		 size_t nk, const struct bv_core_run *runs)
{
	int rc = final_exit(nobj * nk, runs);

	fputs("{\"objects\": [", stdout);
	for (size_t o = 0; o < nobj; o++) {
		fputs(o ? ", {\"path\": " : "{\"path\": ", stdout);
		bv_json_ascii(objs[o].path);
		fputs(", \"kernels\": [", stdout);
		for (size_t k = 0; k < nk; k++) {
			const struct bv_core_run *run = &runs[o * nk + k];

			fputs(k ? ", {\"kernel\": " : "{\"kernel\": ", stdout);
			bv_json_ascii(knames[k]);
			fputs(", \"error\": ", stdout);
			if (run->error)
				bv_json_ascii(run->error);
			else
				fputs("null", stdout);
			fputs(", \"relocations\": [", stdout);
			for (size_t i = 0; i < run->nrels; i++) {
				fputs(i ? ", " : "", stdout);
				rel_json(&run->rels[i]);
			}
			fputs("]}", stdout);
		}
		fputs("]}", stdout);
	}
	printf("], \"exit\": %d}\n", rc);
	return rc;
}
