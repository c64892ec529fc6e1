// SPDX-License-Identifier: GPL-2.0
/* Counts state changes of kernel sockets, where the running kernel has the
 * sk_kern_sock bit-field: bpf_core_field_exists() on a bit-field, as tools
 * check for fields that only some kernels have. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

__u64 kernel_sockets;

SEC("tp_btf/inet_sock_set_state")
int BPF_PROG(sock_kern, const struct sock *sk, int oldstate, int newstate)
{
	if (!bpf_core_field_exists(sk->sk_kern_sock))
		return 0;
	if (BPF_CORE_READ_BITFIELD_PROBED(sk, sk_kern_sock))
		__sync_fetch_and_add(&kernel_sockets, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
