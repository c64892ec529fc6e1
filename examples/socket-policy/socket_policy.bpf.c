// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Deny some socket types (raw sockets, say) to the processes of a cgroup,
 * and count the sockets they make: a cgroup/sock_create program.  The
 * counting lives in the other source, socket_policy_stats.bpf.c.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "socket_policy.h"

/* Bit N set: socket type N (SOCK_STREAM 1, SOCK_DGRAM 2, SOCK_RAW 3) is denied. */
const volatile __u32 denied_types = 0;

SEC("cgroup/sock_create")
int socket_create(struct bpf_sock *sk)
{
	__u32 type = sk->type;
	int denied = type < 32 && (denied_types & (1u << type));

	count_socket(sk->family, denied);
	return denied ? 0 : 1;	/* 0: socket() fails with EPERM */
}

char LICENSE[] SEC("license") = "GPL";
