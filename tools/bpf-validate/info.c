// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --info: what an object holds, for the tools that used to read it with
 * readelf and od (bpf-core-check, the eclass): its sections, whether it has
 * BTF and line info, its programs (function symbols of executable sections),
 * and every CO-RE relocation with its program and source line.  Read only:
 * no libbpf object is opened, nothing is loaded.
 *
 * Output, per object, tab-separated lines (a stable format for sh and awk):
 *   object  PATH  MACHINE  ERROR            (MACHINE: bpf, or e_machine)
 *   section NAME  SIZE
 *   btf     TYPES LINE_INFO_RECORDS
 *   program SECTION  NAME  OFFSET  SIZE
 *   relo    SECTION  INDEX  KIND  TYPE_ID  ACCESS  PROGRAM  FILE:LINE
 * or, with --json, the same as one document.  ERROR is empty when the
 * object could be read; PROGRAM and FILE:LINE may be empty (no symbol
 * holds the instruction, no line info precedes it).
 */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "bpf-validate.h"
#include "btfext.h"
#include "core.h"

/* libbpf's names for enum bpf_core_relo_kind, as its debug log prints them. */
static const char *const relo_kinds[] = {
	"byte_off", "byte_sz", "field_exists", "signed", "lshift_u64",
	"rshift_u64", "local_type_id", "target_type_id", "type_exists",
	"type_size", "enumval_exists", "enumval_value", "type_matches",
};

struct info_relo {
	const char *sec, *kind_name, *access;
	uint32_t index, kind, type_id;
	char *prog, *source;
};

struct info_prog {
	const char *sec, *name;
	uint64_t off, size;
};

struct info {
	const char *path;
	char *error;
	uint16_t machine;
	struct bv_elf elf;
	bool elf_open;
	bool has_btf;
	uint32_t btf_types, line_records;
	struct bv_btfext ext;
	struct info_relo *relos;
	size_t nrelos;
	struct info_prog *progs;
	size_t nprogs;
};

/* The program (function symbol) of SEC holding byte offset OFF, or NULL:
 * the one that starts last, as a symbol of size 0 holds its first byte. */
static const char *func_at(const struct info *in, const char *sec, uint32_t off)
{
	const struct info_prog *best = NULL;

	for (size_t i = 0; i < in->nprogs; i++) {
		const struct info_prog *p = &in->progs[i];

		if (strcmp(p->sec, sec) || off < p->off || off >= p->off + (p->size ? p->size : 1))
			continue;
		if (!best || p->off > best->off)
			best = p;
	}
	return best ? best->name : NULL;
}

/* "FILE:LINE" of the last line info of SEC at or before OFF, or NULL. */
static char *line_at(const struct bv_elf *e, const struct bv_btfext *x,
		     const struct bv_btf_strs *strs, const char *sec, uint32_t off)
{
	const struct bv_ext_sec *ls = bv_ext_find(&x->line, sec);
	const uint8_t *best = NULL;
	const char *file;

	for (uint32_t i = 0; ls && i < ls->num; i++) {
		const uint8_t *r = ls->recs + (size_t)i * x->line.rec_size;

		if (bv_u32(e, r) <= off && (!best || bv_u32(e, r) >= bv_u32(e, best)))
			best = r;
	}
	if (!best || !(file = bv_btf_str(strs, bv_u32(e, best + 4))))
		return NULL;
	return xasprintf("%s:%u", file, bv_u32(e, best + 12) >> 10);
}

static void read_relos(struct info *in, const struct bv_btf_strs *strs)
{
	const struct bv_elf *e = &in->elf;
	const struct bv_ext_info *core = &in->ext.core;

	for (size_t s = 0; s < core->nsecs; s++) {
		const struct bv_ext_sec *cs = &core->secs[s];

		for (uint32_t i = 0; i < cs->num; i++) {
			const uint8_t *r = cs->recs + (size_t)i * core->rec_size;
			struct info_relo *rl;
			const char *prog;

			in->relos = realloc(in->relos, (in->nrelos + 1) * sizeof(*in->relos));
			if (!in->relos)
				abort();
			rl = &in->relos[in->nrelos++];
			rl->sec = cs->name;
			rl->index = i;
			rl->type_id = bv_u32(e, r + 4);
			rl->access = bv_btf_str(strs, bv_u32(e, r + 8));
			rl->kind = bv_u32(e, r + 12);
			rl->kind_name = rl->kind < sizeof(relo_kinds) / sizeof(*relo_kinds) ?
					relo_kinds[rl->kind] : NULL;
			prog = func_at(in, cs->name, bv_u32(e, r));
			rl->prog = prog ? xstrdup(prog) : NULL;
			rl->source = line_at(e, &in->ext, strs, cs->name, bv_u32(e, r));
		}
	}
}

