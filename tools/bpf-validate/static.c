// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The static checks: everything that needs no privilege and never calls
 * bpf().  The fuzzer drives this function directly.
 */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpf-validate.h"
#include "btfext.h"
#include "compat.h"
#include "bv-elf.h"

static const bool host_big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

static bool built_by_gcc(const struct bv_elf *e)
{
	const struct bv_sec *c = bv_elf_sec(e, ".comment");

	return c && c->data && c->size >= 4 &&
	       memmem(c->data, c->size, "GCC:", 4);
}

/* A build path: absolute, no blanks (source text has them), not a comment. */
static bool looks_like_path(const char *s)
{
	if (s[0] != '/' || s[1] == '/' || s[1] == '*' || !strchr(s + 1, '/'))
		return false;
	for (; *s; s++)
		if (isspace((unsigned char)*s))
			return false;
	return true;
}

static void check_paths(struct bv_object *o, const struct bv_btf_strs *strs)
{
	const char *first = NULL;
	size_t n = 0;

	for (size_t off = 0; off < strs->len; off += strlen(strs->s + off) + 1) {
		if (looks_like_path(strs->s + off)) {
			if (!first)
				first = strs->s + off;
			n++;
		}
	}
	if (n)
		strlist_addf(&o->warnings,
			     "BTF holds %zu absolute build path%s (%s%s): this breaks reproducibility; compile with -ffile-prefix-map=SRCDIR=.",
			     n, n > 1 ? "s" : "", first, n > 1 ? ", ..." : "");
}

/*
 * libbpf never applies .rel.BTF.ext: it reads the offsets in .BTF.ext as they
 * are.  That is harmless when the relocations are against section symbols
 * (value 0) and of a type a BPF linker knows: R_BPF_64_NODYLD32 from clang,
 * R_BPF_64_ABS32 from GCC 13+ (bpftool gen object then drops them).  gcc-bpf
 * 12 emits type 11, which no BPF linker or libbpf applies, for its CO-RE
 * offsets: flag that, and any relocation that would change a value.
 */
#define R_BPF_64_ABS32 3
#define R_BPF_64_NODYLD32 4

static void check_rel_btf_ext(struct bv_object *o, const struct bv_elf *e)
{
	const struct bv_sec *rel = bv_elf_sec(e, ".rel.BTF.ext");
	const struct bv_sec *symtab;
	size_t unknown = 0, moving = 0;
	uint32_t type = 0;
	struct obj ob = e->o;

	if (!rel || rel->type != SHT_REL || !rel->data || !e->symtab)
		return;
	symtab = &e->secs[e->symtab];	/* elf.c checked every r_sym */
	for (size_t k = 0; k < rel->size / sizeof(Elf64_Rel); k++) {
		struct rel r = obj_rel_at(&ob, rel->hdr, k);

		if (r.type != R_BPF_64_NODYLD32 && r.type != R_BPF_64_ABS32) {
			type = r.type;
			unknown++;
		}
		if (obj_sym_at(&ob, symtab->hdr, r.sym).value)
			moving++;
	}
	if (unknown)
		strlist_addf(&o->errors,
			     ".rel.BTF.ext holds %zu relocation%s of type %u, which libbpf never applies (gcc-bpf 12 emits them for CO-RE offsets), so CO-RE can silently break; build with clang or GCC 13 or later",
			     unknown, unknown == 1 ? "" : "s", type);
	else if (moving)
		strlist_addf(&o->errors,
			     ".rel.BTF.ext holds %zu relocation%s that would move .BTF.ext offsets, but libbpf never applies them: func/line info and CO-RE offsets are wrong",
			     moving, moving == 1 ? "" : "s");
}

