/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * bpf-validate: shared types.  One struct bv_object per input file collects
 * everything the static checks and the verifier run find; report.c prints it.
 */
#ifndef BPF_VALIDATE_H
#define BPF_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <linux/bpf.h>

struct bpf_object;

enum bv_endian { BV_ENDIAN_HOST, BV_ENDIAN_LITTLE, BV_ENDIAN_BIG };

enum bv_format { BV_FMT_TABLE, BV_FMT_JSON, BV_FMT_TAP };

struct bv_opts {
	enum bv_format format;
	enum bv_endian endian;
	bool static_only;
	bool require_kernel;	/* --require-kernel or CI=true */
	const char *require_why;
	int verbose;
	bool compare;		/* --compare: pairs of objects, one per compiler */
	const char *labels[2];	/* --left-label, --right-label */
	char **require;		/* --require PROG: no target is a failure */
	size_t nrequire;
	char **targets;		/* --attach-target PROG=FUNC, as given */
	size_t ntargets;
	bool annotated_load_only;	/* --annotated-load-only */
	bool test_run;		/* --test-run: run the programs annotated __retval */
	const char *json_out;	/* --json-out FILE: the JSON too, beside the table */
	int json_fd;		/* FILE, opened before any load */
};

/* BV_NO_TARGET: the kernel lacks the program's attach target, so its loader
 * switches it off; not a failure unless the program is --require'd. */
enum bv_verdict { BV_NOT_RUN, BV_PASS, BV_REJECTED, BV_REFUSED, BV_NO_TARGET };

/* A growable list of owned strings. */
struct bv_strlist {
	char **v;
	size_t n;
};

/* One line_info record, insn relative to the start of its program. */
struct bv_line {
	uint32_t insn;
	uint32_t line;
	const char *file;	/* points into the object's buffer */
};

struct bv_prog {
	char *name;
	char *section;		/* libbpf's: without a SEC("?...")'s "?" */
	char *elf_section;
	const char *type;	/* libbpf's name of the prog type, or "unknown" */
	bool known_section;
	uint32_t sec_off;	/* byte offset of the program in its section */
	uint32_t sec_size;	/* its bytes in the section */
	uint32_t insn_cnt;	/* instructions before libbpf appends subprogs */

	struct bv_line *lines;	/* sorted by insn */
	size_t nlines;
	bool has_func_info;

	enum bv_verdict verdict;
	long insns, states_total, states_peak, stack_depth, verify_usec;
	long jited_size;
	bool no_target;		/* the kernel lacks its attach target */
	char *attach_target;	/* --attach-target's FUNC, for libbpf */
	char *absent;		/* a kprobe's function the kernel lacks */
	bool switched_off;	/* ... so it is not loaded at all */
	bool required;		/* --require: no target is a failure */
	char *error;		/* one line: why rejected / refused / not run */
	char *source;		/* "file:line" of the failing instruction */
	struct bv_strlist log_tail;	/* verifier's last relevant lines */
	struct bv_annot *annot;	/* the selftests' test tags, or NULL (annot.c) */
	bool annot_load_only;	/* its verdict is its annotated load's alone */
};

struct bv_object {
	const char *path;
	char *fatal;		/* the file is unusable: one-line cause */
	struct bv_strlist errors, warnings;
	long core_relocs;
	bool btf, line_info;
	bool foreign_endian;	/* the host kernel cannot load it */

	struct bv_prog *progs;
	size_t nprogs;
	char *skip;		/* why the kernel did not verify it */
	struct bv_strlist preps;	/* what bv_prepare() changed, one line each */
	struct bv_extern *externs;	/* __ksym externs (externs.c) */
	size_t nexterns;
	int *inner_fds;		/* inner maps bv_prepare() created */
	size_t ninner_fds;
	int exit;		/* 0, 1 or 77 */
};

