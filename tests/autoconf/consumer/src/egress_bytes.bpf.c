// SPDX-License-Identifier: GPL-2.0
/* Sums the bytes a cgroup sends; lets every packet through. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} bytes SEC(".maps");

SEC("cgroup_skb/egress")
int count_egress(struct __sk_buff *skb)
{
	__u32 key = 0;
	__u64 *v = bpf_map_lookup_elem(&bytes, &key);

	if (v)
		__sync_fetch_and_add(v, skb->len);
	return 1;
}
