// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-read.c: the ground floor of bpfbuild-btf-sort and its
 * --canonical mode (bpfbuild-btf.h): the object read whole into memory,
 * bounds-checked access in its byte order, its sections, the BTF kinds'
 * sizes, the prefix maps' match, and the result written out.  It uses
 * nothing of the files above it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"

const char *in_path;
unsigned char *buf;
size_t len;
int big;

void die(const char *why)
{
	fprintf(stderr, "bpfbuild-btf-sort: %s: %s\n", in_path, why);
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

/* The section named NAME; size 0 when absent. */
struct sec find_sec(const char *name)
{
	size_t shoff = get(0x28, 8);
	unsigned shentsize = get(0x3a, 2), shnum = get(0x3c, 2);
	unsigned shstrndx = get(0x3e, 2);
	size_t strtab = get(shoff + (size_t)shstrndx * shentsize + 0x18, 8);
	struct sec s = { 0, 0, 0 };

	for (unsigned i = 0; i < shnum; i++) {
		size_t h = shoff + (size_t)i * shentsize;
		size_t n = strtab + get(h, 4);

		if (n < len && !strncmp((char *)buf + n, name, len - n) &&
		    strlen(name) < len - n) {
			s.off = get(h + 0x18, 8);
			s.size = get(h + 0x20, 8);
			s.idx = i;
			if (s.off + s.size > len || s.off + s.size < s.off)
				die("a section lies past the end of the file");
		}
	}
	return s;
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
