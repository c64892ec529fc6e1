// SPDX-License-Identifier: LGPL-2.1-or-later
/* Feeds a recorded verifier log to bpf-validate's log reader (vlog.c) and
 * prints what a report takes from it: the reason (the first line
 * bv_vlog_error_lines gives for a statistics log), the log's last lines
 * (four, as for a trace) and the parsed instruction count.
 * Usage: reason LOG-FILE.  The logs beside it were recorded in the VMs of
 * the kernel matrix (tests/validate/57-vlog-reason.t).
 * reason --need WARNING: the need of bpfbuild's that the libbpf warning
 * WARNING, which failed a load, names (lbpf.c), or "(none)". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"

int main(int argc, char **argv)
{
	struct bv_strlist first = { 0 }, tail = { 0 };
	struct bv_vlog v;
	char *log = NULL;
	size_t len = 0;
	FILE *f;

	if (argc == 3 && !strcmp(argv[1], "--need")) {
		const char *need = bv_libbpf_need(argv[2]);

		printf("need: %s\n", need ? need : "(none)");
		return 0;
	}
	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: reason LOG-FILE (a readable file)\n");
		return 2;
	}
	if (getdelim(&log, &len, '\0', f) < 0) {
		fprintf(stderr, "reason: %s: empty or unreadable\n", argv[1]);
		return 2;
	}
	fclose(f);
	bv_vlog_error_lines(log, &first, 1);
	bv_vlog_error_lines(log, &tail, 4);
	bv_vlog_parse(log, &v);
	printf("reason: %s\n", first.n ? first.v[0] : "(none)");
	for (size_t i = 0; i < tail.n; i++)
		printf("tail: %s\n", tail.v[i]);
	printf("insns: %ld\n", v.insns);
	strlist_free(&first);
	strlist_free(&tail);
	free(v.kernel_source);
	free(log);
	return 0;
}
