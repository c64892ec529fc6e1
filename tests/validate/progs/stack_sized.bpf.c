// SPDX-License-Identifier: GPL-2.0
/* Off-CPU time per stack, written as bcc's libbpf-tools write their
 * profilers: the stack-trace map declares only its key size, and the loader
 * sets its value size (the stack depth it was asked for, times 8) and every
 * map's max_entries between open and load (tests/vm/loader-verdict/ has that
 * loader).  Loaded as it is, the object fails before the verifier. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

struct off_key {
	u32 tgid;
	s32 kern_stack;
	s32 user_stack;
};

struct switched_out {
	u64 at;
	struct off_key key;
};

const volatile pid_t only_tgid;	/* 0: every process */

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(key_size, sizeof(u32));
} stackmap SEC(".maps");

/* pid -> when and where it left the CPU */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, u32);
	__type(value, struct switched_out);
} leaving SEC(".maps");

/* stack -> nanoseconds off the CPU */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct off_key);
	__type(value, u64);
} off_ns SEC(".maps");

SEC("tp_btf/sched_switch")
int BPF_PROG(off_cpu, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	u32 prev_pid = BPF_CORE_READ(prev, pid);
	u32 next_pid = BPF_CORE_READ(next, pid);
	struct switched_out out = {}, *back;
	u64 now = bpf_ktime_get_ns(), delta, *sum;

	out.key.tgid = BPF_CORE_READ(prev, tgid);
	if (prev_pid && (!only_tgid || out.key.tgid == (u32)only_tgid)) {
		out.at = now;
		out.key.kern_stack = bpf_get_stackid(ctx, &stackmap, 0);
		out.key.user_stack = bpf_get_stackid(ctx, &stackmap, BPF_F_USER_STACK);
		bpf_map_update_elem(&leaving, &prev_pid, &out, BPF_ANY);
	}

	back = bpf_map_lookup_elem(&leaving, &next_pid);
	if (!back)
		return 0;
	delta = now - back->at;
	sum = bpf_map_lookup_elem(&off_ns, &back->key);
	if (sum)
		__sync_fetch_and_add(sum, delta);
	else
		bpf_map_update_elem(&off_ns, &back->key, &delta, BPF_NOEXIST);
	bpf_map_delete_elem(&leaving, &next_pid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
