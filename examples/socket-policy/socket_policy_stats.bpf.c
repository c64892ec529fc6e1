// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The statistics half of socket_policy: the map and the function that
 * counts into it.  socket_policy.bpf.c, compiled on its own, calls
 * count_socket(); the two objects are linked into one by
 * "bpftool gen object".  __hidden keeps the function inside the linked
 * object (like a static one), and __noinline keeps it a real BPF-to-BPF
 * call that the verifier checks once.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "socket_policy.h"

#define AF_INET6 10

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, STAT_MAX);
	__type(key, __u32);
	__type(value, __u64);
} socket_stats SEC(".maps");

__noinline __hidden int count_socket(__u32 family, int denied)
{
	__u32 slot = denied ? STAT_DENIED : family == AF_INET6 ? STAT_INET6 : STAT_INET;
	__u64 *n = bpf_map_lookup_elem(&socket_stats, &slot);

	if (n)
		__sync_fetch_and_add(n, 1);	/* sockets are made on every CPU at once */
	return 0;
}
