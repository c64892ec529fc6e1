// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The verifier's judgement of one program: a load alone, as veristat
 * loads it, and what a pass or a rejection tells (verify_rounds.c loads
 * the programs together first).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "bpf-validate.h"
#include "compat.h"

#ifndef ENOTSUPP
#define ENOTSUPP 524	/* kernel-internal, but bpf() returns it */
#endif

/* A full trace for locating the failing instruction; since 6.4 the kernel
 * keeps the log's tail when this overflows, and the tail is what we want. */
#define TRACE_LOG_SIZE (16u << 20)

#define LOG_LEVEL_TRACE 1

struct bpf_program *bv_nth_prog(struct bpf_object *obj, size_t n)
{
	struct bpf_program *prog;

	bpf_object__for_each_program(prog, obj)
		if (n-- == 0)
			return prog;
	return NULL;
}

static void take_stats(struct bv_prog *p, const struct bv_vlog *v)
{
	p->insns = v->insns;
	p->states_total = v->states_total;
	p->states_peak = v->states_peak;
	p->stack_depth = v->stack_depth;
	p->verify_usec = v->verify_usec;
}

void bv_passed(struct bv_prog *p, struct bpf_program *prog, const char *log)
{
	struct bpf_prog_info info;
	struct bv_vlog v;

	bv_vlog_parse(log, &v);
	take_stats(p, &v);
	free(v.kernel_source);
	memset(&info, 0, sizeof(info));
	if (!bv_prog_info(bpf_program__fd(prog), &info)) {
		p->jited_size = info.jited_prog_len;
		/* A load without a log (level 0) has the count in its info
		 * (kernel 5.16 on; 0 before). */
		if (p->insns < 0 && info.verified_insns)
			p->insns = info.verified_insns;
	}
	p->verdict = BV_PASS;
}

/* "././dir/f.bpf.c" -> "dir/f.bpf.c": -ffile-prefix-map=SRCDIR=. turns
 * the compiler's "./dir/f.bpf.c" into that; the "./" says nothing. */
static const char *tidy_path(const char *path)
{
	while (path[0] == '.' && path[1] == '/') {
		path += 2;
		while (*path == '/')
			path++;
	}
	return path;
}

/* The source line of instruction INSN of P, from the object's .BTF.ext line
 * info.  Instructions past the program's own belong to subprograms libbpf
 * appended; for those the kernel's own annotation is the fallback. */
static char *source_of(const struct bv_prog *p, long insn,
		       const char *kernel_source)
{
	const struct bv_line *best = NULL;

	if (insn >= 0 && insn < (long)p->insn_cnt)
		for (size_t i = 0; i < p->nlines; i++)
			if (p->lines[i].insn <= insn &&
			    (!best || p->lines[i].insn >= best->insn))
				best = &p->lines[i];
	if (best)
		return xasprintf("%s:%u", tidy_path(best->file), best->line);
	return kernel_source ? xstrdup(tidy_path(kernel_source)) : NULL;
}

/* Load program IDX alone, with log level LEVEL into LOG; returns -errno. */
static int load_one(struct bv_object *o, const void *buf, size_t len,
		    size_t idx, unsigned int level, char *log, size_t log_size,
		    struct bpf_object **objp)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	size_t i = 0;
	int err;

	*objp = NULL;
	bv_libbpf_log_reset();
	obj = bv_reopen(o, buf, len);
	if (!obj)
		return -errno;
	bv_prepare(o, obj, false);
	bpf_object__for_each_program(prog, obj)
		bpf_program__set_autoload(prog, i++ == idx);
	prog = bv_nth_prog(obj, idx);
	log[0] = '\0';
	bpf_program__set_log_buf(prog, log, log_size);
	bpf_program__set_log_level(prog, level);
	err = bpf_object__load(obj);
	*objp = obj;
	return err;
}

/* A call to a weak __ksym the kernel lacks: libbpf (1.3 and later) leaves
 * it unresolved, "poisoned", and names it in the log.  sid's bpf_helpers.h
 * declares the iterator kfuncs weak, so a program's own non-weak extern
 * (externs.c's case) becomes weak too.  Either way the kernel has no such
 * target: no-target, as for the non-weak extern. */
static void unresolved_kfunc(struct bv_prog *p, const char *log)
{
	static const char head[] = "kfunc '", tail[] = "' is referenced but wasn't resolved";
	const char *k = strstr(log, head), *end;

	if (!k)
		return;
	k += sizeof(head) - 1;
	end = strstr(k, tail);
	if (!end || memchr(k, '\n', end - k))
		return;
	p->verdict = BV_NO_TARGET;
	free(p->error);
	p->error = xasprintf("the kernel has no kfunc %.*s (a weak extern __ksym: libbpf left its call unresolved)",
			     (int)(end - k), k);
}

/* A program the verifier rejected that calls a weak kfunc the kernel lacks
 * (libbpf before 1.2 leaves the call unresolved, and the verifier fails on
 * it with no word of the kfunc): its loader switches it off there. */