/* The function symbols of the executable sections, in symbol-table order. */
static void read_progs(struct info *in)
{
	const struct bv_elf *e = &in->elf;
	struct obj o = e->o;
	const struct bv_sec *st;

	if (!e->symtab)
		return;
	st = &e->secs[e->symtab];
	for (size_t k = 0; k < st->size / sizeof(Elf64_Sym); k++) {
		struct sym y = obj_sym_at(&o, st->hdr, k);
		const struct bv_sec *s;
		struct info_prog *p;

		if (y.type != STT_FUNC || y.shndx >= e->nsecs)
			continue;
		s = &e->secs[y.shndx];
		if (s->type != SHT_PROGBITS || !(s->flags & SHF_EXECINSTR))
			continue;
		in->progs = realloc(in->progs, (in->nprogs + 1) * sizeof(*in->progs));
		if (!in->progs)
			abort();
		p = &in->progs[in->nprogs++];
		p->sec = s->name;
		p->name = y.name;
		p->off = y.value;
		p->size = y.size;
	}
}

static void read_info(struct info *in, const void *buf, size_t len)
{
	const struct bv_sec *btf, *ext;
	struct bv_btf_strs strs;
	char *why = NULL;

	if (bv_elf_open(&in->elf, buf, len, &in->error))
		return;
	in->elf_open = true;
	in->machine = in->elf.machine;
	read_progs(in);
	btf = bv_elf_sec(&in->elf, ".BTF");
	ext = bv_elf_sec(&in->elf, ".BTF.ext");
	if (!btf)
		return;
	if (bv_btf_strings(&in->elf, &strs, &why)) {
		in->error = why;
		return;
	}
	in->has_btf = true;
	/* The type count: libbpf parses the type section; only the number is wanted. */
	{
		struct btf *b = btf__new(btf->data, btf->size);

		if (!b) {
			in->error = xstrdup(".BTF does not parse");
			return;
		}
		in->btf_types = btf__type_cnt(b) - 1;
		btf__free(b);
	}
	if (!ext)
		return;
	if (bv_btfext_parse(&in->elf, &strs, &in->ext, &why)) {
		in->error = why;
		return;
	}
	for (size_t s = 0; s < in->ext.line.nsecs; s++)
		in->line_records += in->ext.line.secs[s].num;
	read_relos(in, &strs);
}

static void machine_str(char *buf, size_t sz, const struct info *in)
{
	if (in->machine == EM_BPF)
		snprintf(buf, sz, "bpf");
	else
		snprintf(buf, sz, "%u", in->machine);
}

static void print_tsv(const struct info *in)
{
	const struct bv_elf *e = &in->elf;
	char m[16];

	machine_str(m, sizeof(m), in);
	printf("object\t%s\t%s\t%s\n", in->path, in->elf_open ? m : "",
	       in->error ? in->error : "");
	if (!in->elf_open)
		return;
	for (size_t i = 1; i < e->nsecs; i++)
		printf("section\t%s\t%zu\n", e->secs[i].name, e->secs[i].size);
	if (in->has_btf)
		printf("btf\t%u\t%u\n", in->btf_types, in->line_records);
	for (size_t i = 0; i < in->nprogs; i++)
		printf("program\t%s\t%s\t%llu\t%llu\n", in->progs[i].sec, in->progs[i].name,
		       (unsigned long long)in->progs[i].off,
		       (unsigned long long)in->progs[i].size);
	for (size_t i = 0; i < in->nrelos; i++) {
		const struct info_relo *r = &in->relos[i];

		printf("relo\t%s\t%u\t", r->sec, r->index);
		if (r->kind_name)
			fputs(r->kind_name, stdout);
		else
			printf("%u", r->kind);
		printf("\t%u\t%s\t%s\t%s\n", r->type_id, r->access ? r->access : "",
		       r->prog ? r->prog : "", r->source ? r->source : "");
	}
}

