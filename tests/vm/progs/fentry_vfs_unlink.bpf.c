// SPDX-License-Identifier: GPL-2.0
/* An fentry program (tracing class: needs the attach target's BTF).  It
 * attaches to vfs_unlink, which every kernel of the matrix has; do_unlinkat
 * is gone from the BTF of newer kernels (7.x), and an fentry on it is
 * rejected there ("failed to find kernel BTF type ID of 'do_unlinkat'"). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

__u64 unlinks;

SEC("fentry/vfs_unlink")
int BPF_PROG(vm_vfs_unlink)
{
	__sync_fetch_and_add(&unlinks, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
