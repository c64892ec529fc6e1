// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * .BTF.ext layout (include/uapi/linux/btf.h has only .BTF; this follows
 * libbpf's btf_ext_header): magic 0xeB9F, version 1, flags, hdr_len, then
 * {func_info,line_info}_{off,len} and, when hdr_len >= 32, core_relo_{off,len}:
 * the engine's reader (obj_ext_part) reads and checks the header.  Each
 * block is a u32 record size, then per ELF section {sec_name_off, num_info,
 * records...}, walked by the engine's reader (obj_ext_walk) and checked here.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "bpf-validate.h"
#include "btfext.h"

/* The .BTF string table, its header read by the engine's reader. */
int bv_btf_strings(const struct bv_elf *e, struct bv_btf_strs *out, char **why)
{
	const struct bv_sec *btf = bv_elf_sec(e, ".BTF");
	struct obj o = e->o;
	struct btf_parts p = obj_btf_parts(&o);

	memset(out, 0, sizeof(*out));
	if (o.err || !btf || !btf->data) {
		*why = xstrdup(o.err ? o.err : ".BTF holds no bytes");
		return -1;
	}
	out->s = (const char *)e->buf + p.strs;
	out->len = p.strs_len;
	return 0;
}

const char *bv_btf_str(const struct bv_btf_strs *s, uint32_t off)
{
	return s->s && off < s->len ? s->s + off : NULL;
}

/* PART's blocks (the engine reader's walk), each checked: its records
 * within the part, its section named in the BTF strings. */
static int parse_info(const struct bv_elf *e, struct sec part, uint32_t min_rec,
		      const struct bv_btf_strs *strs, struct bv_ext_info *out,
		      const char *what, char **why)
{
	struct obj o = e->o;
	struct ext_walk w;
	struct ext_block b;
	int r;

	if (!part.size)
		return 0;
	if (part.size < 4) {
		*why = xasprintf(".BTF.ext %s block is truncated", what);
		return -1;
	}
	w = obj_ext_walk(&o, part);
	out->rec_size = w.rec;
	if (out->rec_size < min_rec || out->rec_size % 4 ||
	    out->rec_size > 1024) {
		*why = xasprintf(".BTF.ext %s record size %u is invalid", what,
				 out->rec_size);
		return -1;
	}
	while ((r = obj_ext_next(&o, &w, &b)) != EXT_END) {
		struct bv_ext_sec *v, *s;

		if (r == EXT_CUT) {
			*why = xasprintf(".BTF.ext %s block is truncated", what);
			return -1;
		}
		if (r == EXT_OVER) {
			*why = xasprintf(".BTF.ext %s records run past the block", what);
			return -1;
		}
		v = realloc(out->secs, (out->nsecs + 1) * sizeof(*v));
		if (!v) {
			*why = xstrdup("out of memory");
			return -1;
		}
		out->secs = v;
		s = &out->secs[out->nsecs++];
		s->name = bv_btf_str(strs, b.name_off);
		s->recs = e->buf + b.recs;
		s->num = b.num;
		if (!s->name) {
			*why = xasprintf(".BTF.ext %s names a section outside the BTF strings",
					 what);
			return -1;
		}
	}
	return 0;
}

/* Each subsection's place is the engine reader's answer (obj_ext_part). */
int bv_btfext_parse(const struct bv_elf *e, const struct bv_btf_strs *strs,
		    struct bv_btfext *out, char **why)
{
	struct obj o = e->o;
	struct {
		struct bv_ext_info *info;
		uint32_t min_rec;
		const char *what;
	} blocks[] = {
		[EXT_FUNC] = { &out->func, 8, "func_info" },
		[EXT_LINE] = { &out->line, 16, "line_info" },
		[EXT_CORE] = { &out->core, 16, "core_relo" },
	};

	memset(out, 0, sizeof(*out));
	if (!bv_elf_sec(e, ".BTF.ext")->data) {
		*why = xstrdup(".BTF.ext holds no bytes");
		return -1;
	}
	for (int i = EXT_FUNC; i <= EXT_CORE; i++) {
		struct sec part = obj_ext_part(&o, i);

		if (o.err) {
			*why = xstrdup(o.err);
			return -1;
		}
		if (parse_info(e, part, blocks[i].min_rec,
			       strs, blocks[i].info, blocks[i].what, why))
			return -1;
	}
	return 0;
}

