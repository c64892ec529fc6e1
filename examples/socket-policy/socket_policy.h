/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the two BPF sources of socket_policy and by its loader. */
#ifndef SOCKET_POLICY_H
#define SOCKET_POLICY_H

/* The slots of the socket_stats array. */
enum socket_stat {
	STAT_INET,	/* IPv4 sockets allowed */
	STAT_INET6,	/* IPv6 sockets allowed */
	STAT_DENIED,	/* sockets denied */
	STAT_MAX,
};

#if defined(__bpf__) || defined(__BPF__)
/* Defined in socket_policy_stats.bpf.c, called from socket_policy.bpf.c:
 * "bpftool gen object" resolves it when it links the two objects. */
extern int count_socket(__u32 family, int denied);
#endif

#endif
