// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-canon.c: bpfbuild-btf-sort --canonical, the BTF of an object
 * rewritten in an order that follows from its content alone.
 *
 * Why: gcc-bpf 12 emits its BTF types in the order of the heap addresses of
 * its internal nodes, so address randomisation and the length of every
 * path the compiler allocates give other type ids and another string table
 * (docs/reproducible-btf.md).  Its objects cannot go through the libbpf
 * linker, so no link step rewrites them; this does, instead:
 *  - every type gets a key from its structure only: its own fields (kind,
 *    name, sizes, member names and offsets, values), refined round by round
 *    with the keys of the types it refers to and of those that refer to it,
 *    until the rounds split no more types apart; the types are then sorted
 *    by kind, name and key.  Types still tied are indistinguishable, so
 *    their order does not show in the bytes;
 *  - the string table holds the referenced strings only, each once, in the
 *    order of first use (types, then .BTF.ext), with the prefix maps
 *    applied for real (no padding, which would keep the old length);
 *  - every type id and string offset in .BTF and .BTF.ext (func_info,
 *    line_info, CO-RE records) is rewritten; no .BTF.ext record moves, so
 *    the relocations gcc emits against their instruction offsets
 *    (.rel.BTF.ext) stay right, and a relocation on anything rewritten
 *    here is refused;
 *  - the sections after .BTF are laid out again as the assembler does
 *    (each at the next offset its alignment allows, the section headers
 *    last), so the file depends only on their contents.
 * The code and every other section's bytes stay as they are. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bpfbuild-btf.h"
#include "bpfbuild-btf-canon.h"

/* --- .BTF.ext ----------------------------------------------------------- */

/* The offsets (in the file) of the .BTF.ext words rewritten here, for the
 * relocation check. */
static size_t *ext_words;
static size_t n_ext_words, cap_ext_words;
static size_t ext_end;	/* the end of .BTF.ext in the file */

static void ext_word(size_t off)
{
	if (n_ext_words == cap_ext_words) {
		cap_ext_words = cap_ext_words ? 2 * cap_ext_words : 256;
		ext_words = realloc(ext_words, cap_ext_words * sizeof(*ext_words));
		if (!ext_words)
			die("out of memory");
	}
	ext_words[n_ext_words++] = off;
}

/* Rewrite in OUT the record at P: the type id at REF (if any), the
 * strings at S1, S2 (if any). */
static void map_record(unsigned char *out, const uint32_t *remap, size_t p,
		       int ref, int s1, int s2)
{
	if (ref >= 0) {
		uint32_t id = get(p + ref, 4);

		if (id > nty)
			die("a .BTF.ext record refers to a type id past the last type");
		put(out, p + ref, remap[id], 4);
		ext_word(p + ref);
	}
	if (s1 >= 0) {
		put(out, p + s1, intern(mapped(get(p + s1, 4))), 4);
		ext_word(p + s1);
	}
	if (s2 >= 0) {
		put(out, p + s2, intern(mapped(get(p + s2, 4))), 4);
		ext_word(p + s2);
	}
}

/* Rewrite the .BTF.ext subsection at [p, p+n) in OUT (the output copy of
 * the input file's bytes): its section names, and in each record of at
 * least MIN bytes the type id at REF (if any) and the strings at S1, S2. */
static void map_ext(unsigned char *out, const uint32_t *remap, size_t p, size_t n,
		    size_t min, int ref, int s1, int s2)
{
	struct sec part = { .off = p, .size = n };
	struct ext_walk w;
	struct ext_block b;
	int r;

	if (!n)
		return;
	if (n < 4 || p + n > ext_end || p + n < p)
		die("a .BTF.ext subsection lies outside its section");
	w = ext_walk(part);
	if (w.rec < min)
		die("a .BTF.ext record is smaller than its fields");
	while ((r = ext_next(&w, &b)) != EXT_END) {
		if (r == EXT_CUT)
			die("a .BTF.ext subsection ends inside a record header");
		put(out, b.at, intern(mapped(b.name_off)), 4);
		ext_word(b.at);
		if (r == EXT_OVER)
			die("a .BTF.ext section holds more records than bytes");
		for (size_t i = 0; i < b.num; i++)
			map_record(out, remap, b.recs + i * w.rec, ref, s1, s2);
	}
}