/* util.c */
void *xcalloc(size_t n, size_t size);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void strlist_add(struct bv_strlist *l, char *owned);
void strlist_addf(struct bv_strlist *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strlist_free(struct bv_strlist *l);
int bv_read_file(const char *path, void **buf, size_t *len, char **cause);

/* lbpf.c: libbpf's print callback, silenced unless -v */
void bv_libbpf_log_init(int verbose);
void bv_libbpf_log_reset(void);
const char *bv_libbpf_first_warning(void);
const char *bv_libbpf_need(const char *warning);	/* NULL: none */
const char *bv_libbpf_failed_prog(void);	/* since the reset */
/* lbpf.c: the object from BUF, libbpf's own, named after O's file */
struct bpf_object *bv_reopen(const struct bv_object *o, const void *buf,
			     size_t len);

/* btfcheck.c */
struct btf;
int bv_btf_sanity(const struct btf *btf, char **why);

/* static.c: never calls bpf(); safe to fuzz. */
int bv_static_check(struct bv_object *o, const void *buf, size_t len,
		    const struct bv_opts *opts, struct bpf_object **objp);

/* verify_rounds.c: the verifier run */
void bv_verify(struct bv_object *o, struct bpf_object *obj,
	       const void *buf, size_t len, const struct bv_opts *opts);
/* verify.c: one program's load, and what it tells */
/* Statistics and error messages only: a few lines. */
#define STATS_LOG_SIZE (64u << 10)
#define LOG_LEVEL_STATS 4
struct bpf_program *bv_nth_prog(struct bpf_object *obj, size_t n);
void bv_passed(struct bv_prog *p, struct bpf_program *prog, const char *log);
void bv_rejected(struct bv_object *o, struct bv_prog *p, const void *buf,
		 size_t len, size_t idx, const char *stats_log);
void bv_rejected_traced(struct bv_object *o, struct bv_prog *p, const char *trace);
void bv_verify_alone(struct bv_object *o, size_t idx, const void *buf,
		     size_t len);

/* ktarget.c: 1 the kernel has it, 0 not, -1 cannot tell */
int bv_kernel_has_btf(const char *name, int kind);
int bv_kernel_has_symbol(const char *name);

/* externs.c: the __ksym externs and the programs using each (static) */
struct bv_elf;
struct bv_extern {
	char *name;
	int kind;		/* BTF_KIND_FUNC or BTF_KIND_VAR */
	size_t sym_off;		/* of its ELF symbol, in the file */
	bool weak;		/* declared __weak: libbpf copes when it is missing */
	bool *users;		/* per program */
};
void bv_find_externs(struct bv_object *o, const struct bv_elf *e,
		     const struct btf *btf);
void bv_externs_free(struct bv_object *o);

/* prep.c: what a loader does to the object before loading it */
void bv_prepare_targets(struct bv_object *o, struct bpf_object *obj,
			const struct bv_opts *opts);
void bv_prepare(struct bv_object *o, struct bpf_object *obj, bool record);
void *bv_missing_externs(struct bv_object *o, const void *buf, size_t len);

/* mapsize.c: the sizes a loader sets where the object leaves 0 */
struct bv_sizes {
	__u32 v[3];		/* key_size, value_size, max_entries */
	char why[3][112];	/* "" where the object's size stays */
};
void bv_loader_sizes(enum bpf_map_type t, __u32 flags, struct bv_sizes *z);
void bv_record_sizes(struct bv_object *o, const struct bv_sizes *z,
		     const char *what, const char *inner);

/* probe.c */
int bv_probe_kernel(char **why);
bool bv_probe_type_refused(enum bpf_prog_type type,
			   enum bpf_attach_type attach, const char *section,
			   const char *target, uint32_t prog_flags, int err);

/* vlog.c */
struct bv_vlog {
	long insns, states_total, states_peak, stack_depth, verify_usec;
	long fail_insn;		/* last instruction index in a level-1 trace */
	char *kernel_source;	/* "file:line" from the kernel's own annotation */
	bool verifier_ran;	/* the log shows the verifier did any work */
};
void bv_vlog_parse(const char *log, struct bv_vlog *v);
void bv_vlog_error_lines(const char *log, struct bv_strlist *out, size_t max);

/* annot.c, annot_run.c, annot_out.c: the selftests' annotations (bpf_misc.h's
 * "comment:" decl tags), read from BTF, loaded as test_loader loads, judged. */
struct bv_annot;
void bv_annot_parse(struct bv_object *o, struct bpf_object *obj);
void bv_annot_verify(struct bv_object *o, const void *buf, size_t len,
		     bool test_run);
bool bv_annot_judged(const struct bv_prog *p);
void bv_annot_free(struct bv_annot *a);
/* -1: judged as a program without tags; 0: no failure; 1: a failure */
int bv_annot_fails(const struct bv_prog *p);
void bv_annot_json(const struct bv_prog *p);
void bv_annot_table(const char *path, const struct bv_prog *p);
bool bv_annot_tap(size_t t, const char *path, const struct bv_prog *p);
void bv_annot_summary(const struct bv_object *objs, size_t n);

/* object.c: the record's destructor */
void bv_object_free(struct bv_object *o);

/* Automake's and meson test's exit for "the kernel cannot verify here" */
#define EXIT_SKIP 77

/* check.c: one object's checks, and its exit status (before CI) */
void bv_check_object(struct bv_object *o, const struct bv_opts *opts);
int bv_object_exit(const struct bv_object *o);

/* compare.c: --compare; returns the exit status */
int bv_compare(char **sides, int nsides, const struct bv_opts *opts);

/* info.c: --info; returns the exit status */
int bv_info(char **paths, int n, bool json);

/* usage.c: --help */
void bv_usage(FILE *f);

/* report.c */
void bv_report(struct bv_object *objs, size_t n, const struct bv_opts *opts,
	       int exit_code);
const char *bv_verdict_str(enum bv_verdict v);

/* json_write.c: a JSON string (null for NULL) or list of them, on stdout */
void bv_json_str(const char *s);
void bv_json_strlist(const struct bv_strlist *l);
void bv_json_ascii(const char *s);

#endif
