// SPDX-License-Identifier: GPL-2.0
/* Rejected at the verifier's complexity limit: a tracepoint program that
 * folds a counter over a loop far too long for the verifier to walk (each
 * iteration is a state of its own, so it gives up after a million
 * instructions, before the loop ends). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define ROUNDS 1000000

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} total SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_read")
int fold_reads(void *ctx)
{
	__u32 key = 0;
	__u64 *t = bpf_map_lookup_elem(&total, &key);
	__u64 acc;

	if (!t)
		return 0;
	acc = *t;
	for (__u32 i = 0; i < ROUNDS; i++)
		acc = acc * 31 + i;
	*t = acc;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
