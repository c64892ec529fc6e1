// SPDX-License-Identifier: GPL-2.0
/* Reports the thread group of each exec, read with CO-RE. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

SEC("tp_btf/sched_process_exec")
int report_exec(u64 *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();

	bpf_printk("exec in %d", BPF_CORE_READ(task, tgid));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
