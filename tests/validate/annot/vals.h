/* SPDX-License-Identifier: GPL-2.0 */
/* A hash map whose value the programs here read without the NULL check
 * (the verifier knows an array's constant-key value is never NULL). */
#ifndef VALS_H
#define VALS_H

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} vals SEC(".maps");

static __always_inline int read_unchecked(__u32 key)
{
	__u64 *v = bpf_map_lookup_elem(&vals, &key);

	return *v ? XDP_PASS : XDP_DROP;
}

#endif