static void missing_weak_kfunc(const struct bv_object *o, struct bv_prog *p)
{
	size_t k = (size_t)(p - o->progs);

	for (size_t i = 0; i < o->nexterns; i++) {
		const struct bv_extern *x = &o->externs[i];

		if (!x->weak || x->kind != BTF_KIND_FUNC || !x->users[k] ||
		    bv_kernel_has_btf(x->name, x->kind) != 0)
			continue;
		p->verdict = BV_NO_TARGET;
		free(p->error);
		p->error = xasprintf("the kernel has no kfunc %s (a weak extern __ksym the program calls unguarded); its loader switches it off",
				     x->name);
		return;
	}
}

/* The verdict, figures and error line of a rejection, from its log; true
 * if the verifier stopped at its complexity limit, where no one
 * instruction fails. */
static bool rejected_head(struct bv_prog *p, const char *log)
{
	struct bv_strlist first = { 0 };
	struct bv_vlog v;

	p->verdict = BV_REJECTED;
	bv_vlog_parse(log, &v);
	take_stats(p, &v);
	free(v.kernel_source);
	bv_vlog_error_lines(log, &first, 1);
	free(p->error);
	p->error = first.n ? xstrdup(first.v[0]) : xstrdup("rejected by the verifier");
	strlist_free(&first);
	if (!strstr(log, "BPF program is too large"))
		return false;
	strlist_add(&p->log_tail, xstrdup(p->error));
	return true;
}

/* What the instruction trace of a rejection tells: where it failed. */
static void rejected_trace(struct bv_object *o, struct bv_prog *p, const char *trace)
{
	struct bv_vlog v;

	bv_vlog_parse(trace, &v);
	free(p->source);
	p->source = source_of(p, v.fail_insn, v.kernel_source);
	free(v.kernel_source);
	bv_vlog_error_lines(trace, &p->log_tail, 4);
	unresolved_kfunc(p, trace);
	if (p->verdict == BV_REJECTED)
		missing_weak_kfunc(o, p);
}

void bv_rejected(struct bv_object *o, struct bv_prog *p, const void *buf,
		 size_t len, size_t idx, const char *stats_log)
{
	struct bpf_object *obj;
	char *trace;

	/* Again with the instruction trace, to find the failing instruction;
	 * not at the complexity limit: tracing a million instructions takes
	 * ten seconds here (minutes in a TCG guest). */
	if (rejected_head(p, stats_log))
		return;
	trace = malloc(TRACE_LOG_SIZE);
	if (!trace)
		return;
	load_one(o, buf, len, idx, LOG_LEVEL_TRACE | LOG_LEVEL_STATS, trace,
		 TRACE_LOG_SIZE, &obj);
	bpf_object__close(obj);
	rejected_trace(o, p, trace);
	free(trace);
}

/* A rejection whose log already holds the instruction trace. */
void bv_rejected_traced(struct bv_object *o, struct bv_prog *p, const char *trace)
{
	if (!rejected_head(p, trace))
		rejected_trace(o, p, trace);
}

static bool maybe_refused_errno(int err)
{
	return err == EPERM || err == EACCES || err == ENOTSUPP ||
	       err == EOPNOTSUPP || err == EINVAL;
}

void bv_verify_alone(struct bv_object *o, size_t idx, const void *buf,
		     size_t len)
{
	struct bv_prog *p = &o->progs[idx];
	struct bpf_program *prog;
	struct bpf_object *obj;
	char *log = xcalloc(1, STATS_LOG_SIZE);
	int err;

	err = load_one(o, buf, len, idx, LOG_LEVEL_STATS, log, STATS_LOG_SIZE,
		       &obj);
	prog = obj ? bv_nth_prog(obj, idx) : NULL;
	if (!err && prog) {
		bv_passed(p, prog, log);
	} else if (log[0]) {
		bv_rejected(o, p, buf, len, idx, log);
	} else if (prog && maybe_refused_errno(-err) &&
		   bv_probe_type_refused(bpf_program__type(prog),
					 bpf_program__expected_attach_type(prog),
					 p->section, p->attach_target,
					 bpf_program__flags(prog),
					 -err)) {
		/* The kernel refused before verifying, and refuses a
		 * trivial program of the same type and target alike. */
		p->verdict = BV_REFUSED;
		free(p->error);
		p->error = xasprintf("host kernel refuses %s programs (%s even for a trivial one)",
				     p->type, strerror(-err));
	} else {
		const char *w = bv_libbpf_first_warning(), *need = bv_libbpf_need(w);

		p->verdict = BV_REJECTED;
		free(p->error);
		p->error = xasprintf("load failed before verification: %s%s%s",
				     w ? w : strerror(-err), need ? ": " : "",
				     need ? need : "");
	}
	bpf_object__close(obj);
	free(log);
}
