// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge --policy: which kernels count for a program, and whether the
 * verdicts of every kernel tried (the host's and each VM's) make it pass.
 *
 * Each program has a role, the same whether one kernel was tried (the
 * host) or many:
 * default      (no option names it) no kernel in range rejects it; a
 *              kernel that lacks its attach target is reported, never
 *              failed: its loader switches it off there;
 * required     (--require) it passes on every kernel in range that
 *              verified it: there, no target fails too;
 * optional     it passes on at least one of them (if any verified it);
 * alternatives on each kernel where the group is decided, one member passes.
 * "Verified" means pass, rejected or no-target: refused and not-run are left
 * to the other kernels, and a kernel out of range is not-applicable.  A
 * group is decided on a kernel where a member passes, or every member in
 * range was verified: a member the kernel refuses leaves it to the others.
 * A program no kernel in range verified is "verified nowhere": not a pass
 * (bv_merge makes it a skip).
 */
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "merge.h"
#include "policy.h"

/* Splits S at SEP into owned strings (empty ones kept, as awk's split). */
static size_t split(const char *s, char sep, char ***out)
{
	size_t n = 0;

	*out = NULL;
	if (!s || !*s)
		return 0;
	for (const char *p = s;; ) {
		const char *e = strchr(p, sep);
		size_t len = e ? (size_t)(e - p) : strlen(p);

		*out = realloc(*out, (n + 1) * sizeof(**out));
		if (!*out)
			abort();
		(*out)[n++] = xasprintf("%.*s", (int)len, p);
		if (!e)
			return n;
		p = e + 1;
	}
}

static void free_list(char **l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

struct decl *bv_policy_find(const struct bv_policy *p, const char *name)
{
	for (size_t i = 0; i < p->nd; i++)
		if (!strcmp(p->d[i].name, name))
			return &p->d[i];
	return NULL;
}

static void declare(struct bv_policy *p, const char *name, const char *role, int group)
{
	struct decl *d;

	if (!*name)
		return;
	d = bv_policy_find(p, name);
	if (!d) {
		p->d = realloc(p->d, (p->nd + 1) * sizeof(*p->d));
		if (!p->d)
			abort();
		d = &p->d[p->nd++];
		d->name = xstrdup(name);
	}
	d->role = role;
	d->group = group;
}

static void declare_list(struct bv_policy *p, const char *list, const char *role, int group)
{
	char **a;
	size_t n = split(list, ',', &a);

	for (size_t i = 0; i < n; i++)
		declare(p, a[i], role, group);
	free_list(a, n);
}

struct bv_policy *bv_policy_new(const struct bv_merge_opts *o)
{
	struct bv_policy *p = xcalloc(1, sizeof(*p));
	char **a;
	size_t n;

	declare_list(p, o->required, "required", 0);
	declare_list(p, o->optional, "optional", 0);
	p->ngroups = split(o->alternatives, ';', &p->groups);
	for (size_t g = 0; g < p->ngroups; g++)
		declare_list(p, p->groups[g], "alternative", g + 1);
	/* --kernels-min VER for every program, PROG=VER for one */
	n = split(o->kernels_min, ',', &a);
	p->kmin_all = "";
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(a[i], '=');

		if (!*a[i])
			continue;
		if (!eq) {
			free(p->kmin_all_buf);
			p->kmin_all = p->kmin_all_buf = xstrdup(a[i]);
			continue;
		}
		p->kmin_prog = realloc(p->kmin_prog, (p->nkmin + 1) * sizeof(char *));
		p->kmin_ver = realloc(p->kmin_ver, (p->nkmin + 1) * sizeof(char *));
		if (!p->kmin_prog || !p->kmin_ver)
			abort();
		p->kmin_prog[p->nkmin] = xasprintf("%.*s", (int)(eq - a[i]), a[i]);
		p->kmin_ver[p->nkmin++] = xstrdup(eq + 1);
	}
	free_list(a, n);
	p->konly = o->kernels_only ? o->kernels_only : "";
	return p;
}

void bv_policy_free(struct bv_policy *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nd; i++)
		free(p->d[i].name);
	free(p->d);
	free_list(p->groups, p->ngroups);
	free_list(p->kmin_prog, p->nkmin);
	free_list(p->kmin_ver, p->nkmin);
	free(p->kmin_all_buf);
	free(p);
}

/* The fields of S between runs of non-digits, as awk's split(s, a,
 * /[^0-9]+/): a leading or trailing separator gives an empty field. */
static size_t num_fields(const char *s, char ***out)
{
	size_t n = 0;
	const char *p = s;

	*out = NULL;
	if (!*s)
		return 0;
	for (;;) {
		const char *e = p;

		while (*e >= '0' && *e <= '9')
			e++;
		*out = realloc(*out, (n + 1) * sizeof(**out));
		if (!*out)
			abort();
		(*out)[n++] = xasprintf("%.*s", (int)(e - p), p);
		if (!*e)
			return n;
		while (*e && !(*e >= '0' && *e <= '9'))
			e++;
		p = e;
		if (!*p) {	/* a trailing separator */
			*out = realloc(*out, (n + 1) * sizeof(**out));
			if (!*out)
				abort();
			(*out)[n++] = xstrdup("");
			return n;
		}
	}
}

/* <0, 0, >0 as release A is older, as old, newer than B, comparing B's
 * numeric parts only (6.12 against 6.12.118+deb12: equal). */
static int vercmp(const char *a, const char *b)
{
	char **pa, **pb;
	size_t na = num_fields(a, &pa), nb = num_fields(b, &pb);
	int r = 0;

	for (size_t i = 0; i < nb && !r; i++) {
		double x, y;

		if (!*pb[i])
			continue;
		if (i >= na || !*pa[i]) {
			r = -1;
			break;
		}
		x = strtod(pa[i], NULL);
		y = strtod(pb[i], NULL);
		r = x < y ? -1 : x > y;
	}
	free_list(pa, na);
	free_list(pb, nb);
	return r;
}

/* P names S, or a prefix of it followed by '-', '.' or '+' ("6.12" names
 * 6.12.118+deb12-cloud-amd64). */
static bool names(const char *p, const char *s)
{
	size_t n = strlen(p);

	if (!strcmp(p, s))
		return true;
	return !strncmp(s, p, n) && s[n] && strchr("-.+", s[n]);
}

bool bv_policy_in_range(const struct bv_policy *p, const char *name,
			const char *release, const char *prog)
{
	const char *min = p->kmin_all;
	char **a;
	size_t n;
	bool in = false;

	for (size_t i = 0; i < p->nkmin; i++)
		if (!strcmp(p->kmin_prog[i], prog))
			min = p->kmin_ver[i];
	if (*min && *release && vercmp(release, min) < 0)
		return false;
	if (!*p->konly)
		return true;
	n = split(p->konly, ',', &a);
	for (size_t i = 0; i < n && !in; i++)
		in = *a[i] && (names(a[i], name) || names(a[i], release));
	free_list(a, n);
	return in;
}

char *bv_policy_range_text(const struct bv_merge_opts *o)
{
	const char *min = o->kernels_min ? o->kernels_min : "";
	const char *only = o->kernels_only ? o->kernels_only : "";

	if (*min && *only)
		return xasprintf("kernels older than %s, and kernels other than %s", min, only);
	if (*min)
		return xasprintf("kernels older than %s", min);
	return xasprintf("kernels other than %s", only);
}
