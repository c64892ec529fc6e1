// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf.h: what bpfbuild-btf-sort.c, bpfbuild-btf-canon*.c and
 * bpfbuild-objinfo.c share (bpfbuild-btf-tool.c): the engine's one object
 * reader (bpfbuild-btf-read.h) on the one object of the process, read into
 * buf, each fault ending it with one line (die). */
#ifndef BPFBUILD_BTF_H
#define BPFBUILD_BTF_H
#include <stddef.h>
#include <stdint.h>

#include "bpfbuild-btf-read.h"

extern const char *tool_name;	/* the program named in die()'s line */
extern const char *in_path;
extern unsigned char *buf;	/* the whole input object */
extern size_t len;
extern int big;			/* the object's byte order */

_Noreturn void die(const char *why);
void *xcalloc(size_t n, size_t size);	/* dies when out of memory */
void read_object(const char *path);
void write_object(const char *path, const unsigned char *out, size_t n);
uint64_t get(size_t off, int n);
void put(unsigned char *b, size_t off, uint64_t v, int n);	/* in the object's order */
void put32(size_t off, uint32_t v);	/* into buf */
size_t sec_count(void);
struct sec sec_at(size_t i, const char **name);
struct sec sec_check(struct sec s);
struct sec find_sec(const char *name);
struct sym sym_at(struct sec symtab, size_t i);
struct btf_parts btf_parts(void);
size_t next_type(size_t p, size_t end, unsigned *kind);
struct sec ext_part(int which);
struct ext_walk ext_walk(struct sec part);
int ext_next(struct ext_walk *w, struct ext_block *b);
/* The last of the NMAPS "OLD=NEW" maps whose OLD is a leading directory of
 * the N-byte string S, as GCC applies -ffile-prefix-map: its NEW, with
 * OLD's length in *OLD_LEN; NULL when none matches. */
const char *prefix_map_match(char **maps, int nmaps, const char *s, size_t n, size_t *old_len);

/* --canonical: bpfbuild-btf-canon.c */
void canonicalise(char **maps, int nmaps, const char *out_path);
#endif
