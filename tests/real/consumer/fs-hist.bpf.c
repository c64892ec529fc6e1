// SPDX-License-Identifier: GPL-2.0
/* Latency histograms of read, write and fsync, in the style of libbpf-tools'
 * fsdist: the entry's timestamp per thread, a signed delta checked against
 * clock skew, microseconds or milliseconds as the loader chose (a const
 * volatile), a log2 bucket clamped to the last one, and an atomic count in
 * a global array, all from one out-of-line function the probes share. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bits.bpf.h"
#include "fs-hist.h"

#define MAX_THREADS 10240

const volatile _Bool in_ms = 0;

/* Thread id -> the entry's timestamp (ns). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, __u32);
	__type(value, __u64);
	__uint(max_entries, MAX_THREADS);
} starts SEC(".maps");

struct fs_hist hists[FS_MAX_OP] = {};

static int op_enter(void)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	__u64 ts = bpf_ktime_get_ns();

	bpf_map_update_elem(&starts, &tid, &ts, BPF_ANY);
	return 0;
}

static __attribute__((noinline)) int op_exit(enum fs_op op)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	__u64 *tsp, slot;
	__s64 delta;

	tsp = bpf_map_lookup_elem(&starts, &tid);
	if (!tsp)
		return 0;
	delta = (__s64)(bpf_ktime_get_ns() - *tsp);
	if (delta < 0)
		goto out;
	if (in_ms)
		slot = log2l((__u64)delta / 1000000);
	else
		slot = log2l((__u64)delta / 1000);
	if (slot >= FS_SLOTS)
		slot = FS_SLOTS - 1;
	__sync_fetch_and_add(&hists[op].slots[slot], 1);
out:
	bpf_map_delete_elem(&starts, &tid);
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_read")
int read_entry(void *ctx) { return op_enter(); }

SEC("tracepoint/syscalls/sys_exit_read")
int read_return(void *ctx) { return op_exit(FS_READ); }

SEC("tracepoint/syscalls/sys_enter_write")
int write_entry(void *ctx) { return op_enter(); }

SEC("tracepoint/syscalls/sys_exit_write")
int write_return(void *ctx) { return op_exit(FS_WRITE); }

SEC("tracepoint/syscalls/sys_enter_fsync")
int fsync_entry(void *ctx) { return op_enter(); }

SEC("tracepoint/syscalls/sys_exit_fsync")
int fsync_return(void *ctx) { return op_exit(FS_FSYNC); }

char LICENSE[] SEC("license") = "GPL";
