// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Let the processes of a cgroup use only some network interfaces, in the
 * spirit of systemd's RestrictNetworkInterfaces=: cgroup_skb programs on
 * egress and ingress look the packet's interface up in a set.  Whether the
 * set lists the allowed or the denied interfaces is read-only
 * configuration (.rodata), fixed by the loader before load.
 */
#include <stdbool.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define DROP 0
#define PASS 1

/* true: only the listed interfaces are allowed; false: they are denied. */
const volatile bool allow_list = false;

/* ifindex -> 1 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u8);
} ifaces SEC(".maps");

static __always_inline bool listed(__u32 ifindex)
{
	__u8 *v = bpf_map_lookup_elem(&ifaces, &ifindex);

	/* Read the value rather than compare the pointer: GCC turns
	 * "pointer != NULL" into arithmetic on a maybe-NULL map value,
	 * which the verifier rejects. */
	if (!v)
		return false;
	return *v != 0;
}

static __always_inline int verdict(struct __sk_buff *skb)
{
	return listed(skb->ifindex) == allow_list ? PASS : DROP;
}

SEC("cgroup_skb/egress")
int restrict_egress(struct __sk_buff *skb)
{
	return verdict(skb);
}

SEC("cgroup_skb/ingress")
int restrict_ingress(struct __sk_buff *skb)
{
	return verdict(skb);
}

char LICENSE[] SEC("license") = "GPL";