/* func_info and line_info for program P, from .BTF.ext. */
static void prog_ext_info(struct bv_object *o, struct bv_prog *p,
			  const struct bv_elf *e, const struct bv_btfext *x,
			  const struct bv_btf_strs *strs, uint32_t size)
{
	const struct bv_ext_sec *f = bv_ext_find(&x->func, p->elf_section);
	const struct bv_ext_sec *l = bv_ext_find(&x->line, p->elf_section);

	for (uint32_t i = 0; f && i < f->num; i++)
		if (bv_u32(e, f->recs + (size_t)i * x->func.rec_size) == p->sec_off)
			p->has_func_info = true;
	/* A warning: libbpf then loads the program without func_info, and the
	 * kernel accepts it; only its signature goes unchecked. */
	if (!p->has_func_info)
		strlist_addf(&o->warnings,
			     "program %s has BTF but no func_info in .BTF.ext, so the kernel cannot check its signature (gcc-bpf 12 emits none; otherwise, was .BTF.ext stripped?)",
			     p->name);
	if (l)
		p->lines = xcalloc(l->num, sizeof(*p->lines));
	for (uint32_t i = 0; l && i < l->num; i++) {
		const uint8_t *r = l->recs + (size_t)i * x->line.rec_size;
		uint32_t insn_off = bv_u32(e, r);
		const char *file = bv_btf_str(strs, bv_u32(e, r + 4));

		if (insn_off < p->sec_off || insn_off - p->sec_off >= size ||
		    !file)
			continue;
		p->lines[p->nlines].insn = (insn_off - p->sec_off) / 8;
		p->lines[p->nlines].line = bv_u32(e, r + 12) >> 10;
		p->lines[p->nlines].file = file;
		p->nlines++;
	}
	if (!p->nlines)
		strlist_addf(&o->warnings,
			     "program %s has no line_info: verifier errors cannot be mapped to source (GCC before 15 emits none)",
			     p->name);
}

/* The ELF section of program NAME: libbpf names a SEC("?...") program's
 * section without the "?" (it only turns off its autoload). */
static char *elf_section(const struct bv_elf *e, const char *sec,
			 const char *name)
{
	char *q = xasprintf("?%s", sec);
	uint32_t off, size;

	if (bv_elf_func(e, q, name, &off, &size))
		return q;
	free(q);
	return xstrdup(sec);
}

static void check_programs(struct bv_object *o, struct bpf_object *obj,
			   const struct bv_elf *e, const struct bv_btfext *x,
			   const struct bv_btf_strs *strs)
{
	struct bpf_program *prog;
	size_t n = 0;

	bpf_object__for_each_program(prog, obj)
		n++;
	if (!n)
		strlist_addf(&o->errors,
			     "no BPF program in it: no function sits in a SEC() section libbpf loads (functions in .text are only subprograms; give each program SEC(\"xdp\"), SEC(\"tracepoint/...\"), ...)");
	o->progs = xcalloc(n, sizeof(*o->progs));
	o->line_info = n > 0 && x;
	bpf_object__for_each_program(prog, obj) {
		struct bv_prog *p = &o->progs[o->nprogs++];
		enum bpf_prog_type type;
		enum bpf_attach_type attach;
		uint32_t size = 0;

		p->name = xstrdup(bpf_program__name(prog));
		p->section = xstrdup(bpf_program__section_name(prog));
		p->insn_cnt = bpf_program__insn_cnt(prog);
		p->insns = p->states_total = p->states_peak = -1;
		p->stack_depth = p->verify_usec = p->jited_size = -1;
		p->known_section = !libbpf_prog_type_by_name(p->section, &type,
							     &attach);
		p->type = libbpf_bpf_prog_type_str(bpf_program__type(prog));
		if (!p->known_section || !p->type) {
			p->type = "unknown";
			strlist_addf(&o->errors,
				     "program %s: section \"%s\" is not one libbpf recognises, so it cannot load it (use a SEC() name from libbpf's program types table)",
				     p->name, p->section);
			p->error = xasprintf("unknown section \"%s\"", p->section);
		}
		p->elf_section = elf_section(e, p->section, p->name);
		if (!bv_elf_func(e, p->elf_section, p->name, &p->sec_off, &size))
			size = p->insn_cnt * 8;
		p->sec_size = size;
		if (x)
			prog_ext_info(o, p, e, x, strs, size);
		if (!p->nlines)
			o->line_info = false;
	}
}

/* The ELF header's checks: byte order, license, relocated .BTF.ext. */
static void check_header(struct bv_object *o, const struct bv_elf *e,
			 const struct bv_opts *opts)
{
	bool want_big = opts->endian == BV_ENDIAN_BIG ||
			(opts->endian == BV_ENDIAN_HOST && host_big);

	if (e->big_endian != want_big)
		strlist_addf(&o->errors, "object is %s-endian, expected %s-endian (%s)",
			     e->big_endian ? "big" : "little",
			     want_big ? "big" : "little",
			     opts->endian == BV_ENDIAN_HOST ? "the host's; see --endian" : "--endian");
	o->foreign_endian = e->big_endian != host_big;

	if (!bv_elf_sec(e, "license"))
		strlist_addf(&o->errors,
			     "no license section: the kernel then refuses GPL-only helpers; add char LICENSE[] SEC(\"license\") = \"GPL\";");
	check_rel_btf_ext(o, e);
}

