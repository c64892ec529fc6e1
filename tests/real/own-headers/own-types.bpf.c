// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A program of a tree that keeps its own copies of uapi headers, as the
 * kernel's BPF selftests do (tools/include): <linux/types.h> here is the
 * project's (include/linux/types.h, by its own -I), which declares the
 * kernel's u32 and u64; the system's does not.  uapi-only, one helper
 * call, so that gcc-bpf 12 builds it too.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} packets SEC(".maps");

SEC("xdp")
int count_packets(struct xdp_md *ctx)
{
	u32 key = 0;
	u64 *n = bpf_map_lookup_elem(&packets, &key);

	if (!n)
		return XDP_PASS;
	*n += 1;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
