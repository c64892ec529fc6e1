// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reads the ELF headers through the engine's one object reader
 * (bpfbuild-btf-read.c), byte order aware, and rejects anything that points
 * outside the file, before libbpf (through libelf) parses it.  We do
 * not open a libelf handle on the buffer ourselves: libbpf hands the same
 * buffer to libelf, which may convert foreign-endian data in place.
 */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "bv-elf.h"

#ifndef EM_BPF
#define EM_BPF 247
#endif

/* A real BPF object has tens of sections; this bounds the work and keeps
 * libbpf's per-section loops cheap on hostile input. */
#define BV_MAX_SECTIONS 65535u

/* The 32-bit field at P (inside the object), in its byte order. */
uint32_t bv_u32(const struct bv_elf *e, const void *p)
{
	struct obj o = e->o;

	return obj_get(&o, (const uint8_t *)p - e->buf, 4);
}

static const char *machine_name(uint16_t m)
{
	switch (m) {
	case EM_X86_64:		return "x86-64";
	case EM_386:		return "i386";
	case EM_AARCH64:	return "aarch64";
	case EM_ARM:		return "arm";
	case EM_PPC64:		return "ppc64";
	case EM_S390:		return "s390";
	case EM_RISCV:		return "riscv";
	default:		return "not BPF";
	}
}

static int fail(char **cause, char *msg)
{
	*cause = msg;
	return -1;
}

/* Symbols and relocations are what libbpf indexes by; check them here. */
static int check_links(struct bv_elf *e, char **cause)
{
	for (size_t i = 1; i < e->nsecs; i++) {
		const struct bv_sec *s = &e->secs[i];
		size_t want;

		if (s->type != SHT_SYMTAB && s->type != SHT_REL)
			continue;
		want = s->type == SHT_SYMTAB ? sizeof(Elf64_Sym)
					     : sizeof(Elf64_Rel);
		if (s->entsize != want || s->size % want)
			return fail(cause, xasprintf("section %s has a bad entry size",
						     s->name));
		if (!s->link)	/* bv_elf_open() checked the upper bound */
			return fail(cause, xasprintf("section %s links to a missing section",
						     s->name));
		if (s->type == SHT_SYMTAB) {
			/* sh_info: one past the last local symbol. */
			if (s->info > s->size / want)
				return fail(cause, xasprintf("section %s claims %u local symbols, it holds %zu",
							     s->name, s->info, s->size / want));
			if (e->symtab)
				return fail(cause, xstrdup("more than one symbol table"));
			if (e->secs[s->link].type != SHT_STRTAB || !e->secs[s->link].size)
				return fail(cause, xasprintf("section %s has no string table",
							     s->name));
			e->symtab = i;
		}
	}
	if (e->symtab) {
		const struct bv_sec *st = &e->secs[e->symtab];
		const struct bv_sec *str = &e->secs[st->link];

		for (size_t k = 0; k < st->size / sizeof(Elf64_Sym); k++) {
			struct sym y = obj_sym_at(&e->o, st->hdr, k);

			if (y.name_off >= str->size)
				return fail(cause, xstrdup("a symbol name is outside the string table"));
			if ((y.shndx >= e->nsecs && y.shndx < SHN_LORESERVE) ||
			    y.shndx == SHN_XINDEX)
				return fail(cause, xstrdup("a symbol refers to a missing section"));
		}
		if (str->data[str->size - 1] != '\0')
			return fail(cause, xstrdup("the symbol string table is not terminated"));
	}
	for (size_t i = 1; i < e->nsecs; i++) {
		const struct bv_sec *s = &e->secs[i];
		size_t nsyms;

		if (s->type != SHT_REL)
			continue;
		if (s->link != e->symtab)
			return fail(cause, xasprintf("section %s does not use the symbol table",
						     s->name));
		nsyms = e->secs[e->symtab].size / sizeof(Elf64_Sym);
		for (size_t k = 0; k < s->size / sizeof(Elf64_Rel); k++) {
			if (obj_rel_at(&e->o, s->hdr, k).sym >= nsyms)
				return fail(cause, xasprintf("section %s refers to a missing symbol",
							     s->name));
		}
	}
	return 0;
}

/* The NSECS section headers into e->secs, each index and extent checked. */
static int read_sections(struct bv_elf *e, uint64_t nsecs, char **cause)
{
	size_t len = e->len;

	e->nsecs = nsecs;
	e->secs = xcalloc(nsecs, sizeof(*e->secs));
	for (size_t i = 0; i < nsecs; i++) {
		struct sec h = obj_sec_hdr(&e->o, i);
		struct bv_sec *s = &e->secs[i];
		uint64_t off = h.off, size = h.size;

		s->hdr = h;
		s->type = h.type;
		s->flags = h.flags;
		s->link = h.link;
		s->info = h.info;
		s->entsize = h.entsize;
		s->size = size;
		if (i == 0)
			continue;
		/* Every section index a header holds must name a section:
		 * libbpf and libelf follow them unchecked. */
		if (s->link >= nsecs)
			return fail(cause, xasprintf("section %zu links to section %u, outside the section table of %llu",
						     i, s->link, (unsigned long long)nsecs));
		if ((s->type == SHT_REL || s->type == SHT_RELA ||
		     (s->flags & SHF_INFO_LINK)) && s->info >= nsecs)
			return fail(cause, xasprintf("section %zu refers to section %u, outside the section table of %llu",
						     i, s->info, (unsigned long long)nsecs));
		if (s->type == SHT_NOBITS || s->type == SHT_NULL)
			continue;
		if (off > len || size > len - off)
			return fail(cause, xasprintf("section %zu extends past the end of the file (truncated?)",
						     i));
		s->data = e->buf + off;
	}
	return 0;
}

