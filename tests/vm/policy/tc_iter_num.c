// SPDX-License-Identifier: GPL-2.0
/*
 * tc_iter_num: load the tc classifier that sums per-priority weights.  It
 * calls the bpf_iter_num_* kfuncs, so kernels before 6.4 cannot load it;
 * the loader does not work around that.
 *
 *   tc_iter_num [-v]         -v shows libbpf's messages
 *
 * Prints "tc_iter_num: loaded prio_weights" and exits 0, or one line
 * saying why not and exits 1.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "tc_iter_num.skel.h"

/* Whether the running kernel's BTF has the kfunc NAME: after a failed
 * load, to say why in one line (libbpf only says EINVAL). */
static bool kernel_has_kfunc(const char *name)
{
	struct btf *btf = btf__load_vmlinux_btf();
	bool found = btf && btf__find_by_name_kind(btf, name, BTF_KIND_FUNC) >= 0;

	btf__free(btf);
	return found;
}

int main(int argc, char **argv)
{
	struct tc_iter_num_bpf *skel;
	int err;

	if (!(argc > 1 && strcmp(argv[1], "-v") == 0))
		libbpf_set_print(NULL);
	skel = tc_iter_num_bpf__open();
	if (!skel) {
		fprintf(stderr, "tc_iter_num: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	/* Priorities 0..4, each worth its number; a tool would read them from its config. */
	for (int i = 0; i < 5; i++)
		skel->bss->weights[i] = i;
	err = tc_iter_num_bpf__load(skel);
	if (err)
		fprintf(stderr, "tc_iter_num: cannot load prio_weights: %s%s\n", strerror(-err),
			err == -EPERM ? " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)" :
			!kernel_has_kfunc("bpf_iter_num_new") ?
			" (this kernel lacks the kfunc bpf_iter_num_new: it needs Linux 6.4 or newer)" : "");
	else
		printf("tc_iter_num: loaded prio_weights\n");
	tc_iter_num_bpf__destroy(skel);
	return err ? 1 : 0;
}
