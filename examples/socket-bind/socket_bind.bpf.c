// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Allow bind() only to the listed ports, for the processes of one cgroup,
 * in the spirit of systemd's SocketBindAllow=.  uapi-only (no vmlinux.h, no
 * CO-RE, no atomics), so that gcc-bpf 12 builds it too.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "socket_bind.h"

/* Keys are ports in network byte order, as the loader stores them: the
 * program then compares user_port as is and needs no byte swap, which
 * gcc-bpf 12 would turn into a call it cannot make. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, SOCKET_BIND_MAX_PORTS);
	__type(key, __u16);
	__type(value, __u8);
} allowed_ports SEC(".maps");

static __always_inline int check_port(struct bpf_sock_addr *ctx)
{
	__u16 port = ctx->user_port;
	__u8 *allowed;

	/* Port 0 asks the kernel for any free port: not a choice to filter. */
	if (port == 0)
		return 1;
	/* Read the value rather than test the pointer: gcc-bpf 12 turns
	 * "pointer ? 1 : 0" into arithmetic on a maybe-NULL map value, which
	 * the verifier rejects. */
	allowed = bpf_map_lookup_elem(&allowed_ports, &port);
	if (!allowed)
		return 0;
	return *allowed ? 1 : 0;
}

SEC("cgroup/bind4")
int socket_bind4(struct bpf_sock_addr *ctx)
{
	return check_port(ctx);
}

SEC("cgroup/bind6")
int socket_bind6(struct bpf_sock_addr *ctx)
{
	return check_port(ctx);
}

char LICENSE[] SEC("license") = "GPL";
