/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The selftests' annotations of one program, as the kernel's bpf_misc.h
 * writes them: BTF decl tags "comment:..." on the program's FUNC, in three
 * spellings over the kernel's history ("comment:test_expect_msg=M" before
 * 6.12, "comment:test_expect_msg=N=M" from 6.12, "comment:N:test_..." in
 * 7.x; N is __COUNTER__, which gives the messages their source order).
 */
#ifndef BV_ANNOT_H
#define BV_ANNOT_H

#include <regex.h>

#include "bpf-validate.h"

enum bv_expect { BV_EXPECT_NONE, BV_EXPECT_SUCCESS, BV_EXPECT_FAILURE };

/* What the annotated load showed, against the annotation. */
enum bv_aresult {
	BV_AR_NOT_RUN,		/* the kernel did not verify the object */
	BV_AR_AS_ANNOTATED,
	BV_AR_DIFFERS,
	BV_AR_NOT_APPLICABLE,	/* __arch_*, __load_if_JITed, __skip: not here */
	BV_AR_NOT_CHECKED,	/* only unprivileged variants, not loaded */
	BV_AR_AUXILIARY,	/* loaded with the others, not a test itself */
};

struct bv_amsg {
	char *text;		/* as annotated, for the report */
	long key;		/* source order */
	bool negative;		/* __not_msg */
	bool is_regex;
	regex_t re;
};

struct bv_annot {
	enum bv_expect expect;		/* privileged */
	bool priv, unpriv;		/* which modes the tags ask for */
	bool auxiliary;
	struct bv_amsg *msgs;
	size_t nmsgs;
	bool execute;			/* __retval */
	bool any_retval;		/* POINTER_VALUE: any value will do */
	long long retval;
	int log_level;
	__u32 flags_set, flags_clear;	/* __flag(X), __flag(!X) */
	unsigned int arch_mask;		/* 0: every architecture */
	char *arches;			/* their names, for the report */
	int load_mode;			/* 0 any, 1 JIT only, 2 interpreter only */
	char *description;
	char *skip;			/* __skip's reason */
	char *bad;			/* a tag test_loader could not parse */
	struct bv_strlist unchecked;	/* tags honoured nowhere here, and why */

	/* the judgement */
	enum bv_aresult result;
	char *why;			/* one line */
	long long got_retval;
	bool ran;			/* the test run gave got_retval */
};

/* annot.c: the annotation of program FUNC, or NULL: it has no tags */
struct btf;
struct bv_annot *bv_annot_read(const struct btf *btf, const char *func);

/* annot_msgs.c: message PAT of tag TAG compiled (NULL, or why it cannot be
 * matched); the log matched against the messages */
char *bv_annot_msg_compile(struct bv_amsg *m, const char *tag, const char *pat,
			   bool whole_regex);
bool bv_annot_msgs_match(const struct bv_annot *a, const char *log,
			 char **why);

/* annot_out.c */
const char *bv_aresult_str(enum bv_aresult r);

#endif
