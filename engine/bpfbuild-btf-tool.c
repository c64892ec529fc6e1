// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-tool.c: the one object reader (bpfbuild-btf-read.c) as the
 * engine's one-shot tools use it (bpfbuild-btf.h): one object per process,
 * read from a file into buf, and a fault ends the process with one line,
 * "TOOL: PATH: WHY".  Also the result written out, and the prefix maps'
 * match. */
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
	struct obj o;
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
	if (obj_open(&o, buf, len))
		die(o.err);
	big = o.big;
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

void put(unsigned char *b, size_t off, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		b[off + (big ? n - 1 - i : i)] = v >> (8 * i);
}

void put32(size_t off, uint32_t v)
{
	put(buf, off, v, 4);
}

/* The reader on the object as it is now (the tools rewrite buf in place). */
#define READ(type, call)						\
	do {								\
		struct obj o = { buf, len, big, NULL };			\
		type v_ = call;						\
									\
		if (o.err)						\
			die(o.err);					\
		return v_;						\
	} while (0)

uint64_t get(size_t off, int n)
{
	READ(uint64_t, obj_get(&o, off, n));
}

size_t sec_count(void)
{
	READ(size_t, obj_sec_count(&o));
}

struct sec sec_at(size_t i, const char **name)
{
	READ(struct sec, obj_sec_at(&o, i, name));
}

struct sec sec_check(struct sec s)
{
	READ(struct sec, obj_sec_check(&o, s));
}

struct sec find_sec(const char *name)
{
	READ(struct sec, obj_find_sec(&o, name));
}

struct sym sym_at(struct sec symtab, size_t i)
{
	READ(struct sym, obj_sym_at(&o, symtab, i));
}

struct btf_parts btf_parts(void)
{
	READ(struct btf_parts, obj_btf_parts(&o));
}

struct sec ext_part(int which)
{
	READ(struct sec, obj_ext_part(&o, which));
}

struct ext_walk ext_walk(struct sec part)
{
	READ(struct ext_walk, obj_ext_walk(&o, part));
}

int ext_next(struct ext_walk *w, struct ext_block *b)
{
	READ(int, obj_ext_next(&o, w, b));
}

size_t next_type(size_t p, size_t end, unsigned *kind)
{
	READ(size_t, obj_next_type(&o, p, end, kind));
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
