// SPDX-License-Identifier: LGPL-2.1-or-later
/* Allow bind() in a cgroup only to the ports of a set, in the style of
 * systemd's socket-bind: uapi and glibc headers, no vmlinux.h. */
#include <errno.h>
#include <stdint.h>
#include <netinet/in.h>
#include <linux/bpf.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, uint16_t);
	__type(value, uint8_t);
} allowed_ports SEC(".maps");

static __always_inline int check_port(struct bpf_sock_addr *ctx)
{
	uint16_t port = bpf_ntohs((uint16_t)ctx->user_port);

	if (ctx->protocol != IPPROTO_TCP && ctx->protocol != IPPROTO_UDP)
		return 1;
	if (port == 0 || bpf_map_lookup_elem(&allowed_ports, &port))
		return 1;
	return 0;	/* the kernel turns this into -EPERM */
}

SEC("cgroup/bind4")
int sock_bind4(struct bpf_sock_addr *ctx)
{
	return check_port(ctx);
}

SEC("cgroup/bind6")
int sock_bind6(struct bpf_sock_addr *ctx)
{
	return check_port(ctx);
}

char LICENSE[] SEC("license") = "LGPL-2.1-or-later";
