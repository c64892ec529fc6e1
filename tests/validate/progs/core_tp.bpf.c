// SPDX-License-Identifier: GPL-2.0
/* Valid: a CO-RE tracepoint program reading task_struct fields. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u32);
} parents SEC(".maps");

SEC("tracepoint/sched/sched_process_exec")
int on_exec(void *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	__u32 pid = BPF_CORE_READ(task, tgid);
	__u32 ppid = BPF_CORE_READ(task, real_parent, tgid);

	bpf_map_update_elem(&parents, &pid, &ppid, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
