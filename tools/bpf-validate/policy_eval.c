// SPDX-License-Identifier: LGPL-2.1-or-later
/* --merge --policy's verdicts (policy.c says the roles): each row by its
 * role, then the groups of alternatives, then the programs declared that no
 * row has. */
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"
#include "policy.h"

static bool verified(const char *v)
{
	return v && (!strcmp(v, "pass") || !strcmp(v, "rejected") ||
		     !strcmp(v, "no-target"));
}

/* Appends ", " (unless empty) and the formatted text to *S. */
static void append(char **s, const char *a, const char *b)
{
	char *t = xasprintf("%s%s%s%s", *s ? *s : "", *s ? ", " : "", a, b ? b : "");

	free(*s);
	*s = t;
}

static void append_raw(char **s, const char *a)
{
	char *t = xasprintf("%s%s", *s, a);

	free(*s);
	*s = t;
}

/* ROW's role, failure and why; 1 if it fails. */
static int eval_row(const struct bv_policy *p, const struct bv_merge *m, struct bv_mrow *row)
{
	const struct decl *d = bv_policy_find(p, row->program);
	char *bad = NULL;
	int npass = 0, nver = 0;
	bool lenient = !d;	/* the default role */
	int nmissing = 0;

	row->role = d ? d->role : "default";
	for (int n = m->first; n <= m->count; n++) {
		const char *c = row->cell[n];

		if (!verified(c))
			continue;
		nver++;
		if (!strcmp(c, "pass"))
			npass++;
		else if (lenient && !strcmp(c, "no-target"))
			nmissing++;
		else
			append(&bad, c, " on "), append_raw(&bad, m->k[n].name);
	}
	row->fail = false;
	row->why = NULL;
	row->nowhere = nver == 0;
	free(row->note);
	row->note = nver && nmissing == nver ?
		xstrdup("verified on no kernel: none tried has its attach target (a placeholder its loader retargets, or a module's function); to verify it, declare the target its loader sets (--attach-target PROG=FUNC, or F1|F2 where it picks per kernel)") :
		row->nowhere ? xstrdup("verified on no kernel") : NULL;
	/* Verified nowhere is a skip (bv_merge), but where a kernel check is
	 * required a failure, decided here: the FAIL line, the closing count,
	 * "result" and the exit then say the same. */
	if (row->nowhere && m->opts->require_kernel && strcmp(row->program, "-")) {
		free(row->note);
		row->note = NULL;
		row->why = xstrdup("verified on no kernel (CI=true or --require-kernel: a skipped kernel check fails)");
	}
	if (!strcmp(row->program, "-"))	/* an object that cannot be used */
		for (int n = m->first; n <= m->count; n++)
			if (row->cell[n] && !strcmp(row->cell[n], "error")) {
				free(row->why);
				row->why = xasprintf("the object cannot be used on %s",
						     m->k[n].name);
			}
	if (!strcmp(row->role, "required") && bad) {
		free(row->why);
		row->why = xasprintf("required, but %s", bad);
	}
	if (lenient && bad) {
		free(row->why);
		row->why = xasprintf("%s", bad);
	}
	if (!strcmp(row->role, "optional") && nver > 0 && npass == 0) {
		free(row->why);
		row->why = xasprintf("optional, but loads on no kernel: %s", bad ? bad : "");
	}
	free(bad);
	row->fail = row->why != NULL;
	return row->fail;
}

/* Group G (alternatives) fails on a kernel where a member was verified
 * and none passes: its members that did not fail already do; how many. */
static int eval_group(const struct bv_policy *p, struct bv_merge *m, size_t g)
{
	char *why = NULL;
	int fails = 0;

	for (int n = m->first; n <= m->count; n++) {
		bool any = false, ok = false, open = false;

		for (size_t r = 0; r < m->nrows; r++) {
			const struct decl *d = bv_policy_find(p, m->rows[r].program);
			const char *c = m->rows[r].cell[n];

			if (!d || d->group != (int)g)
				continue;
			if (!verified(c)) {
				open |= c && strcmp(c, "not-applicable");
				continue;
			}
			any = true;
			ok |= !strcmp(c, "pass");
		}
		if (any && !ok && !open)
			append(&why, m->k[n].name, NULL);
	}
	if (!why)
		return 0;
	for (size_t r = 0; r < m->nrows; r++) {
		const struct decl *d = bv_policy_find(p, m->rows[r].program);

		if (d && d->group == (int)g && !m->rows[r].fail) {
			m->rows[r].fail = true;
			fails++;
			m->rows[r].why = xasprintf("none of the alternatives %s loads on %s",
						   p->groups[g - 1], why);
		}
	}
	free(why);
	return fails;
}

int bv_policy_eval(const struct bv_policy *p, struct bv_merge *m)
{
	int fails = 0;

	for (size_t r = 0; r < m->nrows; r++)
		fails += eval_row(p, m, &m->rows[r]);
	for (size_t g = 1; g <= p->ngroups; g++)
		fails += eval_group(p, m, g);
	for (size_t i = 0; i < p->nd; i++) {
		bool seen = false;

		for (size_t r = 0; r < m->nrows && !seen; r++)
			seen = !strcmp(m->rows[r].program, p->d[i].name);
		if (seen)
			continue;
		fails++;
		m->noprog = realloc(m->noprog, (m->nnoprog + 1) * sizeof(char *));
		if (!m->noprog)
			abort();
		m->noprog[m->nnoprog++] = xstrdup(p->d[i].name);
	}
	return fails;
}
