// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * BTF type-graph sanity: every referenced type id exists, every name is in
 * the string table, and modifier/typedef/pointer chains end.  btf__new() in
 * libbpf 1.1 checks only that types are well-sized; bpf_object__open() then
 * follows ids blindly (fuzzing crashed it on a dangling id).  libbpf 1.2
 * added similar checks of its own; this keeps older versions safe.
 */
#include <limits.h>

#include <bpf/btf.h>

#include "bpf-validate.h"

/* Deeper chains of const/volatile/typedef/pointer/array are not real C. */
#define BV_MAX_CHAIN 64

/* The type T leads to by a chain link, or 0 at the end of the chain. */
static __u32 chain_next(const struct btf_type *t)
{
	if (btf_is_array(t))
		return btf_array(t)->type;
	if (btf_is_mod(t) || btf_is_typedef(t) || btf_is_ptr(t))
		return t->type;
	return 0;
}

/* In these, BTF, CNT (its type count) and WHY are the function's own. */
#define BAD_ID(x) ((__u32)(x) >= cnt)
#define BAD_NAME(off) (!btf__str_by_offset(btf, (off)))
#define FAIL(...) do { *why = xasprintf(__VA_ARGS__); return -1; } while (0)

/* Every type id and name a type refers to exists. */
static int check_refs(const struct btf *btf, __u32 cnt, char **why)
{
	for (__u32 id = 1; id < cnt; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		__u16 vlen;

		if (!t)
			FAIL("BTF type %u is missing", id);
		vlen = btf_vlen(t);
		if (BAD_NAME(t->name_off))
			FAIL("BTF type %u has a name outside the string table", id);
		switch (btf_kind(t)) {
		case BTF_KIND_PTR:
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
		case BTF_KIND_VAR:
		case BTF_KIND_DECL_TAG:
			if (BAD_ID(t->type))
				FAIL("BTF type %u refers to missing type %u", id, t->type);
			break;
		case BTF_KIND_FUNC:
			if (BAD_ID(t->type) ||
			    !btf_is_func_proto(btf__type_by_id(btf, t->type)))
				FAIL("BTF function %u has no valid prototype", id);
			break;
		case BTF_KIND_ARRAY:
			if (BAD_ID(btf_array(t)->type) ||
			    BAD_ID(btf_array(t)->index_type))
				FAIL("BTF array %u refers to a missing type", id);
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			for (__u16 i = 0; i < vlen; i++) {
				const struct btf_member *m = btf_members(t) + i;

				if (BAD_ID(m->type) || BAD_NAME(m->name_off))
					FAIL("BTF struct/union %u has a bad member", id);
			}
			break;
		case BTF_KIND_ENUM:
			for (__u16 i = 0; i < vlen; i++)
				if (BAD_NAME(btf_enum(t)[i].name_off))
					FAIL("BTF enum %u has a bad name", id);
			break;
		case BTF_KIND_ENUM64:
			for (__u16 i = 0; i < vlen; i++)
				if (BAD_NAME(btf_enum64(t)[i].name_off))
					FAIL("BTF enum %u has a bad name", id);
			break;
		case BTF_KIND_FUNC_PROTO:
			if (BAD_ID(t->type))
				FAIL("BTF prototype %u returns a missing type", id);
			for (__u16 i = 0; i < vlen; i++) {
				const struct btf_param *p = btf_params(t) + i;

				if (BAD_ID(p->type) || BAD_NAME(p->name_off))
					FAIL("BTF prototype %u has a bad parameter", id);
			}
			break;
		case BTF_KIND_DATASEC:
			for (__u16 i = 0; i < vlen; i++) {
				const struct btf_var_secinfo *v = btf_var_secinfos(t) + i;

				if (BAD_ID(v->type) || !v->type)
					FAIL("BTF section %u refers to a missing variable", id);
			}
			break;
		default:
			break;	/* INT, FWD, FLOAT: no references */
		}
	}
	return 0;
}

/* No chain of modifiers, typedefs, pointers or arrays loops (every
 * reference is valid by now). */
static int check_chains(const struct btf *btf, __u32 cnt, char **why)
{
	for (__u32 id = 1; id < cnt; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		int depth = 0;
		__u32 next;

		while ((next = chain_next(t))) {
			if (++depth > BV_MAX_CHAIN)
				FAIL("BTF type %u starts a cyclic or too deep type chain", id);
			t = btf__type_by_id(btf, next);
		}
	}
	return 0;
}

static int check_var_sizes(const struct btf *btf, __u32 cnt, char **why)
{
	/* libbpf keeps a variable's size in an int (an extern's kcfg size, a
	 * datasec variable's): a size over INT_MAX wraps to a negative
	 * "error" that it then returns as an object pointer (found by
	 * fuzzing; libbpf 1.1 and 1.7). */
	for (__u32 id = 1; id < cnt; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		__s64 size;

		if (!btf_is_var(t))
			continue;
		size = btf__resolve_size(btf, t->type);
		if (size > INT_MAX)
			FAIL("BTF variable %u (%s) is %lld bytes, more than libbpf can hold", id,
			     btf__name_by_offset(btf, t->name_off), (long long)size);
	}
	return 0;
}
#undef BAD_ID
#undef BAD_NAME
#undef FAIL

int bv_btf_sanity(const struct btf *btf, char **why)
{
	__u32 cnt = btf__type_cnt(btf);

	if (check_refs(btf, cnt, why) || check_chains(btf, cnt, why) ||
	    check_var_sizes(btf, cnt, why))
		return -1;
	return 0;
}
