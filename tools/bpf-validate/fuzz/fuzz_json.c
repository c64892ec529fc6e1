// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for json.c, the reader of --merge: whatever a guest's
 * serial port or a damaged file holds gives a tree or one message, never a
 * crash, a leak or an overrun.  A tree is walked whole.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../bpf-validate.h"
#include "../json.h"

static size_t walk(const struct bv_jval *v)
{
	size_t n = 1;

	if (v->s)
		n += strlen(v->s);
	for (size_t i = 0; i < v->n; i++) {
		if (v->type == BVJ_OBJ && bv_json_get(v, v->keys[i]) == NULL)
			abort();	/* every key must be found again */
		n += walk(v->v[i]);
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *why = NULL;
	struct bv_jval *v = bv_json_parse((const char *)data, size, &why);

	if (!v == !why)
		abort();	/* exactly one of a tree and a cause */
	if (v)
		walk(v);
	bv_json_free(v);
	free(why);
	return 0;
}
