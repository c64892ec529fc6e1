// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for the selftests' annotations: annot.c's reading of a
 * program's tags (their three spellings, __retval, __flag, __arch ...) and
 * annot_msgs.c's messages, compiled and matched against a verifier log.
 * The input is the tags, one a line (each a BTF decl tag's text, such as
 * "comment:3:test_expect_regex=R[0-9]"), then a NUL and the log.  Whatever
 * the bytes: an annotation or none, a match or a cause, never a crash, a
 * leak, an overrun or a match that does not end (libFuzzer's -timeout).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "../annot.h"

/* A FUNC "prog" with TAGS (NUL-separated, N of them) as its decl tags. */
static struct btf *tagged(const char *tags, size_t n)
{
	struct btf *btf = btf__new_empty();
	int id;

	if (!btf)
		return NULL;
	id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	id = id > 0 ? btf__add_func_proto(btf, id) : id;
	id = id > 0 ? btf__add_func(btf, "prog", BTF_FUNC_GLOBAL, id) : id;
	for (size_t i = 0; id > 0 && i < n; i++, tags += strlen(tags) + 1)
		btf__add_decl_tag(btf, tags, id, -1);	/* "" is refused: left out */
	if (id <= 0) {
		btf__free(btf);
		return NULL;
	}
	return btf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t head = nul ? (size_t)(nul - data) : size, n = 1;
	char *tags = malloc(head + 1), *log = malloc(size - head + 1), *why = NULL;
	struct bv_annot *a = NULL;
	struct btf *btf = NULL;

	if (!tags || !log)
		goto out;
	memcpy(tags, data, head);
	tags[head] = '\0';
	for (size_t i = 0; i < head; i++)
		if (tags[i] == '\n') {
			tags[i] = '\0';
			n++;
		}
	/* The log: what follows the NUL, itself NUL-terminated as a log is. */
	memcpy(log, data + head + !!nul, size - head - !!nul);
	log[size - head - !!nul] = '\0';
	btf = tagged(tags, n);
	a = btf ? bv_annot_read(btf, "prog") : NULL;
	if (a && !a->bad && !bv_annot_msgs_match(a, log, &why) == !why)
		abort();	/* a mismatch comes with its cause, a match without */
out:
	bv_annot_free(a);
	btf__free(btf);
	free(why);
	free(tags);
	free(log);
	return 0;
}
