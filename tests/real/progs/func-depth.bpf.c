// SPDX-License-Identifier: GPL-2.0
/* A per-task stack of timestamps, indexed by a depth kept in the map
 * value, as function tracers (ksnoop-like) keep theirs: "depth - 1" is
 * computed in 8 bits.  With 32-bit ALU code (-mcpu=v3 and up) the bound
 * check no longer covers the index, and the verifier rejects it. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define MAX_DEPTH 15

struct func_stack {
	__u64 task;
	__u64 ts[MAX_DEPTH];
	__u8 depth;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 512);
	__type(key, __u64);
	__type(value, struct func_stack);
} func_stacks SEC(".maps");

SEC("tracepoint/sched/sched_switch")
int func_depth(void *ctx)
{
	__u64 task = bpf_get_current_task(), last = 0;
	struct func_stack *fs = bpf_map_lookup_elem(&func_stacks, &task);
	__u8 depth, last_depth;

	if (!fs)
		return 0;
	depth = fs->depth;
	if (depth > MAX_DEPTH)
		return 0;
	last_depth = depth - 1;
	if (last_depth >= 0 && last_depth < MAX_DEPTH)
		last = fs->ts[last_depth];
	if (depth < MAX_DEPTH)
		fs->ts[depth] = bpf_ktime_get_ns();
	return last != 0;
}

char LICENSE[] SEC("license") = "GPL";
