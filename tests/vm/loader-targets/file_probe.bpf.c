// SPDX-License-Identifier: GPL-2.0
/* fsslower's kprobe fallback (libbpf-tools): kprobes on the placeholder
 * dummy_file_read, attached by the loader to the file system's read
 * function, here XFS's (xfs is a module in Debian's kernels); and a
 * kprobe that names an XFS function itself, as bcc's xfsslower does.  A
 * kprobe loads whether or not the kernel has its function: only attaching
 * needs it, and the loader then falls back or leaves it off. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u64);
} starts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u64);
} opens SEC(".maps");

SEC("kprobe/dummy_file_read")
int BPF_KPROBE(file_read_entry, struct kiocb *iocb)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	__u64 ts = bpf_ktime_get_ns() + (BPF_CORE_READ(iocb, ki_pos) & 0);

	bpf_map_update_elem(&starts, &tid, &ts, BPF_ANY);
	return 0;
}

SEC("kretprobe/dummy_file_read")
int BPF_KRETPROBE(file_read_exit, ssize_t ret)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	__u64 *ts = bpf_map_lookup_elem(&starts, &tid);

	if (ts && ret >= 0)
		*ts = bpf_ktime_get_ns() - *ts;
	return 0;
}

SEC("kprobe/xfs_file_open")
int BPF_KPROBE(xfs_open, struct inode *inode, struct file *file)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;
	__u64 one = 1, *n = bpf_map_lookup_elem(&opens, &pid);

	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&opens, &pid, &one, BPF_NOEXIST);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
