// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading the selftests' annotations (annot.h) from an object's BTF.  It
 * never calls bpf(): the static part, which the fuzzer links.  The meaning of
 * each tag is the kernel's test_loader's: the last of __success/__failure
 * wins, no tag of a mode means a privileged load expected to succeed,
 * messages match in their source order, each after the previous one.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "annot.h"

/* One tag of a FUNC: the text after "comment:" and, when the tag has one,
 * its __COUNTER__ (7.x: "comment:N:..."). */
struct tag {
	const char *s;
	long key;
};

static int by_key(const void *a, const void *b)
{
	const struct tag *x = a, *y = b;

	return (x->key > y->key) - (x->key < y->key);
}

/* "123:rest" -> 123, *rest; -1 when S does not start so. */
static long counter_prefix(const char *s, char sep, const char **rest)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return -1;
	n = strtol(s, &end, 10);
	if (*end != sep)
		return -1;
	*rest = end + 1;
	return n;
}

/* The "comment:" decl tags of FUNC_ID, in source order. */
static struct tag *func_tags(const struct btf *btf, int func_id, size_t *n)
{
	struct tag *tags = NULL;
	size_t cnt = 0;

	for (__u32 i = 1; i < btf__type_cnt(btf); i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const char *s, *rest;
		long key;

		if (!btf_is_decl_tag(t) || t->type != (__u32)func_id ||
		    btf_decl_tag(t)->component_idx != -1)
			continue;
		s = btf__name_by_offset(btf, t->name_off);
		if (!s || strncmp(s, "comment:", 8))
			continue;
		s += 8;
		key = counter_prefix(s, ':', &rest);
		tags = realloc(tags, (cnt + 1) * sizeof(*tags));
		if (!tags)
			abort();
		/* Without a counter, BTF order is the compiler's order of
		 * the attributes, which test_loader trusted before 7.x; such
		 * keys stay above any counter. */
		tags[cnt].s = key >= 0 ? rest : s;
		tags[cnt].key = key >= 0 ? key : (1L << 30) + i;
		cnt++;
	}
	if (cnt)
		qsort(tags, cnt, sizeof(*tags), by_key);
	*n = cnt;
	return tags;
}

static void push_msg(struct bv_annot *a, const char *v, bool negative,
		     bool regex, long key)
{
	struct bv_amsg *m;
	const char *rest;
	long k = counter_prefix(v, '=', &rest);
	char *why;

	/* 6.12 to 7.0: "test_expect_msg=N=TEXT", N the __COUNTER__ (a tag
	 * with a 7.x counter has none). */
	if (k >= 0 && key >= 1L << 30) {
		v = rest;
		key = k;
	}
	a->msgs = realloc(a->msgs, (a->nmsgs + 1) * sizeof(*a->msgs));
	if (!a->msgs)
		abort();
	m = &a->msgs[a->nmsgs++];
	memset(m, 0, sizeof(*m));
	m->text = xstrdup(v);
	m->key = key;
	m->negative = negative;
	if (!regex && !strstr(v, "{{"))
		return;
	why = bv_annot_msg_compile(m, regex ? "__regex" : negative ? "__not_msg" : "__msg", v, regex);
	if (why && !a->bad)
		a->bad = why;
	else
		free(why);
}

static bool parse_num(const char *v, long long *out)
{
	bool neg = *v == '-';
	char *end;

	v += neg;
	if (!*v)
		return false;
	*out = !strncmp(v, "0x", 2) ? strtoll(v + 2, &end, 16) : strtoll(v, &end, 10);
	*out = neg ? -*out : *out;
	return !*end;
}

static void parse_retval(struct bv_annot *a, const char *v)
{
	a->execute = true;
	if (!strcmp(v, "_INT_MIN") || !strcmp(v, "INT_MIN"))
		a->retval = INT_MIN;
	else if (!strcmp(v, "TEST_DATA_LEN"))
		a->retval = 64;
	else if (!strcmp(v, "POINTER_VALUE") || !strcmp(v, "0xbadcafe"))
		a->any_retval = true;	/* test_loader does not compare it */
	else if (!parse_num(v, &a->retval) && !a->bad)
		a->bad = xasprintf("__retval(%s) is no number", v);
}

