// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --merge reads the annotations' judgement back from each kernel's
 * document (annot_out.c writes it): as annotated is a pass in the kernel's
 * column, an annotation that does not hold a failure, named under the table.
 */
#include <string.h>

#include "merge.h"

static const char *jtext(const struct bv_jval *v)
{
	return v && v->type == BVJ_STR ? v->s : NULL;
}

/* A program's cell: its verdict, unless an annotation judged it. */
const char *bv_annot_cell(const struct bv_jval *prog)
{
	const char *r = jtext(bv_json_get(bv_json_get(prog, "annotation"), "result"));
	const char *v = jtext(bv_json_get(prog, "verdict"));

	if (r && !strcmp(r, "as-annotated"))
		return "pass";
	if (r && !strcmp(r, "differs"))
		return "rejected";
	return v ? v : "?";
}

/* ... and the cause named under the table. */
const char *bv_annot_error(const struct bv_jval *prog)
{
	const struct bv_jval *a = bv_json_get(prog, "annotation");
	const char *r = jtext(bv_json_get(a, "result"));
	const char *e = jtext(bv_json_get(prog, "error"));

	if (r && !strcmp(r, "differs") && jtext(bv_json_get(a, "why")))
		return jtext(bv_json_get(a, "why"));
	return e ? e : "";
}
