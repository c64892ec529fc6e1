// SPDX-License-Identifier: LGPL-2.1-or-later
/* The README consumer's uapi-only program: a cgroup bind4 hook that
 * refuses TCP binds below 1024, written against glibc's and the uapi
 * headers, as systemd's socket-bind restriction is. */
#include <linux/bpf.h>
#include <netinet/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

SEC("cgroup/bind4")
int deny_low_ports(struct bpf_sock_addr *ctx)
{
	if (ctx->protocol == IPPROTO_TCP && bpf_ntohs(ctx->user_port) < 1024)
		return 0;
	return 1;
}

char _license[] SEC("license") = "GPL";
