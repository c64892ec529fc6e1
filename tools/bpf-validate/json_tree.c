// SPDX-License-Identifier: LGPL-2.1-or-later
/* The JSON tree (json.h) that json.c's reader builds and --merge reads and
 * changes: its values made, looked up, added to, freed. */
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "json.h"

struct bv_jval *bv_json_new(enum bv_jtype t)
{
	struct bv_jval *v = xcalloc(1, sizeof(*v));

	v->type = t;
	return v;
}

struct bv_jval *bv_json_new_str(const char *s)
{
	struct bv_jval *v = bv_json_new(BVJ_STR);

	v->s = xstrdup(s);
	return v;
}

void bv_json_free(struct bv_jval *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		if (v->keys)
			free(v->keys[i]);
		bv_json_free(v->v[i]);
	}
	free(v->keys);
	free(v->v);
	free(v->s);
	free(v);
}

struct bv_jval *bv_json_get(const struct bv_jval *o, const char *key)
{
	if (!o || o->type != BVJ_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->v[i];
	return NULL;
}

void bv_json_push(struct bv_jval *c, char *key, struct bv_jval *val)
{
	c->v = realloc(c->v, (c->n + 1) * sizeof(*c->v));
	if (key)
		c->keys = realloc(c->keys, (c->n + 1) * sizeof(*c->keys));
	if (!c->v || (key && !c->keys))
		abort();
	if (key)
		c->keys[c->n] = key;
	c->v[c->n++] = val;
}

/* A repeated key keeps its first place and takes the last value. */
void bv_json_add(struct bv_jval *o, const char *key, struct bv_jval *val)
{
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key)) {
			bv_json_free(o->v[i]);
			o->v[i] = val;
			return;
		}
	bv_json_push(o, xstrdup(key), val);
}
