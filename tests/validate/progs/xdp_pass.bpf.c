// SPDX-License-Identifier: GPL-2.0
/* Valid: an XDP program that counts packets per protocol in an array map. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	__u32 key = 0;
	__u64 *val;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;
	if (eth->h_proto == bpf_htons(ETH_P_IPV6))
		key = 1;
	val = bpf_map_lookup_elem(&counts, &key);
	if (val)
		*val += 1;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
