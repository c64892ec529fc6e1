// SPDX-License-Identifier: GPL-2.0
/* Valid: a cgroup/bind4 program refusing binds to port 23, plus a second
 * program in the same object so that per-program reporting is exercised. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

SEC("cgroup/bind4")
int deny_telnet(struct bpf_sock_addr *ctx)
{
	if (ctx->user_port == bpf_htons(23))
		return 0;
	return 1;
}

SEC("cgroup/connect4")
int allow_connect(struct bpf_sock_addr *ctx)
{
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
