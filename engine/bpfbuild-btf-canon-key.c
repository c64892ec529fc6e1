// SPDX-License-Identifier: LGPL-2.1-or-later
/* bpfbuild-btf-canon-key.c: the types of --canonical
 * (bpfbuild-btf-canon.c) as they are, what each of their words holds, and
 * their canonical order: a key from each type's structure, refined with
 * those of the types it refers to and that refer to it. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "bpfbuild-btf.h"
#include "bpfbuild-btf-canon.h"

struct ctype *ty;	/* 1-based, as type ids */
uint32_t nty;

/* What word W of type T holds. */
int word_class(const struct ctype *t, unsigned w)
{
	if (w == 0)
		return W_STR;
	if (w == 1)
		return W_RAW;
	if (w == 2)
		switch (t->kind) {
		case K_PTR: case K_TYPEDEF: case K_VOLATILE: case K_CONST:
		case K_RESTRICT: case K_FUNC: case K_FUNC_PROTO: case K_VAR:
		case K_TYPE_TAG: case K_DECL_TAG:
			return W_REF;
		default:
			return W_RAW;
		}
	w -= 3;
	switch (t->kind) {
	case K_ARRAY: return w < 2 ? W_REF : W_RAW;
	case K_STRUCT: case K_UNION: return w % 3 == 0 ? W_STR : w % 3 == 1 ? W_REF : W_RAW;
	case K_ENUM: return w % 2 == 0 ? W_STR : W_RAW;
	case K_ENUM64: return w % 3 == 0 ? W_STR : W_RAW;
	case K_FUNC_PROTO: return w % 2 == 0 ? W_STR : W_REF;
	case K_DATASEC: return w % 3 == 0 ? W_REF : W_RAW;
	}
	return W_RAW;
}

uint32_t word(uint32_t id, unsigned w)
{
	return get(ty[id].off + 4 * (size_t)w, 4);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* splitmix64's finaliser over the running value: well spread, and
	 * the same on every host. */
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

static uint64_t *key;
static char **name;	/* each type's name, mapped */

static int by_canon(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c;

	if (ty[x].kind != ty[y].kind)
		return ty[x].kind < ty[y].kind ? -1 : 1;
	c = strcmp(name[x], name[y]);
	if (c)
		return c;
	if (key[x] != key[y])
		return key[x] < key[y] ? -1 : 1;
	/* Indistinguishable by structure, from either side (in practice
	 * duplicates): their order does not show in the bytes. */
	return (x > y) - (x < y);
}

static int by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static size_t distinct(const uint64_t *k, uint64_t *scratch)
{
	size_t n = 0;

	memcpy(scratch, k + 1, nty * sizeof(*k));
	qsort(scratch, nty, sizeof(*scratch), by_u64);
	for (uint32_t i = 0; i < nty; i++)
		n += !i || scratch[i] != scratch[i - 1];
	return n;
}

/* The keys: each type's own fields, then rounds of refinement. */
static void compute_keys(void)
{
	uint64_t *next = xcalloc(nty + 1, sizeof(*next)), *in = xcalloc(nty + 1, sizeof(*in));
	uint64_t *scratch = xcalloc(nty + 1, sizeof(*scratch));
	size_t classes;

	key = xcalloc(nty + 1, sizeof(*key));
	name = xcalloc(nty + 1, sizeof(*name));
	for (uint32_t i = 1; i <= nty; i++) {
		uint64_t h = mix(0, ty[i].kind);

		name[i] = mapped(word(i, 0));
		for (unsigned w = 0; w < ty[i].words; w++) {
			uint32_t v = word(i, w);

			switch (word_class(&ty[i], w)) {
			case W_RAW: h = mix(h, v); break;
			case W_STR:
				if (w) {
					char *m = mapped(v);
					h = mix(h, str_hash(m));
					free(m);
				} else {
					h = mix(h, str_hash(name[i]));
				}
				break;
			case W_REF:
				if (v > nty)
					die("a BTF type refers to a type id past the last type");
				h = mix(h, v ? 1 : 0);	/* void or a type; which: below */
				break;
			}
		}
		key[i] = h;
	}
	classes = distinct(key, scratch);
	for (uint32_t round = 0; round <= nty; round++) {
		memset(in, 0, (nty + 1) * sizeof(*in));
		for (uint32_t i = 1; i <= nty; i++) {
			uint64_t h = mix(key[i], 0x5eed);
			unsigned nref = 0;

			for (unsigned w = 0; w < ty[i].words; w++) {
				uint32_t v;

				if (word_class(&ty[i], w) != W_REF)
					continue;
				v = word(i, w);
				h = mix(h, v ? key[v] : 0);
				/* Who refers to a type, and by which field: a
				 * sum, as the referrers come in no order. */
				if (v)
					in[v] += mix(key[i], nref);
				nref++;
			}
			next[i] = h;
		}
		for (uint32_t i = 1; i <= nty; i++)
			next[i] = mix(next[i], in[i]);
		size_t now = distinct(next, scratch);
		memcpy(key, next, (nty + 1) * sizeof(*key));
		if (now <= classes)
			break;
		classes = now;
	}
	free(next);
	free(in);
	free(scratch);
}

/* The types of [START, END) read into ty; the bytes they take. */
size_t read_types(size_t start, size_t end)
{
	size_t cap = 64, total = 0;

	ty = xcalloc(cap, sizeof(*ty));
	for (size_t p = start; p < end;) {
		struct ctype t = { p, 0, get(p + 4, 4) & 0xffff, 0 };
		size_t sz = next_type(p, end, &t.kind) - p;

		t.words = sz / 4;
		if (++nty >= cap) {
			ty = realloc(ty, (cap *= 2) * sizeof(*ty));
			if (!ty)
				die("out of memory");
		}
		ty[nty] = t;
		p += sz;
		total += sz;
	}
	return total;
}

/* The canonical order: ORDER[k] the type id that goes k-th, REMAP[id] its
 * new id. */
void canon_order(uint32_t *order, uint32_t *remap)
{
	compute_keys();
	for (uint32_t i = 0; i < nty; i++)
		order[i] = i + 1;
	qsort(order, nty, sizeof(*order), by_canon);
	for (uint32_t i = 0; i < nty; i++)
		remap[order[i]] = i + 1;
}
