// SPDX-License-Identifier: GPL-2.0
/* Exec events through a perf-event array, written as cilium/ebpf's bpf2go
 * programs write it: the map gives its type and nothing else, and the Go
 * loader sets the key and value size (4, a CPU index and a perf event fd)
 * and max_entries (the CPUs) before load.  libbpf creates it only so sized. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct exec_event {
	u32 pid;
	u8 comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
} events SEC(".maps");

SEC("tracepoint/sched/sched_process_exec")
int exec_events(void *ctx)
{
	struct exec_event ev = {};

	ev.pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(&ev.comm, sizeof(ev.comm));
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &ev, sizeof(ev));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
