// SPDX-License-Identifier: GPL-2.0
/*
 * A sysctl write guard: tasks inside the watched cgroup (the loader puts
 * its fd at index 0) may read sysctls but not write them.  The cgroup
 * test is bpf_current_task_under_cgroup, which cgroup/sysctl programs may
 * call only from 6.2 on.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_CGROUP_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} watched SEC(".maps");

SEC("cgroup/sysctl")
int sysctl_guard(struct bpf_sysctl *ctx)
{
	if (!ctx->write)
		return 1;
	/* 1: inside the cgroup; 0: outside; negative: no cgroup set */
	return bpf_current_task_under_cgroup(&watched, 0) == 1 ? 0 : 1;
}

char LICENSE[] SEC("license") = "GPL";
