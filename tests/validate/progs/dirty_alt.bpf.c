// SPDX-License-Identifier: GPL-2.0
/* Alternatives for kernels old and new, as libbpf-tools write them: the
 * loader keeps the one whose target the running kernel has and switches the
 * others off.  account_page_dirtied and the writeback_dirty_page tracepoint
 * left the kernel with the folio conversion (5.18-6.x); their successors are
 * __folio_mark_dirty and writeback_dirty_folio. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} dirtied SEC(".maps");

static __always_inline int count(void)
{
	u32 zero = 0;
	u64 *n = bpf_map_lookup_elem(&dirtied, &zero);

	if (n)
		__sync_fetch_and_add(n, 1);
	return 0;
}

SEC("fentry/account_page_dirtied")
int BPF_PROG(fentry_account_page_dirtied)
{
	return count();
}

SEC("kprobe/account_page_dirtied")
int BPF_KPROBE(kprobe_account_page_dirtied)
{
	return count();
}

SEC("kprobe/__folio_mark_dirty")
int BPF_KPROBE(kprobe_folio_mark_dirty)
{
	return count();
}

SEC("tp_btf/writeback_dirty_page")
int BPF_PROG(tp_dirty_page)
{
	return count();
}

SEC("tp_btf/writeback_dirty_folio")
int BPF_PROG(tp_dirty_folio)
{
	return count();
}

char LICENSE[] SEC("license") = "GPL";
