// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for the open-and-static-check path: ELF parsing, .BTF and
 * .BTF.ext parsing and libbpf's bpf_object__open_mem().  It never calls
 * bpf().  Build with ./build.sh (clang -fsanitize=fuzzer,address,undefined).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	bv_libbpf_log_init(0);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bv_opts opts = { 0 };
	struct bv_object o = { .path = "fuzz.bpf.o" };
	/* libelf may convert foreign-endian data in place: give it a copy,
	 * libFuzzer's input is read-only. */
	void *buf = malloc(size ? size : 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	bv_static_check(&o, buf, size, &opts, NULL);
	bv_object_free(&o);
	free(buf);
	return 0;
}