/* --- the ELF ------------------------------------------------------------ */

static size_t shoff, shentsize, shnum;

static size_t sh(unsigned i, size_t field, int n)
{
	return get(shoff + i * shentsize + field, n);
}

/* No relocation may apply to .BTF (its bytes move), nor to a word of
 * .BTF.ext rewritten here. */
static void check_relocations(unsigned btf_idx, const struct sec *ext)
{
	for (unsigned i = 0; i < shnum; i++) {
		unsigned type = sh(i, 4, 4), target = sh(i, 0x2c, 4);
		size_t off = sh(i, 0x18, 8), size = sh(i, 0x20, 8);
		size_t ent = type == 4 ? 24 : 16;	/* SHT_RELA : SHT_REL */

		if (type != 9 && type != 4)
			continue;
		if (target == btf_idx && size)
			die("a relocation applies to .BTF: its types cannot move (drop --btf-sort)");
		if (!ext->size || target != ext->idx)
			continue;
		for (size_t r = off; r + ent <= off + size; r += ent) {
			size_t at = ext->off + get(r, 8);

			for (size_t k = 0; k < n_ext_words; k++)
				if (at + 4 > ext_words[k] && at < ext_words[k] + 4)
					die("a relocation applies to a type id or string offset in .BTF.ext (drop --btf-sort)");
		}
	}
}

struct region { size_t off, size, align; long idx; /* -1: section headers */ };

