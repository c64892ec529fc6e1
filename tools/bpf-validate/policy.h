/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What policy.c (the declarations) and policy_eval.c (the verdicts) share. */
#ifndef BV_POLICY_H
#define BV_POLICY_H

#include <stddef.h>

struct decl {
	char *name;
	const char *role;
	int group;		/* alternatives: 1.., else 0 */
};

struct bv_policy {
	struct decl *d;		/* in declaration order; a later one wins */
	size_t nd;
	char **groups;		/* each group's text, "P,Q" */
	size_t ngroups;
	char **kmin_prog, **kmin_ver;	/* --kernels-min PROG=VERSION */
	size_t nkmin;
	const char *kmin_all;
	char *kmin_all_buf;
	const char *konly;
};

/* The declaration of program NAME, the last one given; NULL if none. */
struct decl *bv_policy_find(const struct bv_policy *p, const char *name);
#endif
