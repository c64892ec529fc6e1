// SPDX-License-Identifier: GPL-2.0
/* A per-protocol packet counter shipped in variants, as libbpf tools ship
 * alternatives: the "?" sections load only where the loader enables them
 * (it picks one by kernel or option).  The "fast" variant dropped the NULL
 * check after the map lookup, which the verifier refuses; the others are
 * fine. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} packets SEC(".maps");

SEC("socket")
int count_all(struct __sk_buff *skb)
{
	__u32 proto = skb->protocol;
	__u64 *n = bpf_map_lookup_elem(&packets, &proto);

	if (n)
		__sync_fetch_and_add(n, 1);
	return skb->len;
}

SEC("?socket")
int count_fast(struct __sk_buff *skb)
{
	__u32 proto = skb->protocol;
	__u64 *n = bpf_map_lookup_elem(&packets, &proto);

	*n += 1;
	return skb->len;
}

SEC("?socket")
int count_large(struct __sk_buff *skb)
{
	__u32 proto = skb->protocol;
	__u64 *n;

	if (skb->len < 1000)
		return skb->len;
	n = bpf_map_lookup_elem(&packets, &proto);
	if (n)
		__sync_fetch_and_add(n, 1);
	return skb->len;
}

SEC("socket")
int count_bytes(struct __sk_buff *skb)
{
	__u32 proto = skb->protocol;
	__u64 *n = bpf_map_lookup_elem(&packets, &proto);

	if (n)
		__sync_fetch_and_add(n, skb->len);
	return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
