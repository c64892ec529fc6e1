// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libFuzzer target for --info (info.c): an object read from a buffer, then
 * printed both ways (tab-separated and JSON, to /dev/null), then freed:
 * whatever the bytes, one message or a listing, never a crash, a leak or an
 * overrun.  info.c is included for its static reader, which takes a buffer;
 * bv_info() only adds the reading of the file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../info.c"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	bv_libbpf_log_init(0);
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct info in = { .path = "fuzz.bpf.o" };
	/* libelf may convert foreign-endian data in place: give it a copy,
	 * libFuzzer's input is read-only. */
	void *buf = malloc(size ? size : 1);

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	read_info(&in, buf, size);
	print_tsv(&in);
	print_json(&in);
	info_free(&in);
	free(buf);
	return 0;
}
