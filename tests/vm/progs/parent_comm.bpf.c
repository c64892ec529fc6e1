// SPDX-License-Identifier: GPL-2.0
/*
 * On every fork, the command of the forking process's thread-group
 * leader, looked up by pid with the kfunc bpf_task_from_pid (6.2 and
 * later): a process-tree tool's way to name parents.  The kfuncs are weak,
 * so that on older kernels the loader switches the program off and loads
 * the rest.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym __weak;
extern void bpf_task_release(struct task_struct *p) __ksym __weak;

struct leader {
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);
	__type(value, struct leader);
} leaders SEC(".maps");

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct task_struct *leader;
	struct leader l = {};
	u32 tgid = parent->tgid;

	leader = bpf_task_from_pid(tgid);
	if (!leader)
		return 0;
	bpf_probe_read_kernel_str(l.comm, sizeof(l.comm), leader->comm);
	bpf_task_release(leader);
	bpf_map_update_elem(&leaders, &tgid, &l, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
