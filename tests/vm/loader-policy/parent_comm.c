// SPDX-License-Identifier: GPL-2.0
/*
 * parent_comm: load the fork tracer where the kernel has the kfunc it
 * calls (bpf_task_from_pid, 6.2 and later); elsewhere switch it off and
 * load the rest, as tools with optional features do.
 *
 * Prints "parent_comm: loaded on_fork" or "parent_comm: loaded" (nothing
 * switched on) and exits 0, or one line saying why not and exits 1.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "parent_comm.skel.h"

static bool kernel_has_kfunc(const char *name)
{
	struct btf *vmlinux = btf__load_vmlinux_btf();
	bool has;

	if (!vmlinux)
		return false;
	has = btf__find_by_name_kind(vmlinux, name, BTF_KIND_FUNC) >= 0;
	btf__free(vmlinux);
	return has;
}

int main(void)
{
	struct parent_comm_bpf *skel;
	bool fork_tracer = kernel_has_kfunc("bpf_task_from_pid");
	int err;

	libbpf_set_print(NULL);
	skel = parent_comm_bpf__open();
	if (!skel) {
		fprintf(stderr, "parent_comm: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	bpf_program__set_autoload(skel->progs.on_fork, fork_tracer);
	err = parent_comm_bpf__load(skel);
	if (err)
		fprintf(stderr, "parent_comm: cannot load: %s\n", strerror(-err));
	else
		printf("parent_comm: loaded%s\n", fork_tracer ? " on_fork" : "");
	parent_comm_bpf__destroy(skel);
	return err ? 1 : 0;
}
