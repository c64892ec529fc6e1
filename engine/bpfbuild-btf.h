// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf.h: what bpfbuild-btf-sort.c and bpfbuild-btf-canon*.c share
 * (bpfbuild-btf-read.c): the object read into memory, its byte order, and
 * bounds-checked access. */
#ifndef BPFBUILD_BTF_H
#define BPFBUILD_BTF_H
#include <stddef.h>
#include <stdint.h>

enum { K_INT = 1, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
       K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
       K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64 };

extern const char *in_path;
extern unsigned char *buf;	/* the whole input object */
extern size_t len;
extern int big;			/* the object's byte order */

struct sec { size_t off, size; unsigned idx; };

_Noreturn void die(const char *why);
void *xcalloc(size_t n, size_t size);	/* dies when out of memory */
void read_object(const char *path);
void write_object(const char *path, const unsigned char *out, size_t n);
uint64_t get(size_t off, int n);
void put(unsigned char *b, size_t off, uint64_t v, int n);	/* in the object's order */
void put32(size_t off, uint32_t v);	/* into buf */
struct sec find_sec(const char *name);
size_t type_size(unsigned kind, unsigned vlen);
/* The last of the NMAPS "OLD=NEW" maps whose OLD is a leading directory of
 * the N-byte string S, as GCC applies -ffile-prefix-map: its NEW, with
 * OLD's length in *OLD_LEN; NULL when none matches. */
const char *prefix_map_match(char **maps, int nmaps, const char *s, size_t n, size_t *old_len);

/* --canonical: bpfbuild-btf-canon.c */
void canonicalise(char **maps, int nmaps, const char *out_path);
#endif
