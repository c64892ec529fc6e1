/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* --core-check (bpf-core-check's body): the object's CO-RE relocations
 * (info.c), bpftool's log of them per kernel (core_log.c), the table and
 * the JSON (core_out.c). */
#ifndef BV_CORE_H
#define BV_CORE_H

#include <stdbool.h>
#include <stddef.h>

/* One CO-RE relocation the object holds, as --info prints it. */
struct bv_core_have {
	char *sec, *kind, *prog, *src;	/* prog, src: "" when unknown */
	unsigned long long idx;
};

struct bv_core_obj {
	const char *path;
	char *error;			/* --info's ERROR, or NULL */
	struct bv_core_have *have;
	size_t nhave;
};

/* One relocation bpftool's log names, with its status: ok, absent,
 * failed or guarded. */
struct bv_core_rel {
	char *sec, *kind, *spec, *result;
	const char *prog, *src, *status;	/* prog, src: the object's */
	unsigned long long idx;
	bool matched;
};

/* One object on one kernel. */
struct bv_core_run {
	char *error;			/* NULL when none */
	struct bv_core_rel *rels;
	size_t nrels;
};

/* info.c */
void bv_info_core(struct bv_core_obj *o);
void bv_core_obj_free(struct bv_core_obj *o);
/* core_log.c: RUN from the log bpftool wrote (LOG: stdout then stderr)
 * and its exit RC; BPFTOOL names it in the error. */
void bv_core_analyze(struct bv_core_run *run, const struct bv_core_obj *o,
		     const char *log, int rc, const char *bpftool);
void bv_core_run_free(struct bv_core_run *run);
/* core_out.c: runs[o * nk + k]; exit 0 or 1. */
int bv_core_table(const struct bv_core_obj *objs, size_t nobj, char **knames,
		  size_t nk, const struct bv_core_run *runs);
int bv_core_json(const struct bv_core_obj *objs, size_t nobj, char **knames,
		 size_t nk, const struct bv_core_run *runs);
/* core_check.c */
int bv_core_check(int argc, char **argv);

#endif
