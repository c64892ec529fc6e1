// SPDX-License-Identifier: GPL-2.0
/* Maps the way libbpf-tools and systemd leave them for their loaders: sizes
 * set at run time (max_entries 0 or unset), a perf-event array sized to the
 * CPUs, a map pinned by name (xdp-tools style), a map-in-map whose inner map is defined in BTF but sized by the
 * loader, and one whose inner map the loader creates itself. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

#define PERF_MAX_STACK_DEPTH 127

struct key_t {
	u32 pid;
	s32 kern_stack_id;
};

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__type(key, u32);
	__uint(value_size, PERF_MAX_STACK_DEPTH * sizeof(u64));
} stackmap SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct key_t);
	__type(value, u64);
	__uint(max_entries, 0);	/* set by the loader from --max-entries */
	__uint(pinning, LIBBPF_PIN_BY_NAME);	/* shared with the tool's reader */
} counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
} events SEC(".maps");

/* Sized by the loader from the page size and its buffer option. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
} rb SEC(".maps");

struct inner_counts {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, u32);
	__type(value, u64);
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 64);
	__type(key, u64);
	__array(values, struct inner_counts);
} cgroup_counts SEC(".maps");

/* The loader creates the inner map and hands its fd to libbpf. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 64);
	__type(key, u64);
	__type(value, u32);
} cgroup_hash SEC(".maps");

SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	struct key_t key = {};
	u64 one = 1, *val;

	key.pid = BPF_CORE_READ(prev, pid);
	key.kern_stack_id = bpf_get_stackid(ctx, &stackmap, 0);
	val = bpf_map_lookup_elem(&counts, &key);
	if (val)
		__sync_fetch_and_add(val, 1);
	else
		bpf_map_update_elem(&counts, &key, &one, BPF_NOEXIST);
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &key, sizeof(key));
	bpf_ringbuf_output(&rb, &key, sizeof(key), 0);
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid,
	     struct linux_binprm *bprm)
{
	u64 cgid = bpf_get_current_cgroup_id();
	u32 zero = 0, *allow;
	void *inner;
	u64 *n;

	inner = bpf_map_lookup_elem(&cgroup_counts, &cgid);
	if (inner) {
		n = bpf_map_lookup_elem(inner, &zero);
		if (n)
			__sync_fetch_and_add(n, 1);
	}
	inner = bpf_map_lookup_elem(&cgroup_hash, &cgid);
	if (!inner)
		return 0;
	allow = bpf_map_lookup_elem(inner, &zero);
	return allow && *allow ? 0 : 1;
}

char LICENSE[] SEC("license") = "GPL";
