/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A small JSON reader: enough for the documents bpf-validate --json writes
 * (read back by --merge).  It builds a tree; nothing here writes JSON.
 */
#ifndef BV_JSON_H
#define BV_JSON_H

#include <stddef.h>

enum bv_jtype { BVJ_NULL, BVJ_BOOL, BVJ_NUM, BVJ_STR, BVJ_ARR, BVJ_OBJ };

struct bv_jval {
	enum bv_jtype type;
	char *s;		/* a string (UTF-8), a number's text, "true"/"false" */
	size_t n;		/* members or elements */
	char **keys;		/* an object's keys, in document order */
	struct bv_jval **v;	/* its values, or an array's elements */
};

/* The tree of TEXT (LEN bytes), or NULL with *WHY set to the cause (owned). */
struct bv_jval *bv_json_parse(const char *text, size_t len, char **why);
void bv_json_free(struct bv_jval *v);
/* An object's member KEY, or NULL (also when O is no object). */
struct bv_jval *bv_json_get(const struct bv_jval *o, const char *key);
/* Add member KEY (copied) to object O; VAL is then owned by O. */
void bv_json_add(struct bv_jval *o, const char *key, struct bv_jval *val);
struct bv_jval *bv_json_new_str(const char *s);
/* json_tree.c, for the reader: a value of type T; VAL appended to the
 * array C, or under KEY (owned, NULL in an array) to the object C */
struct bv_jval *bv_json_new(enum bv_jtype t);
void bv_json_push(struct bv_jval *c, char *key, struct bv_jval *val);

#endif
