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

enum { W_RAW, W_REF, W_STR };	/* what a 32-bit word of a type holds */

struct ctype { size_t off; unsigned kind, vlen, words; };
static struct ctype *ty;	/* 1-based, as type ids */
static uint32_t nty;
static size_t s_base, s_len;	/* the input's string table, file offsets */

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory");
	return p;
}

static void put(unsigned char *b, size_t off, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		b[off + (big ? n - 1 - i : i)] = v >> (8 * i);
}

/* What word W of type T holds. */
static int word_class(const struct ctype *t, unsigned w)
{
	if (w == 0)
		return W_STR;
	if (w == 1)
		return W_RAW;
	if (w == 2)
		switch (t->kind) {
		case K_PTR: case K_TYPEDEF: case K_VOLATILE: case K_CONST:
		case K_RESTRICT: case K_FUNC: case K_FUNC_PROTO: case K_VAR:
		case K_TYPE_TAG: case K_DECL_TAG:
			return W_REF;
		default:
			return W_RAW;
		}
	w -= 3;
	switch (t->kind) {
	case K_ARRAY: return w < 2 ? W_REF : W_RAW;
	case K_STRUCT: case K_UNION: return w % 3 == 0 ? W_STR : w % 3 == 1 ? W_REF : W_RAW;
	case K_ENUM: return w % 2 == 0 ? W_STR : W_RAW;
	case K_ENUM64: return w % 3 == 0 ? W_STR : W_RAW;
	case K_FUNC_PROTO: return w % 2 == 0 ? W_STR : W_REF;
	case K_DATASEC: return w % 3 == 0 ? W_REF : W_RAW;
	}
	return W_RAW;
}

static uint32_t word(uint32_t id, unsigned w)
{
	return get(ty[id].off + 4 * (size_t)w, 4);
}

/* --- strings, with the prefix maps applied ----------------------------- */

static char **maps;
static int nmaps;

/* The string at offset OFF of the input's table. */
static const char *in_str(uint32_t off)
{
	const char *s = (const char *)buf + s_base + off;

	if (off >= s_len || !memchr(s, 0, s_len - off))
		die("a BTF string offset points past the string table");
	return s;
}

/* The string at OFF as GCC would have written it with the maps (the last
 * map whose OLD is a leading directory of it wins), in a buffer of its own. */
