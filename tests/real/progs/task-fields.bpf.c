// SPDX-License-Identifier: GPL-2.0
/* Who forks whom, in the style of BTF-enabled tracing tools that take a
 * tp_btf argument and dereference it directly (no BPF_CORE_READ): the
 * kernel's own pointers, the offsets left to CO-RE through vmlinux.h. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct fork_event {
	u32 parent_tgid;
	u32 child_pid;
	u32 parent_threads;
	u64 child_start;
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 64 * 1024);
} fork_events SEC(".maps");

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct fork_event *e;

	e = bpf_ringbuf_reserve(&fork_events, sizeof(*e), 0);
	if (!e)
		return 0;
	e->parent_tgid = parent->tgid;
	e->child_pid = child->pid;
	e->parent_threads = parent->signal->nr_threads;
	e->child_start = child->start_time;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
