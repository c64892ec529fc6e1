// SPDX-License-Identifier: LGPL-2.1-or-later
/* Refuse socket() for the protocols of a set: the set-membership test as
 * LSM and cgroup tools write it, "if (bpf_map_lookup_elem(...)) return". */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 32);
	__type(key, __u32);
	__type(value, __u8);
} denied_protocols SEC(".maps");

SEC("cgroup/sock_create")
int deny_proto(struct bpf_sock *sk)
{
	__u32 proto = sk->protocol;

	if (bpf_map_lookup_elem(&denied_protocols, &proto))
		return 0;
	return 1;
}

char LICENSE[] SEC("license") = "LGPL-2.1-or-later";
