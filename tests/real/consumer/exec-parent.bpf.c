// SPDX-License-Identifier: GPL-2.0
/* Which parents start programs, in the style of libbpf-tools' execsnoop and
 * oomkill: the task is declared const (the tool only reads it), its
 * parent's tgid read with BPF_CORE_READ, counted per parent. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);
	__type(value, u64);
} execs_by_parent SEC(".maps");

static __always_inline u32 parent_tgid(const struct task_struct *task)
{
	return BPF_CORE_READ(task, real_parent, tgid);
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	u32 ppid = parent_tgid(p);
	u64 one = 1, *n;

	n = bpf_map_lookup_elem(&execs_by_parent, &ppid);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&execs_by_parent, &ppid, &one, BPF_NOEXIST);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
