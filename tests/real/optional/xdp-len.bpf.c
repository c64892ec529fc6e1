// SPDX-License-Identifier: GPL-2.0
/* Packet-length histogram, mid-edit: a field name mistyped (data_endd),
 * the kind of error that leaves one program of a project unbuildable. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} len_hist SEC(".maps");

SEC("xdp")
int xdp_len(struct xdp_md *ctx)
{
	__u32 len = ctx->data_endd - ctx->data;
	__u32 slot = len >> 7;
	__u64 *n;

	if (slot > 15)
		slot = 15;
	n = bpf_map_lookup_elem(&len_hist, &slot);
	if (n)
		*n += 1;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
