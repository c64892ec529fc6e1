// SPDX-License-Identifier: GPL-2.0
/* Counts exec()s per user; remembers the parent of the last one (CO-RE). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "execcount.h"

char LICENSE[] SEC("license") = "GPL";

const volatile pid_t ignore_tgid = 0;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u32);
	__type(value, struct exec_stat);
} stats SEC(".maps");

SEC("tp/sched/sched_process_exec")
int count_exec(struct trace_event_raw_sched_process_exec *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	u32 uid = (u32)bpf_get_current_uid_gid();
	struct exec_stat zero = {}, *st;

	if ((pid_t)(bpf_get_current_pid_tgid() >> 32) == ignore_tgid)
		return 0;
	st = bpf_map_lookup_elem(&stats, &uid);
	if (!st) {
		bpf_map_update_elem(&stats, &uid, &zero, BPF_NOEXIST);
		st = bpf_map_lookup_elem(&stats, &uid);
		if (!st)
			return 0;
	}
	__sync_fetch_and_add(&st->count, 1);
	st->last_ppid = BPF_CORE_READ(task, real_parent, tgid);
	bpf_get_current_comm(st->last_comm, sizeof(st->last_comm));
	return 0;
}
