// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-read.c: the engine's one object reader, the ground floor of
 * bpfbuild-btf-sort, its --canonical mode and bpfbuild-objinfo
 * (bpfbuild-btf.h): the object read whole into memory, bounds-checked
 * access in its byte order, its sections and symbols, the .BTF header and
 * its types, the .BTF.ext subsections, the prefix maps' match, and the
 * result written out.  It uses nothing of the files above it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"

const char *tool_name = "bpfbuild-btf-sort";
const char *in_path;
unsigned char *buf;
size_t len;
int big;

void die(const char *why)
{
	fprintf(stderr, "%s: %s: %s\n", tool_name, in_path, why);
	exit(1);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory");
	return p;
}

/* PATH read into buf; refused unless a 64-bit ELF object. */
void read_object(const char *path)
{
	FILE *f;

	in_path = path;
	f = fopen(in_path, "rb");
	if (!f)
		die(strerror(errno));
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc(len ? len : 1);
	if (!buf || fread(buf, 1, len, f) != len)
		die("cannot read it");
	fclose(f);
	if (len < 64 || memcmp(buf, "\177ELF", 4) || buf[4] != 2)
		die("not a 64-bit ELF object");
	big = buf[5] == 2;
}

/* The N bytes at OUT written to PATH; nothing left there on failure. */
void write_object(const char *path, const unsigned char *out, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		die("cannot write the output");
	if (fwrite(out, 1, n, f) != n || fclose(f)) {
		remove(path);
		die("cannot write the output");
	}
}

uint64_t get(size_t off, int n)
{
	uint64_t v = 0;

	if (off + n > len || off + n < off)
		die("truncated: an offset points past the end of the file");
	for (int i = 0; i < n; i++)
		v |= (uint64_t)buf[off + (big ? i : n - 1 - i)] << (8 * (n - 1 - i));
	return v;
}

void put(unsigned char *b, size_t off, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		b[off + (big ? n - 1 - i : i)] = v >> (8 * i);
}

void put32(size_t off, uint32_t v)
{
	put(buf, off, v, 4);
}

unsigned sec_count(void)
{
	return get(0x3c, 2);
}

/* The I-th section header, its name in *NAME ("" when it has none inside
 * the file).  Its extent is not checked: sec_check. */
struct sec sec_at(unsigned i, const char **name)
{
	size_t shoff = get(0x28, 8);
	unsigned shentsize = get(0x3a, 2), shstrndx = get(0x3e, 2);
	size_t strtab = get(shoff + (size_t)shstrndx * shentsize + 0x18, 8);
	size_t h = shoff + (size_t)i * shentsize;
	size_t n = strtab + get(h, 4);
	struct sec s = { get(h + 0x18, 8), get(h + 0x20, 8), i, get(h + 4, 4), get(h + 0x28, 4) };

	*name = n < len && n >= strtab && memchr(buf + n, 0, len - n) ? (char *)buf + n : "";
	return s;
}

/* S, unless its bytes lie past the end of the file (SHT_NOBITS has none). */
struct sec sec_check(struct sec s)
{
	if (s.type != 8 && (s.off + s.size > len || s.off + s.size < s.off))
		die("a section lies past the end of the file");
	return s;
}

/* The last section named NAME; size 0 when absent. */
struct sec find_sec(const char *name)
{
	struct sec s = { 0, 0, 0, 0, 0 };
	const char *n;

	for (unsigned i = 0; i < sec_count(); i++) {
		struct sec t = sec_at(i, &n);

		if (!strcmp(n, name))
			s = sec_check(t);
	}
	return s;
}

/* The I-th symbol of SYMTAB (an Elf64_Sym table), its name from the string
 * table SYMTAB links to ("" when none). */
struct sym sym_at(struct sec symtab, size_t i)
{
	const char *ignored;
	struct sec str = sec_check(sec_at(symtab.link, &ignored));
	size_t p = symtab.off + 24 * i;
	size_t n = get(p, 4);
	struct sym y = { "", get(p + 6, 2), get(p + 4, 1) & 0xf };

	if (n < str.size && memchr(buf + str.off + n, 0, str.size - n))
		y.name = (char *)buf + str.off + n;
	return y;
}

/* The .BTF header's parts, its size and file offsets; all 0 without .BTF. */
struct btf_parts btf_parts(void)
{
	struct sec btf = find_sec(".BTF");
	struct btf_parts b = { 0, 0, 0, 0, 0 };

	if (!btf.size)
		return b;
	if (btf.size < 24 || get(btf.off, 2) != 0xeb9f)
		die(".BTF has no BTF header");
	b.hdr = get(btf.off + 4, 4);
	if (b.hdr < 24 || b.hdr > btf.size)
		die("the .BTF header is not 24 bytes or more within its section");
	b.types = btf.off + b.hdr + get(btf.off + 8, 4);
	b.types_end = b.types + get(btf.off + 12, 4);
	b.strs = btf.off + b.hdr + get(btf.off + 16, 4);
	b.strs_len = get(btf.off + 20, 4);
	if (b.types_end > btf.off + btf.size || b.strs + b.strs_len > btf.off + btf.size ||
	    !b.strs_len || buf[b.strs + b.strs_len - 1])
		die("the .BTF header points past its section, or its strings do not end in a NUL");
	return b;
}

/* The type at P (below END): its kind, and where the next one starts. */
size_t next_type(size_t p, size_t end, unsigned *kind)
{
	uint32_t info = get(p + 4, 4);
	size_t sz = type_size(*kind = (info >> 24) & 0x1f, info & 0xffff);

	if (!sz)
		die("a BTF kind this program does not know: leave it unsorted (drop --btf-sort)");
	if (p + sz > end)
		die("the BTF types run past their section");
	return p + sz;
}

/* .BTF.ext's subsection WHICH (EXT_FUNC, EXT_LINE, EXT_CORE), as a file
 * offset and length (record size, then per section its name, count and
 * records); size 0 when absent, as in a header too short to hold it. */
struct sec ext_part(int which)
{
	struct sec ext = find_sec(".BTF.ext"), part = { 0, 0, 0, 0, 0 };
	size_t eh;

	if (!ext.size)
		return part;
	if (ext.size < 8 || get(ext.off, 2) != 0xeb9f)
		die(".BTF.ext has no BTF magic");
	eh = get(ext.off + 4, 4);
	if (eh < 24 || eh > ext.size)
		die("the .BTF.ext header is not 24 bytes or more within its section");
	if (eh < 16 + 8 * (size_t)which)
		return part;
	part.off = ext.off + eh + get(ext.off + 8 + 8 * which, 4);
	part.size = get(ext.off + 12 + 8 * which, 4);
	if (part.size && part.off + part.size > ext.off + ext.size)
		die("a .BTF.ext subsection lies outside its section");
	return part;
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

const char *prefix_map_match(char **maps, int nmaps, const char *s, size_t n, size_t *old_len)
{
	const char *nw = NULL;

	for (int i = 0; i < nmaps; i++) {
		const char *eq = strchr(maps[i], '=');
		size_t l = eq - maps[i];

		if (l && l <= n && !strncmp(s, maps[i], l) && (s[l] == '/' || !s[l]))
			*old_len = l, nw = eq + 1;
	}
	return nw;
}
