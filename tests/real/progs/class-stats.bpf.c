// SPDX-License-Identifier: GPL-2.0
/* Packets per traffic class, one counter map per class, reached through a
 * map of maps whose slots the object fills (the kernel selftests'
 * test_btf_map_in_map, Katran's and Cilium's per-CPU/per-class maps):
 * the loader creates the inner maps and puts them in place, and user space
 * may swap one for a fresh map to reset a class atomically. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct class_counter {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
};

struct class_counter bulk_packets SEC(".maps");
struct class_counter interactive_packets SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct class_counter);
} class_packets SEC(".maps") = {
	.values = {
		[0] = &bulk_packets,
		[1] = &interactive_packets,
	},
};

SEC("xdp")
int count_class(struct xdp_md *ctx)
{
	__u32 class = ctx->rx_queue_index & 1, zero = 0;
	__u64 *count;
	void *counters;

	counters = bpf_map_lookup_elem(&class_packets, &class);
	if (!counters)
		return XDP_PASS;
	count = bpf_map_lookup_elem(counters, &zero);
	if (count)
		__sync_fetch_and_add(count, 1);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
