// SPDX-License-Identifier: GPL-2.0
/* An unguarded CO-RE read of task_struct.saved_state, a field that 6.12 and
 * newer have and Debian's 6.1 lacks: the relocation fails on 6.1. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

__u32 last_saved_state;

SEC("tracepoint/sched/sched_process_exec")
int core_unguarded(void *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();

	last_saved_state = BPF_CORE_READ(task, saved_state);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
