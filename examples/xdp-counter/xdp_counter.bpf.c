// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Count packets per protocol and drop UDP to one port: an XDP program.
 * The port is read-only configuration (.rodata), set by the loader before
 * load, so the verifier sees a constant.  The counters are per CPU: no
 * atomic operation, no contention between CPUs.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>
#include "xdp_counter.h"

/* UDP datagrams to this port are dropped; 0 drops none.  In network byte
 * order, as the loader stores it: the program compares it as is and swaps
 * no bytes at run time (a swap that gcc-bpf 12 cannot compile). */
const volatile __be16 drop_port = 0;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, COUNT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

static __always_inline void count(__u32 slot)
{
	__u64 *n = bpf_map_lookup_elem(&counters, &slot);

	if (n)
		*n += 1;	/* this CPU's own slot: no atomic needed */
}

/* Counts a UDP datagram and decides its fate; a truncated one passes. */
static __always_inline int udp_verdict(struct udphdr *udp, void *data_end)
{
	if ((void *)(udp + 1) > data_end)
		return XDP_PASS;
	count(COUNT_UDP);
	if (drop_port && udp->dest == drop_port) {
		count(COUNT_DROPPED);
		return XDP_DROP;
	}
	return XDP_PASS;
}

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;

	if (eth->h_proto == bpf_htons(ETH_P_IP)) {
		struct iphdr *ip = (void *)(eth + 1);

		if ((void *)(ip + 1) > data_end)
			return XDP_PASS;
		count(COUNT_IPV4);
		if (ip->protocol != IPPROTO_UDP || ip->ihl < 5)
			return XDP_PASS;
		return udp_verdict((void *)ip + ip->ihl * 4, data_end);
	}
	if (eth->h_proto == bpf_htons(ETH_P_IPV6)) {
		struct ipv6hdr *ip6 = (void *)(eth + 1);

		if ((void *)(ip6 + 1) > data_end)
			return XDP_PASS;
		count(COUNT_IPV6);
		/* Extension headers are not walked: only UDP right after. */
		if (ip6->nexthdr != IPPROTO_UDP)
			return XDP_PASS;
		return udp_verdict((void *)(ip6 + 1), data_end);
	}
	count(COUNT_OTHER);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
