// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --compare output: one row per program with both compilers' verdicts and
 * statistics, as a table or as JSON.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "compare.h"

static const char *const metric_key[NMETRICS] = {
	"insns", "states_peak", "stack_depth", "jited_size", "object_size",
};

/* The side's verdict for one program, and why when it is not a pass. */
static const char *side_verdict(const struct cmp_side *s,
				const struct bv_prog *p, const char **why)
{
	*why = NULL;
	if (!s->built) {
		*why = s->why;
		return "not-built";
	}
	if (s->obj.fatal) {
		*why = s->obj.fatal;
		return "error";
	}
	if (!p) {
		*why = "no program of this name in the object";
		return "missing";
	}
	if (p->error)
		*why = p->error;
	else if (p->verdict == BV_NOT_RUN)
		*why = s->obj.skip;
	return bv_verdict_str(p->verdict);
}

static long metric(const struct cmp_side *s, const struct bv_prog *p, int m)
{
	if (m == M_SIZE)
		return s->built && !s->obj.fatal ? s->size : -1;
	if (!p)
		return -1;
	switch (m) {
	case M_INSNS:	return p->insns;
	case M_PEAK:	return p->states_peak;
	case M_STACK:	return p->stack_depth;
	default:	return p->jited_size;
	}
}

/* RIGHT/LEFT; false when one is unknown or LEFT is 0 and RIGHT is not. */
static bool ratio(long l, long r, double *out)
{
	if (l < 0 || r < 0 || (l == 0 && r != 0))
		return false;
	*out = l == r ? 1.0 : (double)r / l;
	return true;
}

/* ---- output ---- */

#define NCOLS 10
#define CELL 512

static void row_cells(const struct cmp_row *r, char c[NCOLS][CELL])
{
	snprintf(c[0], CELL, "%s", r->flagged ? "!!" : "");
	snprintf(c[1], CELL, "%s", r->pair->name);
	snprintf(c[2], CELL, "%s", r->prog ? r->prog : "-");
	for (int m = 0; m < NMETRICS; m++) {
		long l = metric(&r->pair->side[0], r->p[0], m);
		long rv = metric(&r->pair->side[1], r->p[1], m);
		char a[32] = "-", b[32] = "-";
		double x;

		if (l >= 0)
			snprintf(a, sizeof(a), "%ld", l);
		if (rv >= 0)
			snprintf(b, sizeof(b), "%ld", rv);
		if (ratio(l, rv, &x))
			snprintf(c[3 + m], CELL, "%s/%s (%.2f)", a, b, x);
		else
			snprintf(c[3 + m], CELL, "%s/%s", a, b);
	}
	for (int s = 0; s < 2; s++) {
		const char *why, *v = side_verdict(&r->pair->side[s], r->p[s], &why);

		if (!strcmp(v, "not-built"))
			v = "not built";
		if (why)
			snprintf(c[8 + s], CELL, "%s (%s)", v, why);
		else
			snprintf(c[8 + s], CELL, "%s", v);
	}
}

/* Names and verdicts left-aligned, numbers right-aligned; the verdicts go
 * last, as a reason can be long. */
static void print_cells(const char *const cell[NCOLS], const int w[NCOLS])
{
	for (int k = 0; k < NCOLS - 1; k++)
		printf(k < 3 || k > 7 ? "%-*s  " : "%*s  ", w[k], cell[k]);
	printf("%s\n", cell[NCOLS - 1]);
}