static char *mapped(uint32_t off)
{
	const char *s = in_str(off), *nw = NULL;
	size_t n = strlen(s), ol = 0;
	char *r;

	nw = prefix_map_match(maps, nmaps, s, n, &ol);
	if (!nw)
		nw = "", ol = 0;
	r = xcalloc(strlen(nw) + n - ol + 1, 1);
	memcpy(r, nw, strlen(nw));
	memcpy(r + strlen(nw), s + ol, n - ol);
	return r;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* splitmix64's finaliser over the running value: well spread, and
	 * the same on every host. */
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

static uint64_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* The output string table: the strings in order of first use, each once
 * (an open-addressing table from string to its new offset). */
static char *out_str;
static size_t out_str_len, out_str_cap;
static uint32_t *slot_off;	/* new offset + 1; 0: empty */
static size_t nslots, nused;

static uint32_t intern(char *s)
{
	size_t n = strlen(s), i;

	if (!*s) {
		free(s);
		return 0;
	}
	if (2 * (nused + 1) > nslots) {
		uint32_t *old = slot_off;
		size_t oldn = nslots;

		nslots = nslots ? 2 * nslots : 1024;
		slot_off = xcalloc(nslots, sizeof(*slot_off));
		for (size_t k = 0; k < oldn; k++) {
			if (!old[k])
				continue;
			for (i = str_hash(out_str + old[k] - 1) % nslots; slot_off[i]; i = (i + 1) % nslots)
				;
			slot_off[i] = old[k];
		}
		free(old);
	}
	for (i = str_hash(s) % nslots; slot_off[i]; i = (i + 1) % nslots)
		if (!strcmp(out_str + slot_off[i] - 1, s)) {
			free(s);
			return slot_off[i] - 1;
		}
	if (out_str_len + n + 1 > UINT32_MAX)
		die("the BTF string table grows past 4 GiB");
	while (out_str_len + n + 1 > out_str_cap) {
		out_str_cap = out_str_cap ? 2 * out_str_cap : 4096;
		out_str = realloc(out_str, out_str_cap);
		if (!out_str)
			die("out of memory");
	}
	memcpy(out_str + out_str_len, s, n + 1);
	slot_off[i] = out_str_len + 1;
	nused++;
	out_str_len += n + 1;
	free(s);
	return slot_off[i] - 1;
}

/* --- the canonical type order ------------------------------------------ */

static uint64_t *key;
static char **name;	/* each type's name, mapped */

static int by_canon(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c;

	if (ty[x].kind != ty[y].kind)
		return ty[x].kind < ty[y].kind ? -1 : 1;
	c = strcmp(name[x], name[y]);
	if (c)
		return c;
	if (key[x] != key[y])
		return key[x] < key[y] ? -1 : 1;
	/* Indistinguishable by structure, from either side (in practice
	 * duplicates): their order does not show in the bytes. */
	return (x > y) - (x < y);
}

static int by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static size_t distinct(const uint64_t *k, uint64_t *scratch)
{
	size_t n = 0;

	memcpy(scratch, k + 1, nty * sizeof(*k));
	qsort(scratch, nty, sizeof(*scratch), by_u64);
	for (uint32_t i = 0; i < nty; i++)
		n += !i || scratch[i] != scratch[i - 1];
	return n;
}

/* The keys: each type's own fields, then rounds of refinement. */
static void compute_keys(void)
{
	uint64_t *next = xcalloc(nty + 1, sizeof(*next)), *in = xcalloc(nty + 1, sizeof(*in));
	uint64_t *scratch = xcalloc(nty + 1, sizeof(*scratch));
	size_t classes;

	key = xcalloc(nty + 1, sizeof(*key));
	name = xcalloc(nty + 1, sizeof(*name));
	for (uint32_t i = 1; i <= nty; i++) {
		uint64_t h = mix(0, ty[i].kind);

		name[i] = mapped(word(i, 0));
		for (unsigned w = 0; w < ty[i].words; w++) {
			uint32_t v = word(i, w);

			switch (word_class(&ty[i], w)) {
			case W_RAW: h = mix(h, v); break;
			case W_STR:
				if (w) {
					char *m = mapped(v);
					h = mix(h, str_hash(m));
					free(m);
				} else {
					h = mix(h, str_hash(name[i]));
				}
				break;
			case W_REF:
				if (v > nty)
					die("a BTF type refers to a type id past the last type");
				h = mix(h, v ? 1 : 0);	/* void or a type; which: below */
				break;
			}
		}
		key[i] = h;
	}
	classes = distinct(key, scratch);
	for (uint32_t round = 0; round <= nty; round++) {
		memset(in, 0, (nty + 1) * sizeof(*in));
		for (uint32_t i = 1; i <= nty; i++) {
			uint64_t h = mix(key[i], 0x5eed);
			unsigned nref = 0;

			for (unsigned w = 0; w < ty[i].words; w++) {
				uint32_t v;

				if (word_class(&ty[i], w) != W_REF)
					continue;
				v = word(i, w);
				h = mix(h, v ? key[v] : 0);
				/* Who refers to a type, and by which field: a
				 * sum, as the referrers come in no order. */
				if (v)
					in[v] += mix(key[i], nref);
				nref++;
			}
			next[i] = h;
		}
		for (uint32_t i = 1; i <= nty; i++)
			next[i] = mix(next[i], in[i]);
		size_t now = distinct(next, scratch);
		memcpy(key, next, (nty + 1) * sizeof(*key));
		if (now <= classes)
			break;
		classes = now;
	}
	free(next);
	free(in);
	free(scratch);
}

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

/* Rewrite the .BTF.ext subsection at [p, p+n) in OUT (the output copy of
 * the input file's bytes): its section names, and in each record of at
 * least MIN bytes the type id at REF (if any) and the strings at S1, S2. */
static void map_ext(unsigned char *out, const uint32_t *remap, size_t p, size_t n,
		    size_t min, int ref, int s1, int s2)
{
	size_t end = p + n, rec;

	if (!n)
		return;
	if (n < 4 || end > ext_end || end < p)
		die("a .BTF.ext subsection lies outside its section");
	rec = get(p, 4);
	if (rec < min)
		die("a .BTF.ext record is smaller than its fields");
	for (p += 4; p < end;) {
		size_t num;

		if (end - p < 8)
			die("a .BTF.ext subsection ends inside a record header");
		put(out, p, intern(mapped(get(p, 4))), 4);
		ext_word(p);
		num = get(p + 4, 4);
		p += 8;
		if (num > (end - p) / rec)
			die("a .BTF.ext section holds more records than bytes");
		for (size_t i = 0; i < num; i++, p += rec) {
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

void canonicalise(char **map_list, int map_count, const char *out_path)
{
	struct sec btf = find_sec(".BTF"), ext;
	size_t hdr, t_start, t_end, new_btf_size, new_types_size = 0, p, out_len;
	uint32_t *order, *remap;
	unsigned char *copy, *out, *nb;
	struct region *rg;
	size_t nrg = 0;
	FILE *f;

	maps = map_list;
	nmaps = map_count;
	shoff = get(0x28, 8);
	shentsize = get(0x3a, 2);
	shnum = get(0x3c, 2);
	if (shentsize < 0x40 || shoff + shnum * shentsize > len || shoff + shnum * shentsize < shoff)
		die("the section headers lie past the end of the file");
	if (btf.size < 24 || get(btf.off, 2) != 0xeb9f)
		die("no .BTF section to canonicalise");
	hdr = get(btf.off + 4, 4);
	if (hdr < 24 || hdr > btf.size)
		die("the .BTF header is not 24 bytes or more within its section");
	t_start = btf.off + hdr + get(btf.off + 8, 4);
	t_end = t_start + get(btf.off + 12, 4);
	s_base = btf.off + hdr + get(btf.off + 16, 4);
	s_len = get(btf.off + 20, 4);
	if (t_end > btf.off + btf.size || s_base + s_len > btf.off + btf.size || !s_len ||
	    buf[s_base + s_len - 1])
		die("the .BTF header points past its section, or its strings do not end in a NUL");

	/* The types, as they are. */
	size_t cap = 64;
	ty = xcalloc(cap, sizeof(*ty));
	for (p = t_start; p < t_end;) {
		uint32_t info = get(p + 4, 4);
		struct ctype t = { p, (info >> 24) & 0x1f, info & 0xffff, 0 };
		size_t sz = type_size(t.kind, t.vlen);

		if (!sz)
			die("a BTF kind this program does not know: leave it unsorted (drop --btf-sort)");
		t.words = sz / 4;
		if (++nty >= cap) {
			ty = realloc(ty, (cap *= 2) * sizeof(*ty));
			if (!ty)
				die("out of memory");
		}
		ty[nty] = t;
		p += sz;
		if (p > t_end)
			die("the BTF types run past their section");
		new_types_size += sz;
	}

	compute_keys();
	order = xcalloc(nty + 1, sizeof(*order));
	remap = xcalloc(nty + 1, sizeof(*remap));
	for (uint32_t i = 0; i < nty; i++)
		order[i] = i + 1;
	qsort(order, nty, sizeof(*order), by_canon);
	for (uint32_t i = 0; i < nty; i++)
		remap[order[i]] = i + 1;

	/* The new .BTF: the header, the types in order, then the strings,
	 * which start with the empty one. */
	out_str = xcalloc(out_str_cap = 4096, 1);
	out_str_len = 1;
	nb = xcalloc(hdr + new_types_size, 1);
	memcpy(nb, buf + btf.off, hdr);
	p = hdr;
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

	/* .BTF.ext, rewritten in a copy of the input (it does not move). */
	copy = xcalloc(len, 1);
	memcpy(copy, buf, len);
	ext = find_sec(".BTF.ext");
	if (ext.size >= 8 && get(ext.off, 2) == 0xeb9f) {
		size_t eh = get(ext.off + 4, 4), b = ext.off + eh;

		if (eh < 24 || eh > ext.size)
			die("the .BTF.ext header is not 24 bytes or more within its section");
		ext_end = ext.off + ext.size;
		/* func_info: insn_off, type_id; line_info: insn_off,
		 * file_name_off, line_off, line_col; CO-RE: insn_off,
		 * type_id, access_str_off, kind. */
		map_ext(copy, remap, b + get(ext.off + 8, 4), get(ext.off + 12, 4), 8, 4, -1, -1);
		map_ext(copy, remap, b + get(ext.off + 16, 4), get(ext.off + 20, 4), 16, -1, 4, 8);
		if (eh >= 32)
			map_ext(copy, remap, b + get(ext.off + 24, 4), get(ext.off + 28, 4), 16, 4, 8, -1);
	} else if (ext.size) {
		die(".BTF.ext has no BTF magic");
	}
	check_relocations(btf.idx, &ext);

	new_btf_size = hdr + new_types_size + out_str_len;
	put(nb, 8, 0, 4);
	put(nb, 12, new_types_size, 4);
	put(nb, 16, new_types_size, 4);
	put(nb, 20, out_str_len, 4);

	/* Everything that lies after .BTF's start moves: the sections (not
	 * NOBITS, which take no bytes) and the section headers. */
	rg = xcalloc(shnum + 1, sizeof(*rg));
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

	out_len = btf.off + new_btf_size;
	for (size_t r = 0; r < nrg; r++)
		out_len = (out_len + rg[r].align - 1) / rg[r].align * rg[r].align + rg[r].size;
	out = xcalloc(out_len, 1);
	memcpy(out, copy, btf.off);
	memcpy(out + btf.off, nb, hdr + new_types_size);
	memcpy(out + btf.off + hdr + new_types_size, out_str, out_str_len);
	p = btf.off + new_btf_size;
	size_t new_shoff = 0;
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
	put(out, new_shoff + btf.idx * shentsize + 0x20, new_btf_size, 8);
	/* NOBITS sections after .BTF point where their place would be. */
	for (unsigned i = 1; i < shnum; i++)
		if (sh(i, 4, 4) == 8 && sh(i, 0x18, 8) > btf.off)
			put(out, new_shoff + i * shentsize + 0x18, btf.off + new_btf_size, 8);

	f = fopen(out_path, "wb");
	if (!f)
		die("cannot write the output");
	if (fwrite(out, 1, out_len, f) != out_len || fclose(f)) {
		remove(out_path);
		die("cannot write the output");
	}
	/* What no global holds: LSan, which ASan runs at exit, counts it lost. */
	free(out);
	free(rg);
	free(copy);
	free(nb);
	free(remap);
	free(order);
}