/* .BTF into *BTFP and STRS, .BTF.ext into EXT (*XP: EXT, or NULL without
 * it), checked; -1 with o->fatal when corrupt. */
static int read_btf(struct bv_object *o, const struct bv_elf *e, struct btf **btfp,
		    struct bv_btf_strs *strs, struct bv_btfext *ext, struct bv_btfext **xp)
{
	const struct bv_sec *btf_sec = bv_elf_sec(e, ".BTF");
	const struct bv_sec *ext_sec = bv_elf_sec(e, ".BTF.ext");
	char *why = NULL;

	if (!btf_sec) {
		if (built_by_gcc(e))
			strlist_addf(&o->warnings,
				     "no .BTF: built by GCC without -gbtf, as bpfbuild does for gcc-bpf 12 whose BTF the kernel rejects; the kernel still loads it, but CO-RE and source lines are unavailable");
		else
			strlist_addf(&o->warnings,
				     "no .BTF (compile with -g): the kernel still loads it, but CO-RE and source lines are unavailable");
		if (ext_sec)
			strlist_addf(&o->errors, ".BTF.ext without .BTF");
	} else if (!btf_sec->data ||
		   (bv_libbpf_log_reset(),
		    !(*btfp = btf__new(btf_sec->data, btf_sec->size)))) {
		/* btf__new() parses every type, in either byte order (and
		 * since libbpf 1.2 also checks what bv_btf_sanity() does). */
		const char *w = bv_libbpf_first_warning();
		int err = errno;

		*btfp = NULL;
		o->fatal = w ? xasprintf("corrupt .BTF: %s", w)
			     : xasprintf("corrupt .BTF: it does not parse (%s)",
					 strerror(err));
		return -1;
	} else if (bv_btf_sanity(*btfp, &why) ||
		   bv_btf_strings(e, strs, &why)) {
		/* libbpf would follow the broken references: do not open. */
		o->fatal = xasprintf("corrupt .BTF: %s", why);
		free(why);
		return -1;
	} else {
		o->btf = true;
		check_paths(o, strs);
	}
	if (o->btf && !ext_sec) {
		strlist_addf(&o->warnings,
			     "has .BTF but no .BTF.ext: no func_info or line_info (was it stripped?)");
	} else if (o->btf && ext_sec) {
		if (bv_btfext_parse(e, strs, ext, &why) ||
		    bv_btfext_sanity(e, ext, *btfp, &why)) {
			o->fatal = xasprintf("corrupt .BTF.ext: %s", why);
			free(why);
			return -1;
		}
		*xp = ext;
		for (size_t i = 0; i < ext->core.nsecs; i++)
			o->core_relocs += ext->core.secs[i].num;
	}
	return 0;
}

int bv_static_check(struct bv_object *o, const void *buf, size_t len,
		    const struct bv_opts *opts, struct bpf_object **objp)
{
	struct bv_btf_strs strs = { 0 };
	struct bv_btfext ext = { 0 }, *x = NULL;
	struct bpf_object *obj = NULL;
	struct btf *btf = NULL;
	struct bv_elf e;

	if (objp)
		*objp = NULL;
	if (bv_elf_open(&e, buf, len, &o->fatal)) {
		bv_elf_close(&e);
		return -1;
	}
	check_header(o, &e, opts);
	if (read_btf(o, &e, &btf, &strs, &ext, &x))
		goto out;
	if (o->foreign_endian && !BV_LIBBPF_OPENS_FOREIGN_ENDIAN) {
		strlist_addf(&o->warnings,
			     "this libbpf cannot open %s-endian objects: program sections not checked",
			     e.big_endian ? "big" : "little");
	} else {
		bv_libbpf_log_reset();
		obj = bv_reopen(o, buf, len);
		if (!obj) {
			const char *w = bv_libbpf_first_warning();

			o->fatal = xasprintf("libbpf cannot open it: %s",
					     w ? w : strerror(errno));
			goto out;
		}
		check_programs(o, obj, &e, x, &strs);
		if (btf)
			bv_find_externs(o, &e, btf);
	}
out:
	btf__free(btf);
	bv_btfext_free(&ext);
	bv_elf_close(&e);
	if (o->fatal)
		return -1;
	if (objp)
		*objp = obj;
	else
		bpf_object__close(obj);
	return 0;
}