void bv_btfext_free(struct bv_btfext *x)
{
	free(x->func.secs);
	free(x->line.secs);
	free(x->core.secs);
	memset(x, 0, sizeof(*x));
}

const struct bv_ext_sec *bv_ext_find(const struct bv_ext_info *i,
				     const char *sec)
{
	for (size_t k = 0; k < i->nsecs; k++)
		if (!strcmp(i->secs[k].name, sec))
			return &i->secs[k];
	return NULL;
}

/* Whether every record of an info block names an executable section of
 * the object and an instruction inside it: libbpf maps the records to
 * programs by these offsets without checking them. */
static int records_in_sections(const struct bv_elf *e, const struct bv_ext_info *i,
			       const char *what, char **why)
{
	for (size_t s = 0; s < i->nsecs; s++) {
		const struct bv_sec *sec = bv_elf_sec(e, i->secs[s].name);

		if (!sec || !sec->data || !(sec->flags & SHF_EXECINSTR)) {
			*why = xasprintf("%s names section %s, which holds no program",
					 what, i->secs[s].name);
			return -1;
		}
		for (uint32_t k = 0; k < i->secs[s].num; k++) {
			uint32_t off = bv_u32(e, i->secs[s].recs + (size_t)k * i->rec_size);

			if (off >= sec->size) {
				*why = xasprintf("%s record %u of section %s points past its end (offset %u, size %zu)",
						 what, k, i->secs[s].name, off, sec->size);
				return -1;
			}
		}
	}
	return 0;
}

/* What libbpf dereferences from the records: type ids, strings and
 * instruction offsets. */
int bv_btfext_sanity(const struct bv_elf *e, const struct bv_btfext *x,
		     const struct btf *btf, char **why)
{
	__u32 cnt = btf__type_cnt(btf);

	if (records_in_sections(e, &x->func, "func_info", why) ||
	    records_in_sections(e, &x->line, "line_info", why) ||
	    records_in_sections(e, &x->core, "CO-RE relocation", why))
		return -1;

	for (size_t s = 0; s < x->func.nsecs; s++)
		for (uint32_t i = 0; i < x->func.secs[s].num; i++) {
			const uint8_t *r = x->func.secs[s].recs +
					   (size_t)i * x->func.rec_size;
			uint32_t type = bv_u32(e, r + 4);

			if (bv_u32(e, r) % 8 || type >= cnt ||
			    !btf_is_func(btf__type_by_id(btf, type))) {
				*why = xasprintf("func_info record %u of section %s is invalid",
						 i, x->func.secs[s].name);
				return -1;
			}
		}
	for (size_t s = 0; s < x->line.nsecs; s++)
		for (uint32_t i = 0; i < x->line.secs[s].num; i++) {
			const uint8_t *r = x->line.secs[s].recs +
					   (size_t)i * x->line.rec_size;

			if (bv_u32(e, r) % 8 ||
			    !btf__str_by_offset(btf, bv_u32(e, r + 4)) ||
			    !btf__str_by_offset(btf, bv_u32(e, r + 8))) {
				*why = xasprintf("line_info record %u of section %s is invalid",
						 i, x->line.secs[s].name);
				return -1;
			}
		}
	for (size_t s = 0; s < x->core.nsecs; s++)
		for (uint32_t i = 0; i < x->core.secs[s].num; i++) {
			const uint8_t *r = x->core.secs[s].recs +
					   (size_t)i * x->core.rec_size;
			uint32_t type = bv_u32(e, r + 4);
			const char *acc = btf__str_by_offset(btf, bv_u32(e, r + 8));

			if (bv_u32(e, r) % 8 || !type || type >= cnt || !acc ||
			    !acc[0]) {
				*why = xasprintf("CO-RE relocation %u of section %s is invalid",
						 i, x->core.secs[s].name);
				return -1;
			}
		}
	return 0;
}
