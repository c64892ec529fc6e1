/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --merge: the per-kernel bpf-validate --json documents (of VM boots, or of
 * files given as NAME=FILE) as one program x kernel table or JSON document,
 * decided per program by a policy (policy.c) when asked.
 */
#ifndef BV_MERGE_H
#define BV_MERGE_H

#include <stdbool.h>
#include <stddef.h>

#include "json.h"

struct bv_merge_opts {
	bool json, require_kernel, policy;
	const char *host_json;	/* the host's document: the "host" column */
	const char *boot_dir;	/* bpf-vm-verify's work files k1.* .. kN.* */
	int boots;
	char **guest_objs;	/* /objs/N/BASE in a guest is guest_objs[N-1] */
	size_t nguest_objs;
	const char *only;	/* --object: only the objects of this base name */
	/* the policy's declarations, as bpf-vm-verify takes them */
	char *required, *optional, *alternatives;
	const char *kernels_min, *kernels_only;
};

/* One column: a kernel (index 0 is the host when given). */
struct bv_mkernel {
	char *name, *vmlinuz, *release, *lsm, *secs, *error;
	bool has_release, has_lsm, from_boot;
	long exit;
	struct bv_jval *doc;	/* its bpf-validate --json, or NULL */
	struct bv_jval *objects;	/* doc's "objects" when an array */
	char **stderr_lines;
	size_t nstderr;
};

/* One row: OBJECT PROGRAM SECTION, its verdict per kernel. */
struct bv_mrow {
	char *object, *program, *section;
	char **cell;		/* per kernel; NULL: no verdict */
	const char *role;	/* default, required, optional, alternative */
	bool fail, nowhere;	/* nowhere: no kernel in range verified it */
	char *why;
	char *note;		/* reported, not failed */
	char *host_refused;	/* the type of program the host refuses, or NULL */
	char *host_path;	/* then the object's path, as the host's report names it */
};

struct bv_merge {
	const struct bv_merge_opts *opts;
	struct bv_mkernel *k;	/* k[first..count] */
	int first, count;
	struct bv_mrow *rows;
	size_t nrows;
	char **details;
	size_t ndetails;
	char **noprog;		/* names the policy declares that no row has */
	size_t nnoprog;
	int nfail, exit;
};

/* policy.c */
struct bv_policy;
struct bv_policy *bv_policy_new(const struct bv_merge_opts *o);
void bv_policy_free(struct bv_policy *p);
bool bv_policy_in_range(const struct bv_policy *p, const char *name,
			const char *release, const char *prog);
/* Sets each row's role, fail and why, and m->noprog; returns the failures. */
int bv_policy_eval(const struct bv_policy *p, struct bv_merge *m);
/* "kernels older than V, and kernels other than L" */
char *bv_policy_range_text(const struct bv_merge_opts *o);

/* merge_out.c */
void bv_merge_print_json(const struct bv_merge *m);
void bv_merge_print_table(const struct bv_merge *m);

/* merge_read.c: boot N of --boot-dir, or the document FILE, into K; the
 * latter says why (one line) and returns false when it cannot be used */
void bv_merge_read_boot(struct bv_mkernel *k, const struct bv_merge_opts *o, int n);
bool bv_merge_read_doc(struct bv_mkernel *k, const char *name, const char *file);

/* merge.c: returns the exit status */
int bv_merge(char **inputs, int ninputs, struct bv_merge_opts *opts);

/* annot_merge.c: a program's cell and cause, its annotation considered */
const char *bv_annot_cell(const struct bv_jval *prog);
const char *bv_annot_error(const struct bv_jval *prog);

#endif
