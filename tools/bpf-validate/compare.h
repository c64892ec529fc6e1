/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --compare: what pairing (compare.c) hands to the report (compare_report.c). */
#ifndef BV_COMPARE_H
#define BV_COMPARE_H

#include "bpf-validate.h"

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

void cmp_report_table(const struct cmp_row *rows, size_t n,
		      const struct cmp_pair *pairs, size_t npairs,
		      const struct bv_opts *opts);
void cmp_report_json(const struct cmp_row *rows, size_t n,
		     const struct bv_opts *opts, int rc);

#endif
