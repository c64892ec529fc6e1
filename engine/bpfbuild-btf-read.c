// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-read.c: the engine's one object reader (bpfbuild-btf-read.h),
 * the ground floor of bpfbuild-btf-sort, its --canonical mode,
 * bpfbuild-objinfo (through bpfbuild-btf-tool.c) and bpf-validate: an
 * object in memory read bounds-checked in its byte order, its header,
 * sections, symbols and relocations, the .BTF header and its types, the
 * .BTF.ext subsections.  It uses nothing of the files above it, keeps no
 * state of its own and never exits: a fault is kept in the struct obj. */
#include <stdint.h>
#include <string.h>

#include "bpfbuild-btf-read.h"

static const struct sec no_sec;

/* The first fault is the one told: what follows it reads zeros. */
static void fault(struct obj *o, const char *why)
{
	if (!o->err)
		o->err = why;
}

/* BUF (LEN bytes) as O; refused unless a 64-bit ELF object. */
int obj_open(struct obj *o, const void *buf, size_t len)
{
	o->buf = buf;
	o->len = len;
	o->err = NULL;
	if (len < 64 || memcmp(buf, "\177ELF", 4) || o->buf[4] != 2) {
		fault(o, "not a 64-bit ELF object");
		return -1;
	}
	o->big = o->buf[5] == 2;
	return 0;
}

uint64_t obj_get(struct obj *o, size_t off, int n)
{
	uint64_t v = 0;

	if (o->err)
		return 0;
	if (off + n > o->len || off + n < off) {
		fault(o, "truncated: an offset points past the end of the file");
		return 0;
	}
	for (int i = 0; i < n; i++)
		v |= (uint64_t)o->buf[off + (o->big ? i : n - 1 - i)] << (8 * (n - 1 - i));
	return v;
}

struct ehdr obj_ehdr(struct obj *o)
{
	struct ehdr h = { obj_get(o, 0x10, 2), obj_get(o, 0x12, 2), obj_get(o, 0x3a, 2),
			  obj_get(o, 0x3c, 2), obj_get(o, 0x3e, 2), obj_get(o, 0x28, 8) };
	return h;
}

/* e_shnum: extended numbering (0, the count in section 0) is the caller's. */
size_t obj_sec_count(struct obj *o)
{
	return obj_get(o, 0x3c, 2);
}

/* A field the engine's tools never read (bpf-validate reads it, having
 * checked that the table holding it is whole): 0 past the end, no fault,
 * so that the tools refuse exactly what they always refused. */
static uint64_t soft_get(struct obj *o, size_t off, int n)
{
	return off + n <= o->len && off + n >= off ? obj_get(o, off, n) : 0;
}

/* The I-th section header, its name not looked up (bpf-validate reads
 * the table before it trusts e_shstrndx). */
struct sec obj_sec_hdr(struct obj *o, size_t i)
{
	size_t h = obj_get(o, 0x28, 8) + i * obj_get(o, 0x3a, 2);
	struct sec s = { obj_get(o, h + 0x18, 8), obj_get(o, h + 0x20, 8), i, obj_get(o, h + 4, 4),
			 obj_get(o, h + 0x28, 4), soft_get(o, h + 0x2c, 4), obj_get(o, h, 4),
			 soft_get(o, h + 8, 8), soft_get(o, h + 0x38, 8) };

	return o->err ? no_sec : s;
}

/* The I-th section header, its name in *NAME ("" when it has none inside
 * the file).  Its extent is not checked: obj_sec_check. */
struct sec obj_sec_at(struct obj *o, size_t i, const char **name)
{
	size_t shoff = obj_get(o, 0x28, 8), shentsize = obj_get(o, 0x3a, 2);
	size_t strtab = obj_get(o, shoff + obj_get(o, 0x3e, 2) * shentsize + 0x18, 8);
	struct sec s = obj_sec_hdr(o, i);
	size_t n = strtab + s.name;

	*name = "";
	if (o->err)
		return no_sec;
	if (n < o->len && n >= strtab && memchr(o->buf + n, 0, o->len - n))
		*name = (const char *)o->buf + n;
	return s;
}

/* S, unless its bytes lie past the end of the file (SHT_NOBITS has none). */
struct sec obj_sec_check(struct obj *o, struct sec s)
{
	if (o->err)
		return no_sec;
	if (s.type != 8 && (s.off + s.size > o->len || s.off + s.size < s.off)) {
		fault(o, "a section lies past the end of the file");
		return no_sec;
	}
	return s;
}

/* The last section named NAME; size 0 when absent. */
struct sec obj_find_sec(struct obj *o, const char *name)
{
	struct sec s = no_sec;
	const char *n;

	for (size_t i = 0; i < obj_sec_count(o) && !o->err; i++) {
		struct sec t = obj_sec_at(o, i, &n);

		if (!strcmp(n, name))
			s = obj_sec_check(o, t);
	}
	return o->err ? no_sec : s;
}

/* The I-th symbol of SYMTAB (an Elf64_Sym table), its name from the string
 * table SYMTAB links to ("" when none). */
struct sym obj_sym_at(struct obj *o, struct sec symtab, size_t i)
{
	struct sec str = obj_sec_check(o, obj_sec_hdr(o, symtab.link));
	size_t p = symtab.off + 24 * i;
	unsigned n = obj_get(o, p, 4);
	struct sym y = { "", obj_get(o, p + 6, 2), obj_get(o, p + 4, 1) & 0xf, 0, n, 0, 0, p };

	y.bind = obj_get(o, p + 4, 1) >> 4;
	y.value = soft_get(o, p + 8, 8);
	y.size = soft_get(o, p + 16, 8);
	if (!o->err && n < str.size && memchr(o->buf + str.off + n, 0, str.size - n))
		y.name = (const char *)o->buf + str.off + n;
	return y;
}

