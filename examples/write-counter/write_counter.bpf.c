// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Count the write() calls of one process: a CO-RE tracepoint program.
 * The process is found through task_struct, read with BPF_CORE_READ so
 * that the field offsets are relocated to the running kernel's layout.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

/* Set by the loader before load; the verifier sees it as a constant. */
const volatile int target_tgid = 0;

__u64 writes = 0;

SEC("tracepoint/syscalls/sys_enter_write")
int count_write(struct trace_event_raw_sys_enter *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();

	if (BPF_CORE_READ(task, tgid) != target_tgid)
		return 0;
	__sync_fetch_and_add(&writes, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