static int elf_open(struct bv_elf *e, const void *buf, size_t len, char **cause)
{
	const uint8_t *b = buf;
	uint64_t nsecs, names_size;
	uint32_t shstrndx;
	struct ehdr h;
	struct sec sh0;

	memset(e, 0, sizeof(*e));
	e->buf = b;
	e->len = len;
	if (len < SELFMAG || memcmp(b, ELFMAG, SELFMAG))
		return fail(cause, xstrdup("not an ELF file"));
	if (len < EI_NIDENT)
		return fail(cause, xstrdup("truncated ELF header"));
	if (b[EI_CLASS] != ELFCLASS64)
		return fail(cause, xstrdup("not a 64-bit ELF file, so not a BPF object"));
	if (b[EI_DATA] != ELFDATA2LSB && b[EI_DATA] != ELFDATA2MSB)
		return fail(cause, xstrdup("ELF header has an invalid byte order"));
	e->big_endian = b[EI_DATA] == ELFDATA2MSB;
	if (len < sizeof(Elf64_Ehdr))
		return fail(cause, xstrdup("truncated ELF header"));
	if (obj_open(&e->o, b, len))	/* what it checks, checked above */
		return fail(cause, xstrdup(e->o.err));

	h = obj_ehdr(&e->o);
	e->machine = h.machine;
	if (e->machine != EM_BPF)
		return fail(cause, xasprintf("not a BPF object: ELF machine %u (%s), expected %u (BPF)",
					     e->machine, machine_name(e->machine), EM_BPF));
	if (h.type != ET_REL)
		return fail(cause, xstrdup("not a relocatable ELF object (ET_REL)"));

	nsecs = h.shnum;
	shstrndx = h.shstrndx;
	if (!h.shoff)
		return fail(cause, xstrdup("ELF object has no section headers"));
	if (h.shentsize != sizeof(Elf64_Shdr))
		return fail(cause, xasprintf("ELF section header size is %u, expected %zu",
					     h.shentsize, sizeof(Elf64_Shdr)));
	if (h.shoff > len || len - h.shoff < sizeof(Elf64_Shdr))
		return fail(cause, xstrdup("section header table lies outside the file (truncated?)"));
	sh0 = obj_sec_hdr(&e->o, 0);
	/* Extended numbering: the real counts live in section header 0. */
	if (nsecs == 0)
		nsecs = sh0.size;
	if (shstrndx == SHN_XINDEX)
		shstrndx = sh0.link;
	if (nsecs > (len - h.shoff) / sizeof(Elf64_Shdr))
		return fail(cause, xasprintf("ELF header claims %llu sections, the file holds at most %llu (truncated or corrupt)",
					     (unsigned long long)nsecs,
					     (unsigned long long)((len - h.shoff) / sizeof(Elf64_Shdr))));
	if (nsecs > BV_MAX_SECTIONS)
		return fail(cause, xasprintf("%llu sections, more than the %u a BPF object may have",
					     (unsigned long long)nsecs, BV_MAX_SECTIONS));
	if (!shstrndx || shstrndx >= nsecs)
		return fail(cause, xstrdup("ELF header has no valid section name table"));

	if (read_sections(e, nsecs, cause))
		return -1;

	/* Section names: copy so that every name is NUL-terminated. */
	if (e->secs[shstrndx].type != SHT_STRTAB || !e->secs[shstrndx].data)
		return fail(cause, xstrdup("section name table is not a string table"));
	names_size = e->secs[shstrndx].size;
	/* libelf's elf_strptr() refuses an offset at or past the end, or a
	 * string not terminated inside the table: so do we. */
	if (!names_size || e->secs[shstrndx].data[names_size - 1] != '\0')
		return fail(cause, xstrdup("the section name table is not NUL-terminated"));
	e->names = xcalloc(1, names_size + 1);
	memcpy(e->names, e->secs[shstrndx].data, names_size);
	for (size_t i = 0; i < nsecs; i++) {
		uint32_t n = e->secs[i].hdr.name;

		if (n >= names_size)
			return fail(cause, xasprintf("section %zu has a name outside the name table",
						     i));
		e->secs[i].name = e->names + n;
	}
	return check_links(e, cause);
}

void bv_elf_close(struct bv_elf *e)
{
	free(e->secs);
	free(e->names);
	memset(e, 0, sizeof(*e));
}

/* A failed open keeps nothing: a caller that only closes what opened
 * (bpf-validate --info) leaked the section table of a malformed object. */
int bv_elf_open(struct bv_elf *e, const void *buf, size_t len, char **cause)
{
	if (!elf_open(e, buf, len, cause))
		return 0;
	bv_elf_close(e);
	return -1;
}

/* The last section named NAME, as the engine's reader finds it. */
const struct bv_sec *bv_elf_sec(const struct bv_elf *e, const char *name)
{
	const struct bv_sec *s = NULL;

	for (size_t i = 1; i < e->nsecs; i++)
		if (!strcmp(e->secs[i].name, name))
			s = &e->secs[i];
	return s;
}

/* Where FUNC starts in section SEC, from the symbol table. */
bool bv_elf_func(const struct bv_elf *e, const char *sec, const char *func,
		 uint32_t *off, uint32_t *size)
{
	struct obj o = e->o;
	const struct bv_sec *st;

	if (!e->symtab)
		return false;
	st = &e->secs[e->symtab];
	for (size_t k = 0; k < st->size / sizeof(Elf64_Sym); k++) {
		struct sym y = obj_sym_at(&o, st->hdr, k);

		if (y.type != STT_FUNC || y.shndx >= e->nsecs ||
		    strcmp(y.name, func) || strcmp(e->secs[y.shndx].name, sec))
			continue;
		*off = y.value;
		*size = y.size;
		return true;
	}
	return false;
}