void cmp_report_table(const struct cmp_row *rows, size_t n,
		      const struct cmp_pair *pairs, size_t npairs,
		      const struct bv_opts *opts)
{
	const char *head[NCOLS] = {
		"", "OBJECT", "PROGRAM", "INSNS", "PEAK STATES", "STACK",
		"JITED", "OBJECT SIZE", opts->labels[0], opts->labels[1],
	};
	char c[NCOLS][CELL];
	int w[NCOLS];
	size_t both = 0, none = 0, flagged = 0;

	printf("%s/%s in each cell, (%s/%s) the ratio; !! passes with one compiler only\n",
	       opts->labels[0], opts->labels[1], opts->labels[1], opts->labels[0]);
	for (int k = 0; k < NCOLS; k++)
		w[k] = strlen(head[k]);
	for (size_t i = 0; i < n; i++) {
		row_cells(&rows[i], c);
		for (int k = 0; k < NCOLS; k++)
			if ((int)strlen(c[k]) > w[k])
				w[k] = strlen(c[k]);
	}
	print_cells(head, w);
	for (size_t i = 0; i < n; i++) {
		const char *cells[NCOLS];

		row_cells(&rows[i], c);
		for (int k = 0; k < NCOLS; k++)
			cells[k] = c[k];
		print_cells(cells, w);
		if (rows[i].flagged)
			flagged++;
		else if (rows[i].p[0] && rows[i].p[0]->verdict == BV_PASS)
			both++;
		else
			none++;
	}
	for (size_t i = 0; i < npairs; i++)
		for (int s = 0; s < 2; s++) {
			const struct bv_object *o = &pairs[i].side[s].obj;

			for (size_t k = 0; pairs[i].side[s].built && k < o->errors.n; k++)
				printf("%s: %s: error: %s\n", opts->labels[s], o->path,
				       o->errors.v[k]);
		}
	printf("%zu program%s: %zu pass with both, %zu with one only (!!), %zu with neither\n",
	       n, n == 1 ? "" : "s", both, flagged, none);
}

static void json_side(const struct cmp_side *s, const struct bv_prog *p)
{
	const char *why, *v = side_verdict(s, p, &why);
	static const struct bv_strlist none;

	fputs("{\"path\":", stdout);
	bv_json_str(s->path);
	printf(",\"verdict\":\"%s\",\"error\":", v);
	bv_json_str(why);
	for (int m = 0; m < NMETRICS; m++) {
		long x = metric(s, p, m);

		printf(x < 0 ? ",\"%s\":null" : ",\"%s\":%ld", metric_key[m], x);
	}
	fputs(",\"static_errors\":", stdout);
	bv_json_strlist(s->built ? &s->obj.errors : &none);
	putchar('}');
}

void cmp_report_json(const struct cmp_row *rows, size_t n,
		     const struct bv_opts *opts, int rc)
{
	struct utsname u;

	fputs("{\"left\":", stdout);
	bv_json_str(opts->labels[0]);
	fputs(",\"right\":", stdout);
	bv_json_str(opts->labels[1]);
	fputs(",\"programs\":[", stdout);
	for (size_t i = 0; i < n; i++) {
		const struct cmp_row *r = &rows[i];

		fputs(i ? ",\n{\"object\":" : "\n{\"object\":", stdout);
		bv_json_str(r->pair->name);
		fputs(",\"program\":", stdout);
		bv_json_str(r->prog);
		printf(",\"flagged\":%s,\"left\":", r->flagged ? "true" : "false");
		json_side(&r->pair->side[0], r->p[0]);
		fputs(",\"right\":", stdout);
		json_side(&r->pair->side[1], r->p[1]);
		fputs(",\"ratio\":{", stdout);
		for (int m = 0; m < NMETRICS; m++) {
			long l = metric(&r->pair->side[0], r->p[0], m);
			long rv = metric(&r->pair->side[1], r->p[1], m);
			double x;

			printf("%s\"%s\":", m ? "," : "", metric_key[m]);
			if (ratio(l, rv, &x))
				printf("%.4f", x);
			else
				fputs("null", stdout);
		}
		fputs("}}", stdout);
	}
	fputs("],\n\"kernel\":", stdout);
	bv_json_str(uname(&u) ? NULL : u.release);
	printf(",\"exit\":%d}\n", rc);
}
