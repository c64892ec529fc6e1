// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf.h: what bpfbuild-btf-sort.c, bpfbuild-btf-canon*.c and
 * bpfbuild-objinfo.c share (bpfbuild-btf-read.c, the engine's one object
 * reader): the object read into memory, its byte order, bounds-checked
 * access, its sections and symbols, BTF and .BTF.ext. */
#ifndef BPFBUILD_BTF_H
#define BPFBUILD_BTF_H
#include <stddef.h>
#include <stdint.h>

enum { K_INT = 1, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
       K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
       K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64 };

extern const char *tool_name;	/* the program named in die()'s line */
extern const char *in_path;
extern unsigned char *buf;	/* the whole input object */
extern size_t len;
extern int big;			/* the object's byte order */

struct sec { size_t off, size; unsigned idx, type, link; };
struct sym { const char *name; unsigned shndx, type; };
struct btf_parts { size_t hdr, types, types_end, strs, strs_len; };
enum { EXT_FUNC, EXT_LINE, EXT_CORE };

_Noreturn void die(const char *why);
void *xcalloc(size_t n, size_t size);	/* dies when out of memory */
void read_object(const char *path);
void write_object(const char *path, const unsigned char *out, size_t n);
uint64_t get(size_t off, int n);
void put(unsigned char *b, size_t off, uint64_t v, int n);	/* in the object's order */
void put32(size_t off, uint32_t v);	/* into buf */
unsigned sec_count(void);
struct sec sec_at(unsigned i, const char **name);
struct sec sec_check(struct sec s);
struct sec find_sec(const char *name);
struct sym sym_at(struct sec symtab, size_t i);
struct btf_parts btf_parts(void);
size_t next_type(size_t p, size_t end, unsigned *kind);
struct sec ext_part(int which);
size_t type_size(unsigned kind, unsigned vlen);
/* The last of the NMAPS "OLD=NEW" maps whose OLD is a leading directory of
 * the N-byte string S, as GCC applies -ffile-prefix-map: its NEW, with
 * OLD's length in *OLD_LEN; NULL when none matches. */
const char *prefix_map_match(char **maps, int nmaps, const char *s, size_t n, size_t *old_len);

/* --canonical: bpfbuild-btf-canon.c */
void canonicalise(char **maps, int nmaps, const char *out_path);
#endif
