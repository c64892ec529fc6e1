// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-read.h: the engine's one object reader (bpfbuild-btf-read.c),
 * what the engine's BTF tools (bpfbuild-btf.h) and bpf-validate share: a
 * BPF ELF object in memory, read bounds-checked in its byte order: its
 * header, sections, symbols and relocations, the .BTF header and types,
 * the .BTF.ext subsections.  It neither prints nor exits: the first fault
 * met is kept in the reader (o->err, a constant string), every read after
 * it gives 0, and each caller says it its own way. */
#ifndef BPFBUILD_BTF_READ_H
#define BPFBUILD_BTF_READ_H
#include <stddef.h>
#include <stdint.h>

enum { K_INT = 1, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
       K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
       K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64 };
enum { EXT_FUNC, EXT_LINE, EXT_CORE };

struct obj {
	const unsigned char *buf;
	size_t len;
	int big;		/* the object's byte order */
	const char *err;	/* the first fault met; NULL while none */
};

struct ehdr { unsigned type, machine, shentsize, shnum, shstrndx; size_t shoff; };
struct sec {
	size_t off, size;
	unsigned idx, type, link, info, name;	/* name: its offset in the name table */
	uint64_t flags, entsize;
};
struct sym { const char *name; unsigned shndx, type, bind, name_off; uint64_t value, size; size_t at; };
struct rel { uint64_t offset; size_t sym; unsigned type; };
struct btf_parts { size_t hdr, types, types_end, strs, strs_len; };

int obj_open(struct obj *o, const void *buf, size_t len);	/* 0, or -1 with o->err */
uint64_t obj_get(struct obj *o, size_t off, int n);
struct ehdr obj_ehdr(struct obj *o);	/* e_shnum, e_shstrndx as they are */
size_t obj_sec_count(struct obj *o);
struct sec obj_sec_hdr(struct obj *o, size_t i);
struct sec obj_sec_at(struct obj *o, size_t i, const char **name);
struct sec obj_sec_check(struct obj *o, struct sec s);
struct sec obj_find_sec(struct obj *o, const char *name);
struct sym obj_sym_at(struct obj *o, struct sec symtab, size_t i);
struct rel obj_rel_at(struct obj *o, struct sec rel, size_t i);
struct btf_parts obj_btf_parts(struct obj *o);
size_t obj_next_type(struct obj *o, size_t p, size_t end, unsigned *kind);
struct sec obj_ext_part(struct obj *o, int which);
/* The one walk over a .BTF.ext subsection's blocks (obj_ext_part's part):
 * its record size REC, then per ELF section a block {sec_name_off,
 * num_info} and num_info records of REC bytes.  Each caller checks REC and
 * says each fault its own way. */
struct ext_walk { size_t p, end, rec; };
struct ext_block { size_t at, recs, num; uint32_t name_off; };	/* at: its header */
enum { EXT_END, EXT_BLOCK, EXT_CUT, EXT_OVER };
struct ext_walk obj_ext_walk(struct obj *o, struct sec part);
int obj_ext_next(struct obj *o, struct ext_walk *w, struct ext_block *b);
size_t type_size(unsigned kind, unsigned vlen);
#endif
