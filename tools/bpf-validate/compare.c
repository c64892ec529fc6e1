// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --compare: the same programs built by two compilers (gcc-bpf and clang),
 * each object verified as usual, then one row per program with both sides'
 * verdicts and statistics, like veristat's compare mode but across
 * compilers.  A side may be "not built": the build system knew that its
 * compiler lacks what the program needs, and says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bpf-validate.h"

#define EXIT_SKIP 77

struct cmp_side {
	const char *path;	/* NULL: "-" */
	char *why;		/* not built: the reason, or NULL */
	bool built;
	struct bv_object obj;
	long size;		/* object file size, -1 if unknown */
};

struct cmp_pair {
	char *name;		/* the object's name, without .bpf.o or label */
	struct cmp_side side[2];
};

struct cmp_row {
	const struct cmp_pair *pair;
	const char *prog;	/* NULL: neither side has programs */
	const struct bv_prog *p[2];
	bool flagged;		/* passes on exactly one side */
};

enum { M_INSNS, M_PEAK, M_STACK, M_JITED, M_SIZE, NMETRICS };
static const char *const metric_key[NMETRICS] = {
	"insns", "states_peak", "stack_depth", "jited_size", "object_size",
};

/*
 * OBJ, OBJ=REASON (not built) or "-".  An existing file is always an
 * object, so that a path holding "=" still works.
 */
static void parse_side(struct cmp_side *s, const char *arg)
{
	const char *eq = strchr(arg, '=');

	s->size = -1;
	if (!strcmp(arg, "-")) {
		s->why = xstrdup("no reason given");
	} else if (access(arg, F_OK) && eq) {
		s->why = xstrdup(eq[1] ? eq + 1 : "no reason given");
		if (eq != arg && strncmp(arg, "-=", 2)) {
			char *path = xstrdup(arg);

			path[eq - arg] = '\0';
			s->path = path;
		}
	} else {
		s->path = xstrdup(arg);
		s->built = true;
	}
}

/* "dir/foo.gcc.bpf.o" with label "gcc" -> "foo" */
static char *object_name(const char *path, const char *label)
{
	const char *b = strrchr(path, '/');
	char *n = xstrdup(b ? b + 1 : path);
	size_t len = strlen(n), ll = strlen(label);

	if (len > 6 && !strcmp(n + len - 6, ".bpf.o"))
		n[len -= 6] = '\0';
	else if (len > 2 && !strcmp(n + len - 2, ".o"))
		n[len -= 2] = '\0';
	if (len > ll + 1 && n[len - ll - 1] == '.' && !strcmp(n + len - ll, label))
		n[len - ll - 1] = '\0';
	return n;
}

static const struct bv_prog *find_prog(const struct cmp_side *s,
				       const char *name)
{
	if (!s->built || s->obj.fatal)
		return NULL;
	for (size_t i = 0; i < s->obj.nprogs; i++)
		if (!strcmp(s->obj.progs[i].name, name))
			return &s->obj.progs[i];
	return NULL;
}

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

static void add_row(struct cmp_row **rows, size_t *n, const struct cmp_pair *pr,
		    const char *prog)
{
	struct cmp_row *r;

	*rows = realloc(*rows, (*n + 1) * sizeof(**rows));
	if (!*rows) {
		fputs("bpf-validate: out of memory\n", stderr);
		exit(1);
	}
	r = &(*rows)[(*n)++];
	memset(r, 0, sizeof(*r));
	r->pair = pr;
	r->prog = prog;
	for (int s = 0; s < 2; s++)
		r->p[s] = prog ? find_prog(&pr->side[s], prog) : NULL;
	r->flagged = (r->p[0] && r->p[0]->verdict == BV_PASS) !=
		     (r->p[1] && r->p[1]->verdict == BV_PASS);
}

/* Programs in the left object's order, then those only the right has. */
static void pair_rows(struct cmp_row **rows, size_t *n,
		      const struct cmp_pair *pr)
{
	size_t before = *n;

	for (int s = 0; s < 2; s++) {
		const struct cmp_side *sd = &pr->side[s];

		if (!sd->built || sd->obj.fatal)
			continue;
		for (size_t i = 0; i < sd->obj.nprogs; i++)
			if (s == 0 || !find_prog(&pr->side[0], sd->obj.progs[i].name))
				add_row(rows, n, pr, sd->obj.progs[i].name);
	}
	if (*n == before)
		add_row(rows, n, pr, NULL);
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

static void report_table(const struct cmp_row *rows, size_t n,
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

static void report_json(const struct cmp_row *rows, size_t n,
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

int bv_compare(char **args, int nargs, const struct bv_opts *opts)
{
	size_t npairs = nargs / 2, nrows = 0, k = 0;
	struct cmp_pair *pairs = xcalloc(npairs, sizeof(*pairs));
	struct cmp_row *rows = NULL, *sorted;
	int rc = 0;

	if (!npairs) {
		fputs("bpf-validate: --compare needs LEFT RIGHT pairs; try 'bpf-validate --help'\n",
		      stderr);
		return 1;
	}
	for (size_t i = 0; i < npairs; i++) {
		struct cmp_pair *pr = &pairs[i];

		for (int s = 0; s < 2; s++) {
			struct cmp_side *sd = &pr->side[s];
			struct stat st;
			int e;

			parse_side(sd, args[2 * i + s]);
			if (!pr->name && sd->path)
				pr->name = object_name(sd->path, opts->labels[s]);
			if (!sd->built)
				continue;
			sd->obj.path = sd->path;
			bv_check_object(&sd->obj, opts);
			if (!stat(sd->path, &st))
				sd->size = st.st_size;
			/* Per side, as in the usual mode; CI makes a skip fail. */
			e = bv_object_exit(&sd->obj);
			if (e == EXIT_SKIP && opts->require_kernel) {
				fprintf(stderr, "bpf-validate: %s: kernel verification could not run, and %s makes that a failure\n",
					sd->path, opts->require_why);
				e = 1;
			}
			if (e == 1)
				rc = 1;
			else if (e == EXIT_SKIP && rc == 0)
				rc = EXIT_SKIP;
		}
		if (!pr->name)
			pr->name = xasprintf("pair%zu", i + 1);
		pair_rows(&rows, &nrows, pr);
	}

	/* The programs that pass with one compiler only come first. */
	sorted = xcalloc(nrows, sizeof(*sorted));
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < nrows; i++)
			if (rows[i].flagged == !pass)
				sorted[k++] = rows[i];

	if (opts->format == BV_FMT_JSON)
		report_json(sorted, nrows, opts, rc);
	else
		report_table(sorted, nrows, pairs, npairs, opts);
	fflush(stdout);

	for (size_t i = 0; i < npairs; i++) {
		for (int s = 0; s < 2; s++) {
			free((char *)pairs[i].side[s].path);
			free(pairs[i].side[s].why);
			bv_object_free(&pairs[i].side[s].obj);
		}
		free(pairs[i].name);
	}
	free(pairs);
	free(rows);
	free(sorted);
	return rc;
}
