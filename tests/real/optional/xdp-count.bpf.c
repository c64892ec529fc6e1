// SPDX-License-Identifier: GPL-2.0
/* Counts packets per protocol family, as an XDP statistics tool does. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} family_count SEC(".maps");

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	__u32 key;
	__u64 *n;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;
	key = eth->h_proto == bpf_htons(ETH_P_IPV6);
	n = bpf_map_lookup_elem(&family_count, &key);
	if (n)
		*n += 1;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
