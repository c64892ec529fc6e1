// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-canon.h: what the files of --canonical share, beside
 * bpfbuild-btf.h: the types (bpfbuild-btf-canon-key.c) and the strings
 * (bpfbuild-btf-canon-str.c). */
#ifndef BPFBUILD_BTF_CANON_H
#define BPFBUILD_BTF_CANON_H
#include <stddef.h>
#include <stdint.h>

enum { W_RAW, W_REF, W_STR };	/* what a 32-bit word of a type holds */

struct ctype { size_t off; unsigned kind, vlen, words; };
extern struct ctype *ty;	/* 1-based, as type ids */
extern uint32_t nty;
int word_class(const struct ctype *t, unsigned w);
uint32_t word(uint32_t id, unsigned w);
size_t read_types(size_t start, size_t end);
void canon_order(uint32_t *order, uint32_t *remap);

extern char **maps;	/* the prefix maps, "OLD=NEW" */
extern int nmaps;
extern size_t s_base, s_len;	/* the input's string table, file offsets */
extern char *out_str;	/* the output's string table */
extern size_t out_str_len, out_str_cap;
char *mapped(uint32_t off);
uint64_t str_hash(const char *s);
uint32_t intern(char *s);
#endif