/* The I-th relocation of REL (an Elf64_Rel table). */
struct rel obj_rel_at(struct obj *o, struct sec rel, size_t i)
{
	size_t p = rel.off + 16 * i;
	uint64_t info = obj_get(o, p + 8, 8);
	struct rel r = { obj_get(o, p, 8), info >> 32, (uint32_t)info };

	return r;
}

/* The .BTF header's parts, its size and file offsets; all 0 without .BTF
 * (or with an empty one). */
struct btf_parts obj_btf_parts(struct obj *o)
{
	struct sec btf = obj_find_sec(o, ".BTF");
	struct btf_parts b = { 0, 0, 0, 0, 0 }, none = b;

	if (!btf.size)
		return b;
	if (btf.size < 24 || obj_get(o, btf.off, 2) != 0xeb9f) {
		fault(o, ".BTF has no BTF header");
		return none;
	}
	b.hdr = obj_get(o, btf.off + 4, 4);
	if (b.hdr < 24 || b.hdr > btf.size) {
		fault(o, "the .BTF header is not 24 bytes or more within its section");
		return none;
	}
	b.types = btf.off + b.hdr + obj_get(o, btf.off + 8, 4);
	b.types_end = b.types + obj_get(o, btf.off + 12, 4);
	b.strs = btf.off + b.hdr + obj_get(o, btf.off + 16, 4);
	b.strs_len = obj_get(o, btf.off + 20, 4);
	/* The last byte read through obj_get: a SHT_NOBITS .BTF has no bytes
	 * of its own in the file. */
	if (o->err || b.types_end > btf.off + btf.size || b.strs + b.strs_len > btf.off + btf.size ||
	    !b.strs_len || obj_get(o, b.strs + b.strs_len - 1, 1)) {
		fault(o, "the .BTF header points past its section, or its strings do not end in a NUL");
		return none;
	}
	return b;
}

/* The type at P (below END): its kind, and where the next one starts
 * (END after a fault). */
size_t obj_next_type(struct obj *o, size_t p, size_t end, unsigned *kind)
{
	uint32_t info = obj_get(o, p + 4, 4);
	size_t sz = type_size(*kind = (info >> 24) & 0x1f, info & 0xffff);

	if (o->err)
		return end;
	if (!sz)
		fault(o, "a BTF kind this program does not know: leave it unsorted (drop --btf-sort)");
	else if (p + sz > end)
		fault(o, "the BTF types run past their section");
	return o->err ? end : p + sz;
}

/* .BTF.ext's subsection WHICH (EXT_FUNC, EXT_LINE, EXT_CORE), as a file
 * offset and length (record size, then per section its name, count and
 * records); size 0 when absent, as in a header too short to hold it. */
struct sec obj_ext_part(struct obj *o, int which)
{
	struct sec ext = obj_find_sec(o, ".BTF.ext"), part = no_sec;
	size_t eh;

	if (!ext.size)
		return part;
	if (ext.size < 8 || obj_get(o, ext.off, 2) != 0xeb9f) {
		fault(o, ".BTF.ext has no BTF magic");
		return no_sec;
	}
	eh = obj_get(o, ext.off + 4, 4);
	if (eh < 24 || eh > ext.size) {
		fault(o, "the .BTF.ext header is not 24 bytes or more within its section");
		return no_sec;
	}
	if (eh < 16 + 8 * (size_t)which)
		return part;
	part.off = ext.off + eh + obj_get(o, ext.off + 8 + 8 * which, 4);
	part.size = obj_get(o, ext.off + 12 + 8 * which, 4);
	if (part.size && part.off + part.size > ext.off + ext.size)
		fault(o, "a .BTF.ext subsection lies outside its section");
	return o->err ? no_sec : part;
}

/* A walk over PART's blocks; its record size is read when PART has any
 * bytes (a part under 4 bytes is the caller's to refuse or ignore). */
struct ext_walk obj_ext_walk(struct obj *o, struct sec part)
{
	struct ext_walk w = { part.off + 4, part.off + part.size,
			      part.size ? obj_get(o, part.off, 4) : 0 };

	return w;
}

/* The next block of W in B: EXT_BLOCK, its records within the part;
 * EXT_END after the last; EXT_CUT when fewer bytes than a block header
 * are left; EXT_OVER (B's header still read, nothing skipped) when its
 * records would run past the part or the record size is 0. */
int obj_ext_next(struct obj *o, struct ext_walk *w, struct ext_block *b)
{
	if (w->p >= w->end)
		return EXT_END;
	if (w->end - w->p < 8)
		return EXT_CUT;
	b->at = w->p;
	b->name_off = obj_get(o, w->p, 4);
	b->num = obj_get(o, w->p + 4, 4);
	b->recs = w->p += 8;
	if (o->err || !w->rec || b->num > (w->end - w->p) / w->rec)
		return EXT_OVER;
	w->p += b->num * w->rec;
	return EXT_BLOCK;
}

size_t type_size(unsigned kind, unsigned vlen)
{
	switch (kind) {
	case K_INT: case K_VAR: case K_DECL_TAG: return 16;
	case K_ARRAY: return 24;
	case K_STRUCT: case K_UNION: case K_DATASEC: case K_ENUM64:
		return 12 + 12 * (size_t)vlen;
	case K_ENUM: case K_FUNC_PROTO: return 12 + 8 * (size_t)vlen;
	case K_PTR: case K_FWD: case K_TYPEDEF: case K_VOLATILE: case K_CONST:
	case K_RESTRICT: case K_FUNC: case K_FLOAT: case K_TYPE_TAG:
		return 12;
	}
	return 0;
}
