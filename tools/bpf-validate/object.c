// SPDX-License-Identifier: LGPL-2.1-or-later
/* The object record's destructor: what the checks left in it (programs,
 * annotations, externs, inner map fds), above util.c's helpers. */
#include <stdlib.h>
#include <unistd.h>

#include "bpf-validate.h"

void bv_object_free(struct bv_object *o)
{
	for (size_t i = 0; i < o->nprogs; i++) {
		struct bv_prog *p = &o->progs[i];

		free(p->name);
		free(p->section);
		free(p->elf_section);
		free(p->lines);
		free(p->error);
		free(p->attach_target);
		free(p->absent);
		free(p->source);
		strlist_free(&p->log_tail);
		bv_annot_free(p->annot);
	}
	free(o->progs);
	free(o->fatal);
	free(o->skip);
	strlist_free(&o->preps);
	bv_externs_free(o);
	for (size_t i = 0; i < o->ninner_fds; i++)
		close(o->inner_fds[i]);
	free(o->inner_fds);
	strlist_free(&o->errors);
	strlist_free(&o->warnings);
}
