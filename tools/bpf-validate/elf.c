// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reads the ELF headers by hand, byte order aware, and rejects anything that
 * points outside the file, before libbpf (through libelf) parses it.  We do
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

static const bool host_big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;

uint16_t bv_u16(const struct bv_elf *e, const void *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return e->swap ? __builtin_bswap16(v) : v;
}

uint32_t bv_u32(const struct bv_elf *e, const void *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return e->swap ? __builtin_bswap32(v) : v;
}

uint64_t bv_u64(const struct bv_elf *e, const void *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return e->swap ? __builtin_bswap64(v) : v;
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

#define SHDR_FIELD(e, sh, f) \
	(sizeof(((Elf64_Shdr *)0)->f) == 8 ? \
		bv_u64(e, (sh) + offsetof(Elf64_Shdr, f)) : \
		bv_u32(e, (sh) + offsetof(Elf64_Shdr, f)))

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

		for (size_t off = 0; off < st->size; off += sizeof(Elf64_Sym)) {
			const uint8_t *sym = st->data + off;
			uint32_t name = bv_u32(e, sym + offsetof(Elf64_Sym, st_name));
			uint16_t shndx = bv_u16(e, sym + offsetof(Elf64_Sym, st_shndx));

			if (name >= str->size)
				return fail(cause, xstrdup("a symbol name is outside the string table"));
			if ((shndx >= e->nsecs && shndx < SHN_LORESERVE) ||
			    shndx == SHN_XINDEX)
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
		for (size_t off = 0; off < s->size; off += sizeof(Elf64_Rel)) {
			uint64_t info = bv_u64(e, s->data + off + offsetof(Elf64_Rel, r_info));

			if (ELF64_R_SYM(info) >= nsyms)
				return fail(cause, xasprintf("section %s refers to a missing symbol",
							     s->name));
		}
	}
	return 0;
}

/* The NSECS section headers at SH0 into e->secs, each index and extent
 * checked. */
static int read_sections(struct bv_elf *e, const uint8_t *sh0, uint64_t nsecs,
			 char **cause)
{
	const uint8_t *b = e->buf;
	size_t len = e->len;

	e->nsecs = nsecs;
	e->secs = xcalloc(nsecs, sizeof(*e->secs));
	for (size_t i = 0; i < nsecs; i++) {
		const uint8_t *sh = sh0 + i * sizeof(Elf64_Shdr);
		struct bv_sec *s = &e->secs[i];
		uint64_t off = SHDR_FIELD(e, sh, sh_offset);
		uint64_t size = SHDR_FIELD(e, sh, sh_size);

		s->type = SHDR_FIELD(e, sh, sh_type);
		s->flags = SHDR_FIELD(e, sh, sh_flags);
		s->link = SHDR_FIELD(e, sh, sh_link);
		s->info = SHDR_FIELD(e, sh, sh_info);
		s->entsize = SHDR_FIELD(e, sh, sh_entsize);
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
		s->data = b + off;
	}
	return 0;
}

static int elf_open(struct bv_elf *e, const void *buf, size_t len, char **cause)
{
	const uint8_t *b = buf;
	uint64_t shoff, nsecs, names_size;
	uint16_t shentsize;
	uint32_t shstrndx;
	const uint8_t *sh0;

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
	e->swap = e->big_endian != host_big;
	if (len < sizeof(Elf64_Ehdr))
		return fail(cause, xstrdup("truncated ELF header"));

	e->machine = bv_u16(e, b + offsetof(Elf64_Ehdr, e_machine));
	if (e->machine != EM_BPF)
		return fail(cause, xasprintf("not a BPF object: ELF machine %u (%s), expected %u (BPF)",
					     e->machine, machine_name(e->machine), EM_BPF));
	if (bv_u16(e, b + offsetof(Elf64_Ehdr, e_type)) != ET_REL)
		return fail(cause, xstrdup("not a relocatable ELF object (ET_REL)"));

	shoff = bv_u64(e, b + offsetof(Elf64_Ehdr, e_shoff));
	shentsize = bv_u16(e, b + offsetof(Elf64_Ehdr, e_shentsize));
	nsecs = bv_u16(e, b + offsetof(Elf64_Ehdr, e_shnum));
	shstrndx = bv_u16(e, b + offsetof(Elf64_Ehdr, e_shstrndx));
	if (!shoff)
		return fail(cause, xstrdup("ELF object has no section headers"));
	if (shentsize != sizeof(Elf64_Shdr))
		return fail(cause, xasprintf("ELF section header size is %u, expected %zu",
					     shentsize, sizeof(Elf64_Shdr)));
	if (shoff > len || len - shoff < sizeof(Elf64_Shdr))
		return fail(cause, xstrdup("section header table lies outside the file (truncated?)"));
	sh0 = b + shoff;
	/* Extended numbering: the real counts live in section header 0. */
	if (nsecs == 0)
		nsecs = SHDR_FIELD(e, sh0, sh_size);
	if (shstrndx == SHN_XINDEX)
		shstrndx = SHDR_FIELD(e, sh0, sh_link);
	if (nsecs > (len - shoff) / sizeof(Elf64_Shdr))
		return fail(cause, xasprintf("ELF header claims %llu sections, the file holds at most %llu (truncated or corrupt)",
					     (unsigned long long)nsecs,
					     (unsigned long long)((len - shoff) / sizeof(Elf64_Shdr))));
	if (nsecs > BV_MAX_SECTIONS)
		return fail(cause, xasprintf("%llu sections, more than the %u a BPF object may have",
					     (unsigned long long)nsecs, BV_MAX_SECTIONS));
	if (!shstrndx || shstrndx >= nsecs)
		return fail(cause, xstrdup("ELF header has no valid section name table"));

	if (read_sections(e, sh0, nsecs, cause))
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
		uint32_t n = bv_u32(e, sh0 + i * sizeof(Elf64_Shdr) +
				       offsetof(Elf64_Shdr, sh_name));

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

const struct bv_sec *bv_elf_sec(const struct bv_elf *e, const char *name)
{
	for (size_t i = 1; i < e->nsecs; i++)
		if (!strcmp(e->secs[i].name, name))
			return &e->secs[i];
	return NULL;
}

/* Where FUNC starts in section SEC, from the symbol table. */
bool bv_elf_func(const struct bv_elf *e, const char *sec, const char *func,
		 uint32_t *off, uint32_t *size)
{
	const struct bv_sec *st, *str;

	if (!e->symtab)
		return false;
	st = &e->secs[e->symtab];
	str = &e->secs[st->link];
	for (size_t o = 0; o < st->size; o += sizeof(Elf64_Sym)) {
		const uint8_t *sym = st->data + o;
		uint32_t name = bv_u32(e, sym + offsetof(Elf64_Sym, st_name));
		uint16_t shndx = bv_u16(e, sym + offsetof(Elf64_Sym, st_shndx));
		uint8_t info = sym[offsetof(Elf64_Sym, st_info)];

		if (ELF64_ST_TYPE(info) != STT_FUNC || shndx >= e->nsecs)
			continue;
		if (strcmp((const char *)str->data + name, func) ||
		    strcmp(e->secs[shndx].name, sec))
			continue;
		*off = bv_u64(e, sym + offsetof(Elf64_Sym, st_value));
		*size = bv_u64(e, sym + offsetof(Elf64_Sym, st_size));
		return true;
	}
	return false;
}
