// SPDX-License-Identifier: GPL-2.0
/* Run-queue latency histogram, in the style of libbpf-tools' runqlat:
 * vmlinux.h, BTF-typed tracepoint arguments read directly, several helper
 * calls, atomic counters in a map value. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "bits.bpf.h"
#include "hist.h"

#define TASK_RUNNING 0

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 10240);
	__type(key, u32);
	__type(value, u64);
} start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct hist);
} hists SEC(".maps");

SEC("tp_btf/sched_wakeup")
int BPF_PROG(sched_wakeup, struct task_struct *p)
{
	u32 pid = p->pid;
	u64 ts = bpf_ktime_get_ns();

	bpf_map_update_elem(&start, &pid, &ts, BPF_ANY);
	return 0;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(sched_switch, bool preempt, struct task_struct *prev, struct task_struct *next)
{
	u32 pid = next->pid, zero = 0;
	struct hist *h;
	u64 *tsp, slot;
	s64 delta;

	if (prev->__state == TASK_RUNNING) {
		u32 prev_pid = prev->pid;
		u64 now = bpf_ktime_get_ns();

		bpf_map_update_elem(&start, &prev_pid, &now, BPF_ANY);
	}
	tsp = bpf_map_lookup_elem(&start, &pid);
	if (!tsp)
		return 0;
	delta = (s64)(bpf_ktime_get_ns() - *tsp);
	if (delta < 0)
		goto cleanup;
	h = bpf_map_lookup_elem(&hists, &zero);
	if (!h)
		goto cleanup;
	slot = log2l(delta / 1000U);
	if (slot >= MAX_SLOTS)
		slot = MAX_SLOTS - 1;
	__sync_fetch_and_add(&h->slots[slot], 1);
cleanup:
	bpf_map_delete_elem(&start, &pid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