static void parse_flag(struct bv_annot *a, const char *v)
{
	static const struct { const char *name; __u32 bit; } names[] = {
		{ "BPF_F_STRICT_ALIGNMENT", 1 }, { "BPF_F_ANY_ALIGNMENT", 2 },
		{ "BPF_F_TEST_RND_HI32", 4 }, { "BPF_F_TEST_STATE_FREQ", 8 },
		{ "BPF_F_SLEEPABLE", 16 }, { "BPF_F_XDP_HAS_FRAGS", 32 },
		{ "BPF_F_XDP_DEV_BOUND_ONLY", 64 }, { "BPF_F_TEST_REG_INVARIANTS", 128 },
	};
	bool clear = *v == '!';
	long long n = -1;

	v += clear;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(v, names[i].name))
			n = names[i].bit;
	if (n < 0 && !parse_num(v, &n)) {
		if (!a->bad)
			a->bad = xasprintf("__flag(%s) is no flag test_loader knows", v);
		return;
	}
	if (clear)
		a->flags_clear |= n;
	else
		a->flags_set |= n;
}

static void parse_arch(struct bv_annot *a, const char *v)
{
	static const char *names[] = { "X86_64", "ARM64", "RISCV64", "s390x", "LOONGARCH" };
	char *t;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(v, names[i])) {
			a->arch_mask |= 1u << i;
			t = xasprintf("%s%s%s", a->arches ? a->arches : "",
				      a->arches ? ", " : "", v);
			free(a->arches);
			a->arches = t;
			return;
		}
	if (!a->bad)
		a->bad = xasprintf("__arch(\"%s\") is no architecture test_loader knows", v);
}

static const char *after(const char *s, const char *pfx)
{
	size_t n = strlen(pfx);

	return strncmp(s, pfx, n) ? NULL : s + n;
}

/* Tags of the unprivileged variant, checked nowhere here. */
static const char *const unpriv_tags[] = {
	"test_expect_success_unpriv", "test_expect_failure_unpriv",
	"test_auxiliary_unpriv", "test_expect_msg_unpriv=",
	"test_expect_not_msg_unpriv=", "test_expect_regex_unpriv=",
	"test_expect_xlated_unpriv=", "test_jited_unpriv=", "test_retval_unpriv=",
	"test_caps_unpriv=", "test_expect_stderr_unpriv=",
	"test_expect_stdout_unpriv=",
};

/* Recognised tags honoured nowhere here: what test_loader does with them. */
static const char *const later_tags[][2] = {
	{ "test_expect_xlated=", "__xlated (the program after the verifier's rewrites)" },
	{ "test_jited=", "__jited (the JIT's code)" },
	{ "test_expect_stderr=", "__stderr (the program's stream after a test run)" },
	{ "test_expect_stdout=", "__stdout (the program's stream after a test run)" },
	{ "test_btf_path=", "__btf_path (a BTF file of the selftests' build)" },
	{ "test_btf_func_path=", "__btf_func_path (a BTF file of the selftests' build)" },
	{ "test_linear_size=", "__linear_size (the test run's packet is linear)" },
};

/* A tag given twice: the last one wins, as in test_loader. */
static void replace(char **field, const char *v)
{
	free(*field);
	*field = xstrdup(v);
}

