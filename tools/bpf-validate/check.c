// SPDX-License-Identifier: LGPL-2.1-or-later
/* One object: read, checked statically, verified, and its exit status
 * (before CI), for main.c's loop and compare.c's pairs. */
#include <stdio.h>
#include <stdlib.h>

#include "bpf-validate.h"

int bv_object_exit(const struct bv_object *o)
{
	bool skipped = o->skip != NULL;

	if (o->fatal || o->errors.n)
		return 1;
	for (size_t i = 0; i < o->nprogs; i++) {
		int annotated = bv_annot_fails(&o->progs[i]);	/* -1: not judged */

		if (annotated > 0 || (annotated < 0 && o->progs[i].verdict == BV_REJECTED) ||
		    (o->progs[i].verdict == BV_NO_TARGET && o->progs[i].required))
			return 1;
		if (o->progs[i].verdict == BV_REFUSED)
			skipped = true;
	}
	return skipped ? EXIT_SKIP : 0;
}

void bv_check_object(struct bv_object *o, const struct bv_opts *opts)
{
	struct bpf_object *obj = NULL;
	void *buf = NULL;
	size_t len = 0;

	if (bv_read_file(o->path, &buf, &len, &o->fatal) == 0 &&
	    bv_static_check(o, buf, len, opts, &obj) == 0)
		bv_verify(o, obj, buf, len, opts);
	if (o->fatal)
		fprintf(stderr, "bpf-validate: %s: %s\n", o->path, o->fatal);
	free(buf);
}