static int by_off(const void *a, const void *b)
{
	const struct region *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

/* The new .BTF in a buffer of its own: the header HDR bytes of it, the
 * types in ORDER (TYPES_SIZE bytes), their ids by REMAP, their strings
 * interned into out_str, which starts with the empty one. */
static unsigned char *new_btf(struct sec btf, size_t hdr, size_t types_size,
			      const uint32_t *order, const uint32_t *remap)
{
	unsigned char *nb = xcalloc(hdr + types_size, 1);
	size_t p = hdr;

	out_str = xcalloc(out_str_cap = 4096, 1);
	out_str_len = 1;
	memcpy(nb, buf + btf.off, hdr);
	for (uint32_t k = 0; k < nty; k++) {
		uint32_t id = order[k];

		for (unsigned w = 0; w < ty[id].words; w++, p += 4) {
			uint32_t v = word(id, w);

			switch (word_class(&ty[id], w)) {
			case W_STR: v = intern(mapped(v)); break;
			case W_REF: v = remap[v]; break;
			}
			put(nb, p, v, 4);
		}
	}
	return nb;
}

/* .BTF.ext rewritten in COPY, the input's bytes (it does not move); the
 * section, size 0 if none. */
static struct sec rewrite_ext(unsigned char *copy, const uint32_t *remap)
{
	struct sec ext = find_sec(".BTF.ext"), f = ext_part(EXT_FUNC);
	struct sec l = ext_part(EXT_LINE), c = ext_part(EXT_CORE);

	ext_end = ext.off + ext.size;
	/* func_info: insn_off, type_id; line_info: insn_off, file_name_off,
	 * line_off, line_col; CO-RE: insn_off, type_id, access_str_off, kind. */
	map_ext(copy, remap, f.off, f.size, 8, 4, -1, -1);
	map_ext(copy, remap, l.off, l.size, 16, -1, 4, 8);
	map_ext(copy, remap, c.off, c.size, 16, 4, 8, -1);
	return ext;
}

/* The sections after .BTF's start and the section headers: the regions
 * that move, in file order, in RG; their number. */
static size_t moving_regions(struct sec btf, struct region *rg)
{
	size_t nrg = 0;

	/* Not NOBITS, which take no bytes. */
	for (unsigned i = 1; i < shnum; i++) {
		size_t off = sh(i, 0x18, 8), size = sh(i, 0x20, 8), al = sh(i, 0x30, 8);

		if (i == btf.idx || sh(i, 4, 4) == 8 || off < btf.off)
			continue;
		if (off + size > len || off + size < off)
			die("a section lies past the end of the file");
		if (al & (al - 1))
			die("a section's alignment is not a power of two");
		rg[nrg++] = (struct region){ off, size, al ? al : 1, i };
	}
	if (shoff < btf.off + btf.size)
		die("the section headers lie before or inside .BTF");
	rg[nrg++] = (struct region){ shoff, shnum * shentsize, 8, -1 };
	qsort(rg, nrg, sizeof(*rg), by_off);
	return nrg;
}

/* COPY with its .BTF replaced by NB (BTF_SIZE bytes, of which the
 * strings are out_str), laid out again as the assembler does, written to
 * OUT_PATH. */
static void lay_out(struct sec btf, const unsigned char *copy, const unsigned char *nb,
		    size_t btf_size, const char *out_path)
{
	struct region *rg = xcalloc(shnum + 1, sizeof(*rg));
	size_t nrg = moving_regions(btf, rg), out_len, p, new_shoff = 0;
	unsigned char *out;

	out_len = btf.off + btf_size;
	for (size_t r = 0; r < nrg; r++)
		out_len = (out_len + rg[r].align - 1) / rg[r].align * rg[r].align + rg[r].size;
	out = xcalloc(out_len, 1);
	memcpy(out, copy, btf.off);
	memcpy(out + btf.off, nb, btf_size - out_str_len);
	memcpy(out + btf.off + btf_size - out_str_len, out_str, out_str_len);
	p = btf.off + btf_size;
	for (size_t r = 0; r < nrg; r++) {
		p = (p + rg[r].align - 1) / rg[r].align * rg[r].align;
		memcpy(out + p, copy + rg[r].off, rg[r].size);
		if (rg[r].idx < 0)
			new_shoff = p;
		rg[r].off = p;	/* now the new offset */
		p += rg[r].size;
	}
	put(out, 0x28, new_shoff, 8);
	for (size_t r = 0; r < nrg; r++)
		if (rg[r].idx >= 0)
			put(out, new_shoff + rg[r].idx * shentsize + 0x18, rg[r].off, 8);
	put(out, new_shoff + btf.idx * shentsize + 0x20, btf_size, 8);
	/* NOBITS sections after .BTF point where their place would be. */
	for (unsigned i = 1; i < shnum; i++)
		if (sh(i, 4, 4) == 8 && sh(i, 0x18, 8) > btf.off)
			put(out, new_shoff + i * shentsize + 0x18, btf.off + btf_size, 8);
	write_object(out_path, out, out_len);
	/* What no global holds: LSan, which ASan runs at exit, counts it lost. */
	free(out);
	free(rg);
}

/* The .BTF header's checks; its size, with the types' bounds in *T_START,
 * *T_END and the strings' in s_base, s_len. */
static size_t read_btf_header(struct sec btf, size_t *t_start, size_t *t_end)
{
	struct btf_parts b;

	if (!btf.size)
		die("no .BTF section to canonicalise");
	b = btf_parts();
	*t_start = b.types;
	*t_end = b.types_end;
	s_base = b.strs;
	s_len = b.strs_len;
	return b.hdr;
}

void canonicalise(char **map_list, int map_count, const char *out_path)
{
	struct sec btf = find_sec(".BTF"), ext;
	size_t hdr, t_start, t_end, types_size, btf_size;
	uint32_t *order, *remap;
	unsigned char *copy, *nb;

	maps = map_list;
	nmaps = map_count;
	shoff = get(0x28, 8);
	shentsize = get(0x3a, 2);
	shnum = get(0x3c, 2);
	if (shentsize < 0x40 || shoff + shnum * shentsize > len || shoff + shnum * shentsize < shoff)
		die("the section headers lie past the end of the file");
	hdr = read_btf_header(btf, &t_start, &t_end);
	types_size = read_types(t_start, t_end);
	order = xcalloc(nty + 1, sizeof(*order));
	remap = xcalloc(nty + 1, sizeof(*remap));
	canon_order(order, remap);
	nb = new_btf(btf, hdr, types_size, order, remap);
	copy = xcalloc(len, 1);
	memcpy(copy, buf, len);
	ext = rewrite_ext(copy, remap);
	check_relocations(btf.idx, &ext);

	btf_size = hdr + types_size + out_str_len;
	put(nb, 8, 0, 4);
	put(nb, 12, types_size, 4);
	put(nb, 16, types_size, 4);
	put(nb, 20, out_str_len, 4);
	lay_out(btf, copy, nb, btf_size, out_path);
	free(copy);
	free(nb);
	free(remap);
	free(order);
}
