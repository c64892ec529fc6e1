// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The verifier run, in rounds.  A round loads every program not yet judged
 * in one bpf_object__load, as a skeleton's loader loads them.  libbpf
 * loads them in order and stops at the first the kernel refuses, and names
 * it: that one is judged from its own log, the ones before it passed, and
 * the next round starts after it.  The programs that passed in a round
 * that failed are loaded together once more at the end, for their JIT
 * sizes (libbpf closes every program of a failed load).
 *
 * So an object costs a load per rejected program and two more, where
 * loading each program alone (veristat's way) costs one per program and
 * verifies the first rejected one twice: each load parses the kernel's
 * BTF again (a third of the time on a host), and a program that runs the
 * verifier to its limit takes minutes in a TCG guest.  Where libbpf does
 * not name the program (the object failed before or after the programs'
 * loads), each is loaded on its own.  Then the annotated programs are
 * judged (annot_run.c); with --annotated-load-only, those judged get no
 * load here: their annotated load alone gives their verdict.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "bpf-validate.h"

enum state { SKIP, TODO, PASSED_UNLOADED, DONE };

struct rounds {
	struct bv_object *o;
	const void *buf;
	size_t len;
	enum state *st;
	char **logs;
};

static bool any(const struct rounds *r, enum state s)
{
	for (size_t i = 0; i < r->o->nprogs; i++)
		if (r->st[i] == s)
			return true;
	return false;
}

/* Load the programs in state WANT together; true if the object loaded. */
static bool load_round(struct rounds *r, struct bpf_object *obj,
		       enum state want, bool record)
{
	struct bpf_program *prog;
	size_t i = 0;

	bv_prepare(r->o, obj, record);
	bpf_object__for_each_program(prog, obj) {
		bool load = i < r->o->nprogs && r->st[i] == want;

		bpf_program__set_autoload(prog, load);
		if (load) {
			r->logs[i][0] = '\0';
			bpf_program__set_log_buf(prog, r->logs[i], STATS_LOG_SIZE);
			bpf_program__set_log_level(prog, LOG_LEVEL_STATS);
		}
		i++;
	}
	bv_libbpf_log_reset();
	return !bpf_object__load(obj);
}

/* The index of the program libbpf says the kernel refused, or -1. */
static long failed_index(const struct rounds *r, struct bpf_object *obj)
{
	const char *name = bv_libbpf_failed_prog();
	struct bpf_program *prog;
	long i = 0;

	bpf_object__for_each_program(prog, obj) {
		if (name && (size_t)i < r->o->nprogs && r->st[i] == TODO &&
		    !strcmp(bpf_program__name(prog), name))
			return i;
		i++;
	}
	return -1;
}

/* Those in state S loaded: each passed, with its own statistics. */
static void all_passed(struct rounds *r, struct bpf_object *obj, enum state s)
{
	for (size_t i = 0; i < r->o->nprogs; i++)
		if (r->st[i] == s) {
			bv_passed(&r->o->progs[i], bv_nth_prog(obj, i), r->logs[i]);
			r->st[i] = DONE;
		}
}

/* The rounds; they stop early where libbpf does not name the program it
 * stopped at. */
static void run_rounds(struct rounds *r, struct bpf_object *obj)
{
	bool record = true;

	while (any(r, TODO)) {
		long f;

		if (!obj && !(obj = bv_reopen(r->o, r->buf, r->len)))
			return;
		if (load_round(r, obj, TODO, record)) {
			all_passed(r, obj, TODO);
			break;
		}
		record = false;
		f = failed_index(r, obj);
		bpf_object__close(obj);
		obj = NULL;
		if (f < 0)
			return;
		for (long i = 0; i < f; i++)
			if (r->st[i] == TODO)
				r->st[i] = PASSED_UNLOADED;
		if (r->logs[f][0])
			bv_rejected(r->o, &r->o->progs[f], r->buf, r->len, f, r->logs[f]);
		else	/* refused before the verifier: the errno's cause */
			bv_verify_alone(r->o, f, r->buf, r->len);
		r->st[f] = DONE;
	}
	bpf_object__close(obj);
	if (!any(r, PASSED_UNLOADED))
		return;
	obj = bv_reopen(r->o, r->buf, r->len);
	if (obj && load_round(r, obj, PASSED_UNLOADED, false))
		all_passed(r, obj, PASSED_UNLOADED);
	bpf_object__close(obj);
}

/* Every program judged; closes OBJ. */
static void verify_rounds(struct bv_object *o, struct bpf_object *obj,
			  const void *buf, size_t len, bool annotated_load_only)
{
	struct rounds r = {
		.o = o, .buf = buf, .len = len,
		.st = xcalloc(o->nprogs, sizeof(*r.st)),
		.logs = xcalloc(o->nprogs, sizeof(*r.logs)),
	};

	for (size_t i = 0; i < o->nprogs; i++)
		if (o->progs[i].known_section && !o->progs[i].switched_off) {
			o->progs[i].annot_load_only = annotated_load_only &&
						      bv_annot_judged(&o->progs[i]);
			if (o->progs[i].annot_load_only)
				continue;
			r.st[i] = TODO;
			r.logs[i] = xcalloc(1, STATS_LOG_SIZE);
		}
	run_rounds(&r, obj);
	/* What the rounds left undecided, each on its own. */
	for (size_t i = 0; i < o->nprogs; i++) {
		if (r.st[i] == TODO || r.st[i] == PASSED_UNLOADED)
			bv_verify_alone(o, i, buf, len);
		free(r.logs[i]);
	}
	free(r.logs);
	free(r.st);
}

void bv_verify(struct bv_object *o, struct bpf_object *obj,
	       const void *buf, size_t len, const struct bv_opts *opts)
{
	char *why = NULL;
	void *patched = NULL;

	if (opts->static_only || !o->nprogs)
		goto out;
	bv_annot_parse(o, obj);
	if (o->foreign_endian) {
		o->skip = xstrdup("the object's byte order is not the host kernel's");
		goto out;
	}
	if (bv_probe_kernel(&why)) {
		o->skip = why;
		goto out;
	}
	bv_prepare_targets(o, obj, opts);
	patched = bv_missing_externs(o, buf, len);
	if (patched) {
		/* The static checks' object holds the extern as it was. */
		bpf_object__close(obj);
		buf = patched;
		obj = bv_reopen(o, buf, len);
		if (!obj) {
			o->skip = xasprintf("libbpf cannot open the object with its missing externs made weak (%s)",
					    strerror(errno));
			goto out;
		}
	}
	verify_rounds(o, obj, buf, len, opts->annotated_load_only);
	obj = NULL;
	/* A kprobe without its function keeps its verdict: it loads (its
	 * loader attaches it elsewhere, or not), and p->absent says why. */
	for (size_t i = 0; i < o->nprogs; i++)
		if (o->progs[i].switched_off)
			o->progs[i].verdict = BV_NO_TARGET;
	bv_annot_verify(o, buf, len, opts->test_run);
out:
	bpf_object__close(obj);
	free(patched);
}
