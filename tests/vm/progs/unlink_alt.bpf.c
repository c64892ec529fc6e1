// SPDX-License-Identifier: GPL-2.0
/*
 * Unlinks per process, counted at the VFS entry point as file-activity
 * tools do.  The function was do_unlinkat up to 6.x and is
 * filename_unlinkat in 7.x: two alternatives, of which the loader keeps
 * the one whose function the running kernel has.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);
	__type(value, u64);
} unlinks SEC(".maps");

static __always_inline int count_unlink(void)
{
	u32 tgid = bpf_get_current_pid_tgid() >> 32;
	u64 one = 1, *n;

	n = bpf_map_lookup_elem(&unlinks, &tgid);
	if (n)
		__sync_fetch_and_add(n, 1);
	else
		bpf_map_update_elem(&unlinks, &tgid, &one, BPF_NOEXIST);
	return 0;
}

SEC("fentry/do_unlinkat")
int BPF_PROG(unlink_old)
{
	return count_unlink();
}

SEC("fentry/filename_unlinkat")
int BPF_PROG(unlink_new)
{
	return count_unlink();
}

char LICENSE[] SEC("license") = "GPL";
