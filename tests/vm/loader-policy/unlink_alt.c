// SPDX-License-Identifier: GPL-2.0
/*
 * unlink_alt: load the unlink counter with the one entry point this
 * kernel has (do_unlinkat up to 6.x, filename_unlinkat in 7.x), as
 * tracing tools choose between fentry targets.
 *
 * Prints "unlink_alt: loaded PROG" and exits 0, or one line saying why
 * not and exits 1.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "unlink_alt.skel.h"

int main(void)
{
	struct unlink_alt_bpf *skel;
	struct bpf_program *keep, *drop;
	int err;

	libbpf_set_print(NULL);
	skel = unlink_alt_bpf__open();
	if (!skel) {
		fprintf(stderr, "unlink_alt: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	if (libbpf_find_vmlinux_btf_id("filename_unlinkat", BPF_TRACE_FENTRY) >= 0) {
		keep = skel->progs.unlink_new;
		drop = skel->progs.unlink_old;
	} else {
		keep = skel->progs.unlink_old;
		drop = skel->progs.unlink_new;
	}
	bpf_program__set_autoload(drop, false);
	err = unlink_alt_bpf__load(skel);
	if (err)
		fprintf(stderr, "unlink_alt: cannot load %s: %s\n", bpf_program__name(keep), strerror(-err));
	else
		printf("unlink_alt: loaded %s\n", bpf_program__name(keep));
	unlink_alt_bpf__destroy(skel);
	return err ? 1 : 0;
}
