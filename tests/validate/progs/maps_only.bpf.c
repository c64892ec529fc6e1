// SPDX-License-Identifier: GPL-2.0
/* No program at all: only a map, as a header split off from its programs
 * would leave it.  bpf-validate must call that an error, not a pass. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

static __always_inline __u64 *counter(__u32 idx)
{
	return bpf_map_lookup_elem(&counters, &idx);
}

char LICENSE[] SEC("license") = "GPL";
