// SPDX-License-Identifier: GPL-2.0
/* Rejected on purpose: bad_lookup dereferences a map value without the NULL
 * check.  good_lookup, in the same object, must still be reported as pass.
 * A hash map, because the verifier knows that an array lookup with a
 * constant in-bounds key cannot return NULL. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} vals SEC(".maps");

SEC("xdp")
int bad_lookup(struct xdp_md *ctx)
{
	__u32 key = 0;
	__u64 *val = bpf_map_lookup_elem(&vals, &key);

	return *val ? XDP_PASS : XDP_DROP; /* BAD DEREF */
}

SEC("xdp")
int good_lookup(struct xdp_md *ctx)
{
	__u32 key = 0;
	__u64 *val = bpf_map_lookup_elem(&vals, &key);

	return val && *val ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
