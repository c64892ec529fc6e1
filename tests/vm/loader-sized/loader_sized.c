// SPDX-License-Identifier: GPL-2.0
/* The loader of tests/validate/progs/loader_sized.bpf.c, written as
 * libbpf-tools' loaders are: it sizes the maps the object leaves to it,
 * supplies the inner map of cgroup_hash, pins "counts" under PIN_ROOT and
 * loads.  bpf-validate must reach the same verdict without it
 * (tests/vm/loader-sized.t).
 * Usage: loader_sized PIN_ROOT.  Exit 0 when the object loads. */
#include <stdio.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "loader_sized.skel.h"

#define MAX_ENTRIES 10240

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts);
	struct loader_sized_bpf *skel;
	int counts_fd, allow_fd, err;

	if (argc != 2) {
		fprintf(stderr, "usage: %s PIN_ROOT\n", argv[0]);
		return 2;
	}
	opts.pin_root_path = argv[1];
	skel = loader_sized_bpf__open_opts(&opts);
	if (!skel) {
		fprintf(stderr, "failed to open BPF object\n");
		return 1;
	}
	/* The perf-event array: libbpf sizes it to the CPUs. */
	bpf_map__set_max_entries(skel->maps.stackmap, MAX_ENTRIES);
	bpf_map__set_max_entries(skel->maps.counts, MAX_ENTRIES);
	bpf_map__set_max_entries(skel->maps.rb, 64 * sysconf(_SC_PAGESIZE));
	/* Inner maps: libbpf gives no handle to size the BTF-defined one, so
	 * the loader makes both prototypes itself. */
	counts_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "cg_counts", sizeof(__u32),
				   sizeof(__u64), 1, NULL);
	allow_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "allow", sizeof(__u32),
				  sizeof(__u32), 1, NULL);
	if (counts_fd < 0 || allow_fd < 0) {
		fprintf(stderr, "failed to create the inner maps\n");
		loader_sized_bpf__destroy(skel);
		return 1;
	}
	bpf_map__set_inner_map_fd(skel->maps.cgroup_counts, counts_fd);
	bpf_map__set_inner_map_fd(skel->maps.cgroup_hash, allow_fd);

	err = loader_sized_bpf__load(skel);
	if (err)
		fprintf(stderr, "failed to load BPF object: %d\n", err);
	else
		printf("loaded on_switch and on_exec\n");
	loader_sized_bpf__destroy(skel);
	close(counts_fd);
	close(allow_fd);
	return err ? 1 : 0;
}
