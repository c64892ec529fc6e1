// SPDX-License-Identifier: GPL-2.0
/* kfuncs across kernel versions: bpf_cpumask_any() of 6.3/6.4 became
 * bpf_cpumask_any_distribute() in 6.5.  A tool that supports both declares
 * both and its loader switches off the program whose kfunc is missing; on
 * 6.5+ libbpf alone fails the whole object ("extern (func ksym)
 * 'bpf_cpumask_any': not found in kernel or module BTFs"). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern u32 bpf_cpumask_any(const struct cpumask *cpumask) __ksym;
extern u32 bpf_cpumask_any_distribute(const struct cpumask *cpumask) __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u32);
} last_cpu SEC(".maps");

static __always_inline void record(u32 cpu)
{
	u32 zero = 0;

	bpf_map_update_elem(&last_cpu, &zero, &cpu, BPF_ANY);
}

SEC("tp_btf/task_newtask")
int BPF_PROG(pick_cpu_v63, struct task_struct *task, u64 clone_flags)
{
	record(bpf_cpumask_any(task->cpus_ptr));
	return 0;
}

SEC("tp_btf/task_newtask")
int BPF_PROG(pick_cpu, struct task_struct *task, u64 clone_flags)
{
	record(bpf_cpumask_any_distribute(task->cpus_ptr));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
