// SPDX-License-Identifier: GPL-2.0
/* Annotated __failure, yet the verifier takes it: its test load (level 0)
 * succeeds, while a level-1 load walks every turn of the loop and its
 * trace overflows a 16 MiB log (the kernel then fails it with ENOSPC). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"

SEC("xdp")
__failure
int mixes_every_turn(struct xdp_md *ctx)
{
	__u32 h = ctx->ingress_ifindex;

	for (int i = 0; i < 40000; i++)
		h = (h ^ i) * 31 + (h >> 7);
	return h & 1 ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