/* One tag; false if it is none of the selftests'. */
static bool parse_tag(struct bv_annot *a, const char *s, long key)
{
	const char *v;

	for (size_t i = 0; i < sizeof(unpriv_tags) / sizeof(unpriv_tags[0]); i++)
		if (after(s, unpriv_tags[i]))
			return a->unpriv = true;
	for (size_t i = 0; i < sizeof(later_tags) / sizeof(later_tags[0]); i++)
		if (after(s, later_tags[i][0])) {
			for (size_t k = 0; k < a->unchecked.n; k++)
				if (!strcmp(a->unchecked.v[k], later_tags[i][1]))
					return true;
			strlist_add(&a->unchecked, xstrdup(later_tags[i][1]));
			return true;
		}
	if (!strcmp(s, "test_expect_success") || !strcmp(s, "test_expect_failure"))
		a->expect = s[12] == 's' ? BV_EXPECT_SUCCESS : BV_EXPECT_FAILURE;
	else if (!strcmp(s, "test_auxiliary"))
		a->auxiliary = true;
	else if ((v = after(s, "test_expect_msg=")))
		push_msg(a, v, false, false, key);
	else if ((v = after(s, "test_expect_not_msg=")))
		push_msg(a, v, true, false, key);
	else if ((v = after(s, "test_expect_regex=")))
		push_msg(a, v, false, true, key);
	else if ((v = after(s, "test_retval=")))
		parse_retval(a, v);
	else if ((v = after(s, "test_log_level=")))
		a->log_level = atoi(v);
	else if ((v = after(s, "test_prog_flags=")))
		parse_flag(a, v);
	else if ((v = after(s, "test_arch=")))
		parse_arch(a, v);
	else if ((v = after(s, "load_mode=")))
		a->load_mode = !strcmp(v, "jited") ? 1 : 2;
	else if ((v = after(s, "test_description=")))
		replace(&a->description, v);
	else if ((v = after(s, "test_skip=")))
		replace(&a->skip, v);
	else if (!strcmp(s, "test_log_always"))
		return true;	/* test_progs prints the log: no judgement */
	else if (after(s, "test_"))
		strlist_addf(&a->unchecked, "unknown tag '%s'", s);
	else
		return false;
	if (strcmp(s, "test_auxiliary") && !after(s, "test_description=") &&
	    !after(s, "test_log_level=") && !after(s, "test_prog_flags=") &&
	    !after(s, "test_arch=") && !after(s, "load_mode="))
		a->priv = true;
	return true;
}

static int by_msg_key(const void *x, const void *y)
{
	const struct bv_amsg *a = x, *b = y;

	return (a->key > b->key) - (a->key < b->key);
}

struct bv_annot *bv_annot_read(const struct btf *btf, const char *func)
{
	int id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
	struct bv_annot *a = xcalloc(1, sizeof(*a));
	bool any = false;
	struct tag *tags;
	size_t n;

	tags = id > 0 ? func_tags(btf, id, &n) : NULL;
	for (size_t i = 0; tags && i < n; i++)
		any |= parse_tag(a, tags[i].s, tags[i].key);
	free(tags);
	if (!any) {
		bv_annot_free(a);
		return NULL;
	}
	if (a->nmsgs)
		qsort(a->msgs, a->nmsgs, sizeof(*a->msgs), by_msg_key);
	if (!a->priv && !a->unpriv)
		a->priv = true;		/* test_loader's default mode */
	if (a->priv && a->expect == BV_EXPECT_NONE)
		a->expect = BV_EXPECT_SUCCESS;
	return a;
}

void bv_annot_parse(struct bv_object *o, struct bpf_object *obj)
{
	const struct btf *btf = bpf_object__btf(obj);
	struct bpf_program *prog;
	size_t i = 0;

	if (!btf)
		return;
	bpf_object__for_each_program(prog, obj) {
		if (i >= o->nprogs)
			break;
		o->progs[i++].annot = bv_annot_read(btf, bpf_program__name(prog));
	}
}

void bv_annot_free(struct bv_annot *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->nmsgs; i++) {
		free(a->msgs[i].text);
		if (a->msgs[i].is_regex)
			regfree(&a->msgs[i].re);
	}
	free(a->msgs);
	free(a->arches);
	free(a->description);
	free(a->skip);
	free(a->bad);
	strlist_free(&a->unchecked);
	free(a->why);
	free(a);
}
