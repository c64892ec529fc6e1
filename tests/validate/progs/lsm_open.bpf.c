// SPDX-License-Identifier: GPL-2.0
/* Valid, but tracing-class: this host kernel refuses lsm programs at load
 * (EPERM, even as root).  The XDP program beside it must still verify. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

SEC("lsm/file_open")
int BPF_PROG(allow_open, struct file *file)
{
	return 0;
}

SEC("xdp")
int xdp_ok(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
