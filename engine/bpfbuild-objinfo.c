// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-objinfo: what bpfbuild-probe asks of a compiled probe object,
 * answered in one run through the engine's one object reader
 * (bpfbuild-btf-read.c) instead of readelf, od and awk.  The probe builds
 * it for the build machine ($CC_FOR_BUILD or cc), as it builds
 * bpfbuild-btf-sort.
 *
 * Usage: bpfbuild-objinfo OBJECT [SECTION...]
 * Output, one "key=value" per line (values hold no newline; a byte that is
 * not printable ASCII is shown as '?'):
 *   endian=little|big  machine=E_MACHINE
 *   section=NAME             one line per section, in the file's order
 *   btf=yes|no  btf_ext=yes|no       whether .BTF and .BTF.ext exist
 *   btf_kinds=KIND...        the kinds of the .BTF types, sorted, once each
 *   func_info=N  line_info=N  core_relo=N   .BTF.ext's record counts
 *   core_relo_bytes=N        the CO-RE subsection's length in the header
 *   core_relo_types=ID...    the type id of each CO-RE relocation
 *   core_relo_kinds=KIND...  their kinds, sorted, once each
 *   undefined=NAME           one line per undefined symbol with a name
 * and with SECTIONs, over their instructions together:
 *   cond_jumps=N   conditional jumps (class JMP or JMP32, not ja, call, exit)
 *   clamp_jumps=N  those comparing with the constant 31 or 32
 * A file that is not a 64-bit ELF object: one line on stderr, exit 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"

/* bpftool's names of the BTF kinds (btf dump file). */
static const char *const kind_names[] = {
	"UNKN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM", "FWD",
	"TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC", "FUNC_PROTO",
	"VAR", "DATASEC", "FLOAT", "DECL_TAG", "TYPE_TAG", "ENUM64",
};
#define NKINDS (sizeof(kind_names) / sizeof(kind_names[0]))

