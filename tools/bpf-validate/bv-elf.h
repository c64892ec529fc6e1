/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A bounds-checked view of a BPF ELF object: the section table and the
 * symbols, read by the engine's one object reader (bpfbuild-btf-read.h)
 * and validated before libbpf sees the file so that corrupt input gives
 * a one-line cause instead of undefined behaviour in a library. */
#ifndef BV_ELF_H
#define BV_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bpfbuild-btf-read.h"

struct bv_sec {
	const char *name;
	uint32_t type;
	uint64_t flags;
	uint32_t link, info;
	uint64_t entsize;
	const uint8_t *data;	/* NULL for SHT_NOBITS */
	size_t size;
	struct sec hdr;		/* the engine reader's view */
};

struct bv_elf {
	const uint8_t *buf;
	size_t len;
	struct obj o;		/* the engine reader on buf */
	bool big_endian;
	uint16_t machine;
	struct bv_sec *secs;
	size_t nsecs;
	size_t symtab;		/* index of .symtab, 0 if none */
	char *names;		/* private copy of the section name table */
};

int bv_elf_open(struct bv_elf *e, const void *buf, size_t len, char **cause);
void bv_elf_close(struct bv_elf *e);
const struct bv_sec *bv_elf_sec(const struct bv_elf *e, const char *name);
bool bv_elf_func(const struct bv_elf *e, const char *sec, const char *func,
		 uint32_t *off, uint32_t *size);
uint32_t bv_u32(const struct bv_elf *e, const void *p);

#endif
