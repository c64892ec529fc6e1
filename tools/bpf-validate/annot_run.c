// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Loading an annotated program as the selftests' test_loader loads it (its
 * __flag()s over the testing flags the kernel takes, its __log_level, the
 * __auxiliary programs beside it), then judging the load against the
 * annotation: success or failure, the expected messages in the log in
 * order, and __retval through BPF_PROG_TEST_RUN, with --test-run only: a
 * validator loads programs, and running one in the kernel that checks it
 * (the build host's, as root: a syscall program makes bpf() calls of its
 * own) is a choice of its own, which bpf-vm-verify makes in its guests.
 * The program's verdict and figures stay those of the usual run (verify.c),
 * as veristat sees them;
 * with --annotated-load-only that run skips it, and this load, the one its
 * test would make, gives them (one load where there were two or three).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "annot.h"

#ifndef ENOTSUPP
#define ENOTSUPP 524
#endif

#define ANNOT_LOG_SIZE (16u << 20)

/* test_loader's base flags: those of BPF_F_TEST_RND_HI32 and
 * BPF_F_TEST_REG_INVARIANTS the kernel takes for a trivial program. */
static __u32 testing_flags(void)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static const __u32 bits[] = { 4, 128 };
	static int cached = -1;

	if (cached >= 0)
		return cached;
	cached = 0;
	for (size_t i = 0; i < 2; i++) {
		LIBBPF_OPTS(bpf_prog_load_opts, lo, .prog_flags = bits[i]);
		int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "flag_test", "GPL",
				       insns, 2, &lo);

		if (fd >= 0) {
			cached |= bits[i];
			close(fd);
		}
	}
	return cached;
}

/* The first line of a /proc file (whose size stat() says is 0). */
static char *read_line(const char *path)
{
	FILE *f = fopen(path, "re");
	char line[64];
	bool ok;

	if (!f)
		return NULL;
	ok = fgets(line, sizeof(line), f) != NULL;
	fclose(f);
	return ok ? xasprintf("%.*s", (int)strcspn(line, "\n"), line) : NULL;
}

/* Why the annotation does not apply to this kernel, or NULL. */
static char *not_here(const struct bv_annot *a)
{
	static const char *const machines[] = { "x86_64", "aarch64", "riscv64", "s390x", "loongarch64" };
	struct utsname u;
	char *jit;
	bool jited;

	if (a->skip)
		return xasprintf("__skip: %s", a->skip);
	if (a->arch_mask && !uname(&u)) {
		bool here = false;

		for (size_t i = 0; i < 5; i++)
			here |= (a->arch_mask & (1u << i)) && !strcmp(u.machine, machines[i]);
		if (!here)
			return xasprintf("annotated for %s only; this kernel is %s",
					 a->arches, u.machine);
	}
	if (!a->load_mode)
		return NULL;
	jit = read_line("/proc/sys/net/core/bpf_jit_enable");
	jited = !jit || strcmp(jit, "0");
	free(jit);
	if ((a->load_mode == 1) != jited)
		return xasprintf("annotated for a kernel %s the JIT", jited ? "without" : "with");
	return NULL;
}

static char *unpriv_reason(void)
{
	char *v = read_line("/proc/sys/kernel/unprivileged_bpf_disabled");
	char *s = v && strcmp(v, "0") ?
		xasprintf("the unprivileged variant is not loaded (kernel.unprivileged_bpf_disabled is %s)", v) :
		xstrdup("the unprivileged variant is not loaded (bpf-validate loads as root only)");

	free(v);
	return s;
}

/* The log level of the annotated load of P.  As annotated, else 0: libbpf
 * then loads again at level 1 on a failure, and that log is the one the
 * messages are matched in.  Where that second load is all but sure, the
 * load starts at level 1 (the level-0 one cannot change the outcome, and a
 * program that runs the verifier to its limit takes minutes per load in a
 * TCG guest): a program the usual run rejected, unless its annotation
 * sets flags (they may make it load), or, when that run skips it, one
 * annotated __failure. */
static unsigned int annotated_level(const struct bv_prog *p)
{
	const struct bv_annot *a = p->annot;

	if (a->log_level)
		return a->log_level;
	if (p->annot_load_only)
		return a->expect == BV_EXPECT_FAILURE;
	return p->verdict == BV_REJECTED && !a->flags_set && !a->flags_clear;
}

/* Program IDX alone (with the __auxiliary ones), as test_loader loads it,
 * at log level LEVEL. */
