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
#include <unistd.h>

#include "compare.h"

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
		cmp_report_json(sorted, nrows, opts, rc);
	else
		cmp_report_table(sorted, nrows, pairs, npairs, opts);
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
