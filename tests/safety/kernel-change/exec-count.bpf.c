// SPDX-License-Identifier: GPL-2.0
/* Counts execs per cgroup, CO-RE on the generated vmlinux.h. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u64);
	__type(value, u64);
} execs SEC(".maps");

SEC("tp_btf/sched_process_exec")
int BPF_PROG(count_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	u64 cgid = bpf_get_current_cgroup_id(), one = 1, *n;

	if (BPF_CORE_READ(p, flags) & 0x00200000 /* PF_KTHREAD */)
		return 0;
	n = bpf_map_lookup_elem(&execs, &cgid);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&execs, &cgid, &one, BPF_NOEXIST);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