static int load_annotated(struct bv_object *o, struct bpf_object *obj,
			  size_t idx, char *log, unsigned int level)
{
	const struct bv_annot *a = o->progs[idx].annot;
	struct bpf_program *prog, *target = NULL;
	size_t i = 0;

	bv_prepare(o, obj, false);
	bpf_object__for_each_program(prog, obj) {
		const struct bv_annot *x = i < o->nprogs ? o->progs[i].annot : NULL;

		bpf_program__set_autoload(prog, i == idx || (x && x->auxiliary && x->priv));
		if (i++ == idx)
			target = prog;
	}
	if (!target)
		return -ENOENT;
	log[0] = '\0';
	bpf_program__set_log_buf(target, log, ANNOT_LOG_SIZE);
	bpf_program__set_log_level(target, level);
	bpf_program__set_flags(target, bpf_program__flags(target) |
			       ((testing_flags() | a->flags_set) & ~a->flags_clear));
	bv_libbpf_log_reset();
	return bpf_object__load(obj);
}

/* BPF_PROG_TEST_RUN as test_loader runs it: 64 bytes of zeros in. */
static void test_run(struct bv_annot *a, const struct bv_prog *p, int fd,
		     bool syscall)
{
	__u8 in[64] = { 0 }, out[256];
	LIBBPF_OPTS(bpf_test_run_opts, t, .data_in = in, .data_size_in = sizeof(in),
		    .data_out = out, .data_size_out = sizeof(out), .repeat = 1);
	LIBBPF_OPTS(bpf_test_run_opts, bare);
	int err = bpf_prog_test_run_opts(fd, syscall ? &bare : &t);

	if (err && (errno == ENOTSUPP || errno == EOPNOTSUPP)) {
		strlist_addf(&a->unchecked, "__retval (the kernel has no test run for %s programs)",
			     p->type);
		return;
	}
	if (err) {
		a->result = BV_AR_DIFFERS;
		a->why = xasprintf("__retval: the test run failed: %s", strerror(errno));
		return;
	}
	a->ran = true;
	a->got_retval = (int)(syscall ? bare.retval : t.retval);
	if (!a->any_retval && a->got_retval != a->retval) {
		a->result = BV_AR_DIFFERS;
		a->why = xasprintf("__retval(%lld), but the test run returned %lld",
				   a->retval, a->got_retval);
	}
}

static char *rejected_why(const char *log)
{
	struct bv_strlist l = { 0 };
	const char *w = bv_libbpf_first_warning();
	char *s;

	bv_vlog_error_lines(log, &l, 1);
	s = l.n ? xasprintf("annotated __success, but rejected: %s", l.v[0]) :
		  xasprintf("annotated __success, but the load failed before verification%s%s",
			    w ? ": " : "", w ? w : "");
	strlist_free(&l);
	return s;
}

static char *as_annotated(const struct bv_annot *a, int err)
{
	size_t neg = 0;
	char ret[48] = "";

	for (size_t i = 0; i < a->nmsgs; i++)
		neg += a->msgs[i].negative;
	if (a->ran)
		snprintf(ret, sizeof(ret), ", returned %lld", a->got_retval);
	return xasprintf("%s%s; %zu expected message%s in the log in order, %zu unexpected absent",
			 err ? "rejected" : "loaded", ret, a->nmsgs - neg,
			 a->nmsgs - neg == 1 ? "" : "s", neg);
}

/* A program not loaded (its verdict says why) is not judged. */
static void not_loaded(struct bv_annot *a, const struct bv_prog *p)
{
	free(a->why);
	a->result = BV_AR_NOT_RUN;
	a->why = xasprintf("not loaded: %s", p->error ? p->error : "no kernel verified it");
}

/* The annotated load of program IDX into *OBJP and LOG, at the level
 * annotated_level() chooses (*LEVEL).  Where that chose level 1 for a
 * program the kernel then took, and its trace overflowed the log (ENOSPC,
 * which a level-0 load never gets), it is loaded again at level 0, the
 * load it stands for. */
static int load_judged(struct bv_object *o, size_t idx, const void *buf,
		       size_t len, char *log, struct bpf_object **objp,
		       unsigned int *level)
{
	const struct bv_prog *p = &o->progs[idx];
	int err = -ENOMEM;

	*level = annotated_level(p);
	*objp = bv_reopen(o, buf, len);
	if (*objp && log)
		err = load_annotated(o, *objp, idx, log, *level);
	if (err != -ENOSPC || p->annot->log_level || !*level)
		return err;
	bpf_object__close(*objp);
	*level = 0;
	*objp = bv_reopen(o, buf, len);
	return *objp ? load_annotated(o, *objp, idx, log, *level) : -ENOMEM;
}

