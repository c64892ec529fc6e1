/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The .BTF string table and the .BTF.ext records (func_info, line_info,
 * core_relo), through the engine's object reader: libbpf 1.1 has no public
 * API for .BTF.ext. */
#ifndef BV_BTFEXT_H
#define BV_BTFEXT_H

#include "bv-elf.h"

struct bv_btf_strs {
	const char *s;		/* the string section, NUL-terminated */
	size_t len;
};

/* One per ELF section named in an info block. */
struct bv_ext_sec {
	const char *name;
	const uint8_t *recs;
	uint32_t num;
};

struct bv_ext_info {
	struct bv_ext_sec *secs;
	size_t nsecs;
	uint32_t rec_size;
};

struct bv_btfext {
	struct bv_ext_info func, line, core;
};

int bv_btf_strings(const struct bv_elf *e, struct bv_btf_strs *out, char **why);
const char *bv_btf_str(const struct bv_btf_strs *s, uint32_t off);
int bv_btfext_parse(const struct bv_elf *e, const struct bv_btf_strs *strs,
		    struct bv_btfext *out, char **why);
struct btf;
int bv_btfext_sanity(const struct bv_elf *e, const struct bv_btfext *x,
		     const struct btf *btf, char **why);
void bv_btfext_free(struct bv_btfext *x);
const struct bv_ext_sec *bv_ext_find(const struct bv_ext_info *i,
				     const char *sec);

#endif
