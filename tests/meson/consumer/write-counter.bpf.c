// SPDX-License-Identifier: LGPL-2.1-or-later
/* The README consumer's CO-RE program: counts write(2) calls per process,
 * reading the tgid through CO-RE, as libbpf-tools' counters do. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#ifndef MAX_WRITERS
#define MAX_WRITERS 16
#endif

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, MAX_WRITERS);
	__type(key, u32);
	__type(value, u64);
} writes SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_write")
int count_write(void *ctx)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	u32 tgid = BPF_CORE_READ(task, tgid);
	u64 one = 1, *n;

	n = bpf_map_lookup_elem(&writes, &tgid);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&writes, &tgid, &one, BPF_NOEXIST);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