static void put_line(const char *key, const char *val)
{
	printf("%s=", key);
	for (; *val; val++)
		putchar(*val >= 0x20 && *val < 0x7f ? *val : '?');
	putchar('\n');
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* KEY=, then the names of the kinds set in SEEN, in C-locale order. */
static void put_kinds(const char *key, const int *seen)
{
	const char *sorted[NKINDS];
	size_t n = 0;

	for (size_t k = 0; k < NKINDS; k++)
		if (seen[k])
			sorted[n++] = kind_names[k];
	qsort(sorted, n, sizeof(*sorted), by_name);
	printf("%s=", key);
	for (size_t i = 0; i < n; i++)
		printf("%s%s", i ? " " : "", sorted[i]);
	putchar('\n');
}

/* The kind of every .BTF type, by id (kinds[0]: void); the count in *N. */
static unsigned char *type_kinds(uint32_t *n)
{
	struct btf_parts b = btf_parts();
	unsigned char *kinds;
	unsigned kind;
	uint32_t count = 0;

	for (size_t p = b.types; p < b.types_end; count++)
		p = next_type(p, b.types_end, &kind);
	kinds = xcalloc((size_t)count + 1, 1);
	count = 0;
	for (size_t p = b.types; p < b.types_end;) {
		p = next_type(p, b.types_end, &kind);
		kinds[++count] = kind;
	}
	*n = count;
	return kinds;
}

/* How many records the .BTF.ext subsection WHICH holds; with CORE_TYPES,
 * the type id of each printed, and its kind marked in KIND_SEEN. */
static uint64_t ext_records(int which, const unsigned char *kinds, uint32_t nkinds,
			    int *kind_seen)
{
	struct sec part = ext_part(which);
	struct ext_walk w;
	struct ext_block b;
	uint64_t total = 0;
	int r;

	if (part.size <= 4)
		return 0;
	w = ext_walk(part);
	while ((r = ext_next(&w, &b)) != EXT_END && r != EXT_CUT) {
		if (w.rec < 8 || r == EXT_OVER)
			die("a .BTF.ext section holds more records than bytes");
		for (size_t i = 0; i < b.num; i++) {
			uint32_t id = get(b.recs + i * w.rec + 4, 4);

			if (!kinds)
				continue;
			printf("%s%u", total || i ? " " : "", id);
			if (id && id <= nkinds && kinds[id] < NKINDS)
				kind_seen[kinds[id]] = 1;
		}
		total += b.num;
	}
	return total;
}

static void put_btf(void)
{
	int seen[NKINDS] = { 0 }, relo_seen[NKINDS] = { 0 };
	uint32_t n;
	unsigned char *kinds = type_kinds(&n);

	for (uint32_t id = 1; id <= n; id++)
		if (kinds[id] < NKINDS)
			seen[kinds[id]] = 1;
	put_kinds("btf_kinds", seen);
	printf("func_info=%llu\n", (unsigned long long)ext_records(EXT_FUNC, NULL, 0, NULL));
	printf("line_info=%llu\n", (unsigned long long)ext_records(EXT_LINE, NULL, 0, NULL));
	printf("core_relo_bytes=%zu\n", ext_part(EXT_CORE).size);
	printf("core_relo_types=");
	printf("\ncore_relo=%llu\n",
	       (unsigned long long)ext_records(EXT_CORE, kinds, n, relo_seen));
	put_kinds("core_relo_kinds", relo_seen);
	free(kinds);
}

/* The sections and their sizes, whether .BTF and .BTF.ext are among
 * them, the undefined symbols, and the defined ones with their values. */
static void put_elf(void)
{
	struct sec symtab = { 0 };
	int btf = 0, ext = 0;
	const char *name;

	printf("endian=%s\nmachine=%u\n", big ? "big" : "little", (unsigned)get(0x12, 2));
	for (unsigned i = 1; i < sec_count(); i++) {
		struct sec s = sec_at(i, &name);

		put_line("section", name);
		printf("section_size=%s %zu\n", name, s.size);
		btf |= !strcmp(name, ".BTF");
		ext |= !strcmp(name, ".BTF.ext");
		if (s.type == 2)	/* SHT_SYMTAB */
			symtab = sec_check(s);
	}
	printf("btf=%s\nbtf_ext=%s\n", btf ? "yes" : "no", ext ? "yes" : "no");
	for (size_t i = 1; symtab.size && i < symtab.size / 24; i++) {
		struct sym y = sym_at(symtab, i);

		if (!y.shndx && *y.name && y.type != 3)	/* SHN_UNDEF, not STT_SECTION */
			put_line("undefined", y.name);
		else if (*y.name && y.type != 3 && y.type != 4)	/* not STT_FILE: st_value, an offset */
			printf("symbol=%s %llu\n", y.name, (unsigned long long)y.value);
	}
}

/* Each of SECTIONS' hash, its conditional jumps, and those against 31 or 32. */
static void put_jumps(char **sections, int n)
{
	unsigned long cond = 0, clamp = 0;

	for (int i = 0; i < n; i++) {
		struct sec s = find_sec(sections[i]);
		uint64_t fnv = 0xcbf29ce484222325ULL;	/* FNV-1a: whether two builds' code differs */

		for (size_t p = s.off; p < s.off + s.size; p++)
			fnv = (fnv ^ buf[p]) * 0x100000001b3ULL;
		printf("section_hash=%s %016llx\n", sections[i], (unsigned long long)fnv);

		for (size_t p = s.off; p + 8 <= s.off + s.size; p += 8) {
			unsigned op = buf[p], cls = op & 7, code = op & 0xf0;
			uint32_t imm = get(p + 4, 4);

			if ((cls != 5 && cls != 6) || code == 0 || code == 0x80 || code == 0x90)
				continue;
			cond++;
			clamp += !(op & 8) && (imm == 31 || imm == 32);	/* BPF_K */
		}
	}
	printf("cond_jumps=%lu\nclamp_jumps=%lu\n", cond, clamp);
}

int main(int argc, char **argv)
{
	tool_name = "bpfbuild-objinfo";
	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: bpfbuild-objinfo OBJECT [SECTION...]\n");
		return 2;
	}
	read_object(argv[1]);
	put_elf();
	put_btf();
	if (argc > 2)
		put_jumps(argv + 2, argc - 2);
	return fflush(stdout) ? 1 : 0;
}
