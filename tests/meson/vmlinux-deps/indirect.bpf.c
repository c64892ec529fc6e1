// SPDX-License-Identifier: GPL-2.0
/* Reports each exiting task's exit code; vmlinux.h comes through indirect.h. */
#include "indirect.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

SEC("tp_btf/sched_process_exit")
int report_exit(u64 *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	struct exit_event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);

	if (!e)
		return 0;
	e->pid = BPF_CORE_READ(task, tgid);
	e->code = BPF_CORE_READ(task, exit_code);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
