// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Kernel symbols an object calls or reads through __ksym externs (kfuncs,
 * typed ksyms).  libbpf resolves them all when it loads the object, so one
 * the kernel lacks fails every program of it ("extern (func ksym) 'X': not
 * found in kernel or module BTFs"), even those that never use it.  A loader
 * switches off the programs that use it; so does bpf-validate: they get the
 * no-target verdict, and the extern is made weak in a private copy of the
 * object so that libbpf loads the others (prep.c: this file never calls
 * bpf(), the fuzzer runs it).  A weak one libbpf leaves unresolved: a
 * program guarding its call (bpf_ksym_exists) verifies, and one that does
 * not is rejected, which its loader avoids by switching it off (verify.c
 * then says no-target).
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "bpf-validate.h"
#include "bv-elf.h"

static const struct bv_sec *sec_by_index(const struct bv_elf *e, size_t i)
{
	return i && i < e->nsecs ? &e->secs[i] : NULL;
}

/* The undefined global or weak ELF symbol NAME: its index, 0 if none;
 * *WEAK says which. */
static size_t undef_symbol(const struct bv_elf *e, const char *name,
			   size_t *off, bool *weak)
{
	const struct bv_sec *st = &e->secs[e->symtab];
	struct obj ob = e->o;

	for (size_t k = 1; k < st->size / sizeof(Elf64_Sym); k++) {
		struct sym y = obj_sym_at(&ob, st->hdr, k);

		if (y.shndx != SHN_UNDEF || (y.bind != STB_GLOBAL && y.bind != STB_WEAK) ||
		    strcmp(y.name, name))
			continue;
		*off = y.at;
		*weak = y.bind == STB_WEAK;
		return k;
	}
	return 0;
}

/* Which programs relocate against symbol SYM.  A use from .text (a
 * subprogram) is counted for every program: any may call it. */
static void find_users(const struct bv_object *o, const struct bv_elf *e,
		       size_t sym, bool *users)
{
	struct obj ob = e->o;

	for (size_t i = 1; i < e->nsecs; i++) {
		const struct bv_sec *rel = &e->secs[i], *target;

		if (rel->type != SHT_REL || rel->link != e->symtab ||
		    !(target = sec_by_index(e, rel->info)))
			continue;
		for (size_t r = 0; r < rel->size / sizeof(Elf64_Rel); r++) {
			struct rel rl = obj_rel_at(&ob, rel->hdr, r);
			uint64_t at = rl.offset;

			if (rl.sym != sym)
				continue;
			for (size_t k = 0; k < o->nprogs; k++) {
				const struct bv_prog *p = &o->progs[k];

				if (!strcmp(target->name, ".text") ||
				    (p->elf_section && !strcmp(target->name, p->elf_section) &&
				     at >= p->sec_off && at - p->sec_off < p->sec_size))
					users[k] = true;
			}
		}
	}
}

void bv_find_externs(struct bv_object *o, const struct bv_elf *e,
		     const struct btf *btf)
{
	int ksyms = btf__find_by_name_kind(btf, ".ksyms", BTF_KIND_DATASEC);
	const struct btf_type *ds;
	const struct btf_var_secinfo *vi;

	if (ksyms <= 0 || !e->symtab)
		return;
	ds = btf__type_by_id(btf, ksyms);
	vi = btf_var_secinfos(ds);
	for (int i = 0; i < btf_vlen(ds); i++, vi++) {
		const struct btf_type *t = btf__type_by_id(btf, vi->type);
		struct bv_extern *x;
		size_t sym, off = 0;
		bool weak = false;

		/* Untyped ksyms (void) are kallsyms addresses: not checked. */
		if (!t || !(btf_is_func(t) || (btf_is_var(t) && t->type)))
			continue;
		sym = undef_symbol(e, btf__name_by_offset(btf, t->name_off), &off, &weak);
		if (!sym)
			continue;
		x = realloc(o->externs, (o->nexterns + 1) * sizeof(*x));
		if (!x)
			return;
		o->externs = x;
		x = &o->externs[o->nexterns++];
		x->name = xstrdup(btf__name_by_offset(btf, t->name_off));
		x->kind = btf_is_func(t) ? BTF_KIND_FUNC : BTF_KIND_VAR;
		x->sym_off = off;
		x->weak = weak;
		x->users = xcalloc(o->nprogs, sizeof(*x->users));
		find_users(o, e, sym, x->users);
	}
}

void bv_externs_free(struct bv_object *o)
{
	for (size_t i = 0; i < o->nexterns; i++) {
		free(o->externs[i].name);
		free(o->externs[i].users);
	}
	free(o->externs);
}
