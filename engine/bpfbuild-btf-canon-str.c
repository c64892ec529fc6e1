// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-canon-str.c: the strings of --canonical
 * (bpfbuild-btf-canon.c): the input's, read with the prefix maps applied,
 * and the output's table, each string once in the order of first use. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"
#include "bpfbuild-btf-canon.h"

size_t s_base, s_len;	/* the input's string table, file offsets */
char **maps;
int nmaps;

/* The string at offset OFF of the input's table. */
static const char *in_str(uint32_t off)
{
	const char *s = (const char *)buf + s_base + off;

	if (off >= s_len || !memchr(s, 0, s_len - off))
		die("a BTF string offset points past the string table");
	return s;
}

/* The string at OFF as GCC would have written it with the maps (the last
 * map whose OLD is a leading directory of it wins), in a buffer of its own. */
char *mapped(uint32_t off)
{
	const char *s = in_str(off), *nw = NULL;
	size_t n = strlen(s), ol = 0;
	char *r;

	nw = prefix_map_match(maps, nmaps, s, n, &ol);
	if (!nw)
		nw = "", ol = 0;
	r = xcalloc(strlen(nw) + n - ol + 1, 1);
	memcpy(r, nw, strlen(nw));
	memcpy(r + strlen(nw), s + ol, n - ol);
	return r;
}

uint64_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* The output string table: the strings in order of first use, each once
 * (an open-addressing table from string to its new offset). */
char *out_str;
size_t out_str_len, out_str_cap;
static uint32_t *slot_off;	/* new offset + 1; 0: empty */
static size_t nslots, nused;

uint32_t intern(char *s)
{
	size_t n = strlen(s), i;

	if (!*s) {
		free(s);
		return 0;
	}
	if (2 * (nused + 1) > nslots) {
		uint32_t *old = slot_off;
		size_t oldn = nslots;

		nslots = nslots ? 2 * nslots : 1024;
		slot_off = xcalloc(nslots, sizeof(*slot_off));
		for (size_t k = 0; k < oldn; k++) {
			if (!old[k])
				continue;
			for (i = str_hash(out_str + old[k] - 1) % nslots; slot_off[i]; i = (i + 1) % nslots)
				;
			slot_off[i] = old[k];
		}
		free(old);
	}
	for (i = str_hash(s) % nslots; slot_off[i]; i = (i + 1) % nslots)
		if (!strcmp(out_str + slot_off[i] - 1, s)) {
			free(s);
			return slot_off[i] - 1;
		}
	if (out_str_len + n + 1 > UINT32_MAX)
		die("the BTF string table grows past 4 GiB");
	while (out_str_len + n + 1 > out_str_cap) {
		out_str_cap = out_str_cap ? 2 * out_str_cap : 4096;
		out_str = realloc(out_str, out_str_cap);
		if (!out_str)
			die("out of memory");
	}
	memcpy(out_str + out_str_len, s, n + 1);
	slot_off[i] = out_str_len + 1;
	nused++;
	out_str_len += n + 1;
	free(s);
	return slot_off[i] - 1;
}
