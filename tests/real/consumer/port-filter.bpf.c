// SPDX-License-Identifier: LGPL-2.1-or-later
/* Drops UDP to one port, chosen at build time by the program's own flags
 * (-DFILTER_PORT=..., and an include directory of the project). */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>
#include "port_filter.h"

SEC("xdp")
int port_filter(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);
	struct udphdr *udp = (void *)(ip + 1);

	if ((void *)(udp + 1) > end)
		return XDP_PASS;
	if (eth->h_proto != bpf_htons(ETH_P_IP) || ip->protocol != IPPROTO_UDP || ip->ihl != 5)
		return XDP_PASS;
	return udp->dest == bpf_htons(FILTER_PORT) ? FILTER_VERDICT_DROP : XDP_PASS;
}

char LICENSE[] SEC("license") = "LGPL-2.1-or-later";