/* With --annotated-load-only: the program's verdict and figures, from its
 * annotated load: LOG holds the trace of a failure unless LEVEL asked for
 * the statistics alone (at 0, libbpf loaded again at 1).  A program its
 * loader would switch off (no-target) is not judged, as without it. */
static void own_verdict(struct bv_object *o, size_t idx, const void *buf,
			size_t len, struct bpf_object *obj, const char *log,
			unsigned int level, int err)
{
	struct bv_prog *p = &o->progs[idx];

	if (!err)
		bv_passed(p, bv_nth_prog(obj, idx), log);
	else if (log[0] && (!level || (level & 3)))
		bv_rejected_traced(o, p, log);
	else if (log[0])
		bv_rejected(o, p, buf, len, idx, log);
	else	/* refused before the verifier: the usual load says why */
		bv_verify_alone(o, idx, buf, len);
	if (p->verdict != BV_PASS && p->verdict != BV_REJECTED)
		not_loaded(p->annot, p);
}

static void judge(struct bv_object *o, size_t idx, const void *buf, size_t len,
		  bool run)
{
	struct bv_prog *p = &o->progs[idx];
	struct bv_annot *a = p->annot;
	struct bpf_object *obj;
	char *log = malloc(ANNOT_LOG_SIZE);
	unsigned int level;
	int err = load_judged(o, idx, buf, len, log, &obj, &level);

	a->result = BV_AR_AS_ANNOTATED;
	if (!log || !obj) {
		a->result = BV_AR_NOT_RUN;
		a->why = xstrdup("the object could not be opened again");
	} else if (!err && a->expect == BV_EXPECT_FAILURE) {
		a->result = BV_AR_DIFFERS;
		a->why = xstrdup("annotated __failure, but the verifier accepted it");
	} else if (err && a->expect == BV_EXPECT_SUCCESS) {
		a->result = BV_AR_DIFFERS;
		a->why = rejected_why(log);
	} else if (!bv_annot_msgs_match(a, log, &a->why)) {
		a->result = BV_AR_DIFFERS;
	} else if (!err && a->execute && !run) {
		strlist_add(&a->unchecked, xstrdup("__retval (not run: bpf-validate runs programs only with --test-run; judged by its load alone)"));
	} else if (!err && a->execute) {
		test_run(a, p, bpf_program__fd(bpf_object__find_program_by_name(obj, p->name)),
			 !strcmp(p->type, "syscall"));
	}
	if (a->result == BV_AR_AS_ANNOTATED)
		a->why = as_annotated(a, err);
	if (p->annot_load_only && log && obj)
		own_verdict(o, idx, buf, len, obj, log, level, err);
	bpf_object__close(obj);
	free(log);
}

/* Whether annotation A is judged by a load here; if not, the result it
 * gets instead in *RESULT and why in *WHY (NULL where none is said). */
static bool judged_here(const struct bv_annot *a, enum bv_aresult *result,
			char **why)
{
	*why = NULL;
	if (a->bad) {
		*result = BV_AR_DIFFERS;
		*why = xasprintf("the annotation cannot be read: %s", a->bad);
	} else if (a->auxiliary) {
		*result = BV_AR_AUXILIARY;
	} else if (!a->priv) {
		*result = BV_AR_NOT_CHECKED;
		*why = xstrdup("only its unprivileged variant is annotated");
	} else if ((*why = not_here(a))) {
		*result = BV_AR_NOT_APPLICABLE;
	} else {
		return true;
	}
	return false;
}

/* Whether bv_annot_verify() loads P as annotated (given a verdict). */
bool bv_annot_judged(const struct bv_prog *p)
{
	enum bv_aresult result;
	char *why;
	bool judged;

	if (!p->annot)
		return false;
	judged = judged_here(p->annot, &result, &why);
	free(why);
	return judged;
}

void bv_annot_verify(struct bv_object *o, const void *buf, size_t len,
		     bool test_run)
{
	for (size_t i = 0; i < o->nprogs; i++) {
		struct bv_prog *p = &o->progs[i];
		struct bv_annot *a = p->annot;

		if (!a)
			continue;
		if (a->unpriv)
			strlist_add(&a->unchecked, unpriv_reason());
		if (!judged_here(a, &a->result, &a->why))
			continue;
		if (p->verdict == BV_PASS || p->verdict == BV_REJECTED || p->annot_load_only)
			judge(o, i, buf, len, test_run);
		else
			not_loaded(a, p);
	}
}
