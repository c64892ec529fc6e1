// SPDX-License-Identifier: GPL-2.0
/* A program that calls a kfunc only where the kernel has it, with libbpf
 * 1.2's bpf_ksym_exists (bpf_helpers.h).  The kfunc here is one no kernel
 * has: the verifier drops the call as dead code. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern void bpfbuild_no_such_kfunc(void) __ksym __weak;

SEC("xdp")
int pass_unless_kfunc(struct xdp_md *ctx)
{
	if (bpf_ksym_exists(bpfbuild_no_such_kfunc))
		bpfbuild_no_such_kfunc();
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