static void print_json(const struct info *in)
{
	const struct bv_elf *e = &in->elf;
	char m[16];

	machine_str(m, sizeof(m), in);
	fputs("{\"path\": ", stdout);
	bv_json_str(in->path);
	fputs(", \"machine\": ", stdout);
	bv_json_str(in->elf_open ? m : NULL);
	fputs(", \"error\": ", stdout);
	bv_json_str(in->error);
	fputs(", \"sections\": [", stdout);
	for (size_t i = 1; in->elf_open && i < e->nsecs; i++) {
		printf("%s{\"name\": ", i > 1 ? ", " : "");
		bv_json_str(e->secs[i].name);
		printf(", \"size\": %zu}", e->secs[i].size);
	}
	printf("], \"btf\": %s, \"btf_types\": %u, \"line_info\": %u, \"programs\": [",
	       in->has_btf ? "true" : "false", in->btf_types, in->line_records);
	for (size_t i = 0; i < in->nprogs; i++) {
		fputs(i ? ", {\"section\": " : "{\"section\": ", stdout);
		bv_json_str(in->progs[i].sec);
		fputs(", \"name\": ", stdout);
		bv_json_str(in->progs[i].name);
		printf(", \"offset\": %llu, \"size\": %llu}",
		       (unsigned long long)in->progs[i].off,
		       (unsigned long long)in->progs[i].size);
	}
	fputs("], \"relocations\": [", stdout);
	for (size_t i = 0; i < in->nrelos; i++) {
		const struct info_relo *r = &in->relos[i];
		char kind[16];

		snprintf(kind, sizeof(kind), "%u", r->kind);
		printf("%s{\"section\": ", i ? ", " : "");
		bv_json_str(r->sec);
		printf(", \"index\": %u, \"kind\": ", r->index);
		bv_json_str(r->kind_name ? r->kind_name : kind);
		printf(", \"type_id\": %u, \"access\": ", r->type_id);
		bv_json_str(r->access);
		fputs(", \"program\": ", stdout);
		bv_json_str(r->prog);
		fputs(", \"source\": ", stdout);
		bv_json_str(r->source);
		fputs("}", stdout);
	}
	fputs("]}", stdout);
}

static void info_free(struct info *in)
{
	for (size_t i = 0; i < in->nrelos; i++) {
		free(in->relos[i].prog);
		free(in->relos[i].source);
	}
	free(in->relos);
	free(in->progs);
	bv_btfext_free(&in->ext);
	if (in->elf_open)
		bv_elf_close(&in->elf);
	free(in->error);
}

/* For --core-check: O's relocations and error, as --info prints them. */
void bv_info_core(struct bv_core_obj *o)
{
	struct info in = { .path = o->path };
	void *buf = NULL;
	size_t len = 0;
	char kind[16];

	if (!bv_read_file(o->path, &buf, &len, &in.error))
		read_info(&in, buf, len);
	o->error = in.error;
	in.error = NULL;
	o->have = xcalloc(in.nrelos + 1, sizeof(*o->have));
	for (size_t i = 0; i < in.nrelos; i++) {
		const struct info_relo *r = &in.relos[i];
		struct bv_core_have *h = &o->have[o->nhave++];

		snprintf(kind, sizeof(kind), "%u", r->kind);
		h->sec = xstrdup(r->sec);
		h->idx = r->index;
		h->kind = xstrdup(r->kind_name ? r->kind_name : kind);
		h->prog = xstrdup(r->prog ? r->prog : "");
		h->src = xstrdup(r->source ? r->source : "");
	}
	info_free(&in);
	free(buf);
}

void bv_core_obj_free(struct bv_core_obj *o)
{
	for (size_t i = 0; i < o->nhave; i++) {
		free(o->have[i].sec);
		free(o->have[i].kind);
		free(o->have[i].prog);
		free(o->have[i].src);
	}
	free(o->have);
	free(o->error);
}

int bv_info(char **paths, int n, bool json)
{
	int rc = 0;

	if (json)
		fputs("{\"objects\": [", stdout);
	for (int i = 0; i < n; i++) {
		struct info in = { .path = paths[i] };
		void *buf = NULL;
		size_t len = 0;

		if (!bv_read_file(paths[i], &buf, &len, &in.error))
			read_info(&in, buf, len);
		if (in.error) {
			fprintf(stderr, "bpf-validate: %s: %s\n", in.path, in.error);
			rc = 1;
		}
		if (json) {
			fputs(i ? ", " : "", stdout);
			print_json(&in);
		} else {
			print_tsv(&in);
		}
		info_free(&in);
		free(buf);
	}
	if (json)
		printf("], \"exit\": %d}\n", rc);
	return rc;
}
