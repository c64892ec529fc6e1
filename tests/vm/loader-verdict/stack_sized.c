// SPDX-License-Identifier: GPL-2.0
/* The loader of tests/validate/progs/stack_sized.bpf.c, written as
 * libbpf-tools' profilers are: between open and load it sets the stack
 * map's value size from the stack depth (its --perf-max-stack-depth, 127 by
 * default) and each map's max_entries, then loads.  It pins nothing.
 * bpf-validate must reach the verdict this loader finds
 * (tests/validate/58-stack-sized.t on the host, tests/vm/loader-verdict.t
 * in the VMs).
 * Usage: stack_sized [--as-is]: --as-is loads the object unsized, as a
 * loader that forgot would.  Exit 0 when the object loads. */
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "stack_sized.skel.h"

#define PERF_MAX_STACK_DEPTH 127
#define STACK_STORAGE 1024
#define MAX_THREADS 10240

int main(int argc, char **argv)
{
	struct stack_sized_bpf *skel;
	int err;

	skel = stack_sized_bpf__open();
	if (!skel) {
		fprintf(stderr, "failed to open BPF object\n");
		return 1;
	}
	if (argc < 2 || strcmp(argv[1], "--as-is")) {
		bpf_map__set_value_size(skel->maps.stackmap,
					PERF_MAX_STACK_DEPTH * sizeof(unsigned long));
		bpf_map__set_max_entries(skel->maps.stackmap, STACK_STORAGE);
		bpf_map__set_max_entries(skel->maps.leaving, MAX_THREADS);
		bpf_map__set_max_entries(skel->maps.off_ns, STACK_STORAGE);
	}
	err = stack_sized_bpf__load(skel);
	if (err)
		fprintf(stderr, "failed to load BPF object: %d\n", err);
	else
		printf("loaded off_cpu\n");
	stack_sized_bpf__destroy(skel);
	return err ? 1 : 0;
}
