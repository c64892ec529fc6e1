// SPDX-License-Identifier: GPL-2.0
/* The same read as core_unguarded.bpf.c, guarded by bpf_core_field_exists:
 * on 6.1 libbpf turns the guard into "false" and the read is dead code. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

__u32 last_saved_state;

SEC("tracepoint/sched/sched_process_exec")
int core_guarded(void *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();

	if (bpf_core_field_exists(task->saved_state))
		last_saved_state = BPF_CORE_READ(task, saved_state);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
