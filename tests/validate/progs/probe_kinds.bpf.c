// SPDX-License-Identifier: GPL-2.0
/* Kprobe-type programs whose section is no kernel symbol: a syscall name
 * (libbpf adds the arch prefix), a uprobe in a binary and a kprobe.multi
 * glob, as syscount, bashreadline and funccount-like tools write them.  None
 * is a missing kprobe target. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

__u64 calls;

SEC("ksyscall/openat")
int BPF_KSYSCALL(openat_entry, int dfd, const char *filename)
{
	__sync_fetch_and_add(&calls, 1);
	return 0;
}

SEC("uprobe//bin/bash:readline")
int BPF_KRETPROBE(readline_ret, const void *ret)
{
	__sync_fetch_and_add(&calls, 1);
	return 0;
}

SEC("kprobe.multi/vfs_*")
int vfs_any(void *ctx)
{
	__sync_fetch_and_add(&calls, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
