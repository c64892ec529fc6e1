// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-sort: put the forward declarations that clang appends to an
 * object's BTF into name order, so that the bytes no longer depend on where
 * the compiler's heap placed its debug-info nodes.
 *
 * Why: newer clang (19 and 21 here; 14 did not) keys the pointee fixups of its BTF writer
 * (BTFDebug's FixupDerivedTypes) by the address of each struct's debug-info
 * node, and appends a FWD (and its TYPE_TAGs) per entry in that order, after
 * the last DATASEC.  Addresses shift with the length of the build paths and
 * with a precompiled header, so the same source gives other type ids
 * (docs/reproducible-btf.md).  clang 14 keyed them by name: this order is
 * its order, and on its objects the program changes nothing.
 *
 * And: gcc-bpf (14, 16) writes the absolute source path into the BTF
 * strings (.BTF.ext's line info names it) without applying
 * -ffile-prefix-map.  --prefix-map OLD=NEW does it here, as GCC would: the
 * last map whose OLD is a leading directory of a string wins, and the string
 * is rewritten in place, NUL-padded (NEW is never longer than OLD).  The
 * libbpf linker ("bpftool gen object") then writes only the strings that
 * are referenced, so the padding leaves no trace in the final object.
 *
 * Usage: bpfbuild-btf-sort [--canonical] [--prefix-map OLD=NEW]... IN.o OUT.o
 * --canonical: rewrite all of the BTF in an order of its content, for a
 * compiler whose objects no linker rewrites (bpfbuild-btf-canon.c).
 * Without it:
 * Only the types after the last DATASEC move, and only when they are all
 * FWD or TYPE_TAG; every type id that points at them is rewritten (in .BTF
 * and in .BTF.ext's func_info and CO-RE records).  Section sizes and every
 * other byte stay.  Run before "bpftool gen object", whose linker then
 * writes its string table in type order.  Exit 0 (written), 1 with one line
 * naming the cause. */
#define _POSIX_C_SOURCE 200809L	/* strnlen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"

/* Whether a relocation section applies to section IDX at [lo, hi). */
static int relocated_within(unsigned idx, size_t lo, size_t hi)
{
	size_t shoff = get(0x28, 8);
	unsigned shentsize = get(0x3a, 2), shnum = get(0x3c, 2);

	for (unsigned i = 0; i < shnum; i++) {
		size_t h = shoff + (size_t)i * shentsize;
		unsigned type = get(h + 4, 4);
		size_t off = get(h + 0x18, 8), size = get(h + 0x20, 8);
		size_t ent = type == 4 ? 24 : 16;	/* SHT_RELA : SHT_REL */

		if ((type != 9 && type != 4) || get(h + 0x2c, 4) != idx)
			continue;
		for (size_t r = off; r + ent <= off + size; r += ent) {
			size_t at = get(r, 8);
			if (at >= lo && at < hi)
				return 1;
		}
	}
	return 0;
}

struct type { size_t off, size; unsigned kind, name, kflag; uint32_t ref; };
static struct type *types;	/* 1-based, as type ids */
static uint32_t ntypes;
static const char *strs;
static size_t str_len;

static void parse_types(size_t start, size_t end)
{
	size_t cap = 64;

	ntypes = 0;
	free(types);
	types = calloc(cap, sizeof(*types));
	for (size_t p = start; p < end;) {
		uint32_t info = get(p + 4, 4);
		struct type t = { p, 0, 0, get(p, 4), info >> 31, get(p + 8, 4) };
		size_t next = next_type(p, end, &t.kind);

		t.size = next - p;
		if (++ntypes >= cap)
			types = realloc(types, (cap *= 2) * sizeof(*types));
		if (!types)
			die("out of memory");
		types[ntypes] = t;
		p = next;
	}
}

static const char *name_of(uint32_t id)
{
	return types[id].name < str_len ? strs + types[id].name : "";
}

/* The sort key of a tail type: the name and kind of the struct or union it
 * stands for (a TYPE_TAG: of what its chain ends at). */
static uint32_t key_of(uint32_t id)
{
	for (uint32_t n = 0; types[id].kind == K_TYPE_TAG && n < ntypes; n++) {
		uint32_t next = types[id].ref;
		if (!next || next > ntypes)
			break;
		id = next;
	}
	return id;
}

static int key_union(uint32_t id)
{
	return types[id].kind == K_FWD ? (int)types[id].kflag : types[id].kind == K_UNION;
}

static uint32_t *tail;

static int by_key(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t kx = key_of(x), ky = key_of(y);
	int c = strcmp(name_of(kx), name_of(ky));

	if (!c)
		c = key_union(kx) - key_union(ky);
	/* Stable: a FWD before its tags, the tags in the compiler's order. */
	return c ? c : (x > y) - (x < y);
}

static uint32_t *remap;

/* Apply the NMAPS "OLD=NEW" maps of MAPS to every string of the table. */
static void map_strings(char **maps, int nmaps)
{
	char *s = (char *)strs, *end = (char *)strs + str_len;

	for (; s < end; s += strlen(s) + 1) {
		size_t n = strnlen(s, end - s), ol = 0;
		const char *nw = NULL;

		if (n == (size_t)(end - s))
			die("the BTF string table does not end in a NUL");
		nw = prefix_map_match(maps, nmaps, s, n, &ol);
		if (!nw)
			continue;
		size_t nl = strlen(nw), rest = n - ol;

		if (nl > ol)
			die("a --prefix-map NEW is longer than its OLD: the string cannot be rewritten in place");
		memmove(s, nw, nl);
		memmove(s + nl, s + ol, rest);
		memset(s + nl + rest, 0, ol - nl);
	}
}

static void map_ref(size_t off)
{
	uint32_t id = get(off, 4);

	if (id && id <= ntypes)
		put32(off, remap[id]);
}

/* Rewrite every type id of the .BTF.ext subsection at [p, p+n) whose
 * records hold a type id at TYPE_AT. */
static void map_ext(size_t p, size_t n, size_t type_at)
{
	struct sec part = { .off = p, .size = n };
	struct ext_walk w;
	struct ext_block b;
	int r;

	if (!n)
		return;
	w = ext_walk(part);
	if (w.rec < type_at + 4)
		die("a .BTF.ext record is smaller than its fields");
	/* A block header cut short at the end is left as it is. */
	while ((r = ext_next(&w, &b)) != EXT_END && r != EXT_CUT) {
		if (r == EXT_OVER)
			die("a .BTF.ext section holds more records than bytes");
		for (size_t i = 0; i < b.num; i++)
			map_ref(b.recs + i * w.rec + type_at);
	}
}

/* Every type id in .BTF that points at a type, remapped. */
static void map_type_refs(void)
{
	for (uint32_t i = 1; i <= ntypes; i++) {
		const struct type *t = &types[i];
		unsigned vlen = get(t->off + 4, 4) & 0xffff;

		switch (t->kind) {
		case K_PTR: case K_TYPEDEF: case K_VOLATILE: case K_CONST:
		case K_RESTRICT: case K_FUNC: case K_FUNC_PROTO: case K_VAR:
		case K_TYPE_TAG: case K_DECL_TAG:
			map_ref(t->off + 8);
			break;
		}
		for (unsigned m = 0; m < vlen; m++)
			switch (t->kind) {
			case K_STRUCT: case K_UNION:
				map_ref(t->off + 12 + 12 * m + 4);
				break;
			case K_FUNC_PROTO:
				map_ref(t->off + 12 + 8 * m + 4);
				break;
			case K_DATASEC:
				map_ref(t->off + 12 + 12 * m);
				break;
			}
		if (t->kind == K_ARRAY) {
			map_ref(t->off + 12);
			map_ref(t->off + 16);
		}
	}
}

/* .BTF.ext's func_info and CO-RE records, remapped. */
static void map_ext_refs(void)
{
	struct sec func = ext_part(EXT_FUNC), core = ext_part(EXT_CORE);

	map_ext(func.off, func.size, 4);
	map_ext(core.off, core.size, 4);
}

/* The types after the last DATASEC, when all FWD or TYPE_TAG (the
 * compiler's fixups), put in name order, and every type id remapped. */
static void sort_tail(struct sec btf, size_t type_start, size_t type_end, uint32_t last_ds)
{
	uint32_t first = last_ds + 1, ntail = last_ds ? ntypes - last_ds : 0;
	size_t tail_off;
	unsigned char *moved;

	for (uint32_t i = first; ntail && i <= ntypes; i++)
		if (types[i].kind != K_FWD && types[i].kind != K_TYPE_TAG)
			ntail = 0;	/* not the compiler's fixups: leave it */
	if (ntail <= 1)
		return;
	tail_off = types[first].off;
	if (relocated_within(btf.idx, tail_off - btf.off, type_end - btf.off))
		die("a relocation points into the types to sort: leave it unsorted (drop --btf-sort)");
	tail = malloc(ntail * sizeof(*tail));
	remap = malloc((ntypes + 1) * sizeof(*remap));
	moved = malloc(type_end - tail_off);
	if (!tail || !remap || !moved)
		die("out of memory");
	for (uint32_t i = 0; i < ntail; i++)
		tail[i] = first + i;
	qsort(tail, ntail, sizeof(*tail), by_key);
	for (uint32_t i = 0; i <= ntypes; i++)
		remap[i] = i;
	for (uint32_t i = 0, p = 0; i < ntail; i++) {
		remap[tail[i]] = first + i;
		memcpy(moved + p, buf + types[tail[i]].off, types[tail[i]].size);
		p += types[tail[i]].size;
	}
	memcpy(buf + tail_off, moved, type_end - tail_off);
	free(moved);
	parse_types(type_start, type_end);
	map_type_refs();
	map_ext_refs();
}

/* Sorted (or canonicalised, or only prefix-mapped) IN written to OUT. */
static void sort_btf(char **maps, int nmaps, const char *out)
{
	struct sec btf = find_sec(".BTF");
	struct btf_parts b = btf_parts();
	uint32_t last_ds = 0;

	if (b.hdr) {
		strs = (const char *)buf + b.strs;
		str_len = b.strs_len;
		parse_types(b.types, b.types_end);
		for (uint32_t i = 1; i <= ntypes; i++)
			if (types[i].kind == K_DATASEC)
				last_ds = i;
		if (nmaps)
			map_strings(maps, nmaps);
	}
	sort_tail(btf, b.types, b.types_end, last_ds);
	write_object(out, buf, len);
}

int main(int argc, char **argv)
{
	char **maps = argv + 1;
	int nmaps = 0, canonical = 0, a = 1;

	for (; a < argc && !strncmp(argv[a], "--", 2); a++) {
		if (!strcmp(argv[a], "--canonical")) {
			canonical = 1;
		} else if (!strcmp(argv[a], "--prefix-map") && a + 1 < argc) {
			if (!strchr(argv[++a], '=')) {
				fprintf(stderr, "bpfbuild-btf-sort: --prefix-map takes OLD=NEW, not '%s'\n", argv[a]);
				return 2;
			}
			maps[nmaps++] = argv[a];
		} else {
			break;
		}
	}
	if (argc - a != 2) {
		fprintf(stderr, "usage: bpfbuild-btf-sort [--canonical] [--prefix-map OLD=NEW]... IN.o OUT.o\n");
		return 2;
	}
	read_object(argv[a]);
	if (canonical)
		canonicalise(maps, nmaps, argv[a + 1]);
	else
		sort_btf(maps, nmaps, argv[a + 1]);
	return 0;
}
