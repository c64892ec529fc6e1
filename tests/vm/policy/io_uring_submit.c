// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring_submit: load the io_uring submission counter with the one
 * tracepoint this kernel has, as tracing tools choose between attach
 * points: io_uring_submit_req from 6.5, io_uring_submit_sqe before.
 *
 *   io_uring_submit [-v]     -v shows libbpf's messages
 *
 * Prints "io_uring_submit: loaded PROG" and exits 0, or one line saying
 * why not and exits 1.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "io_uring_submit.skel.h"

/* Does the running kernel's BTF have the raw tracepoint NAME (what a
 * tp_btf program attaches to)? */
static bool tp_btf_exists(const char *name)
{
	return libbpf_find_vmlinux_btf_id(name, BPF_TRACE_RAW_TP) >= 0;
}

int main(int argc, char **argv)
{
	bool verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	struct io_uring_submit_bpf *skel;
	struct bpf_program *keep, *drop;
	int err;

	if (!verbose)
		libbpf_set_print(NULL);
	skel = io_uring_submit_bpf__open();
	if (!skel) {
		fprintf(stderr, "io_uring_submit: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	if (tp_btf_exists("io_uring_submit_req")) {
		keep = skel->progs.submit_req;
		drop = skel->progs.submit_sqe;
	} else if (tp_btf_exists("io_uring_submit_sqe")) {
		keep = skel->progs.submit_sqe;
		drop = skel->progs.submit_req;
	} else {
		fprintf(stderr, "io_uring_submit: this kernel has neither io_uring_submit_req nor io_uring_submit_sqe\n");
		io_uring_submit_bpf__destroy(skel);
		return 1;
	}
	bpf_program__set_autoload(drop, false);

	err = io_uring_submit_bpf__load(skel);
	if (err)
		fprintf(stderr, "io_uring_submit: cannot load %s: %s%s\n", bpf_program__name(keep),
			strerror(-err), err == -EPERM ? " (run as root: it needs CAP_BPF and CAP_PERFMON)" : "");
	else
		printf("io_uring_submit: loaded %s\n", bpf_program__name(keep));
	io_uring_submit_bpf__destroy(skel);
	return err ? 1 : 0;
}
