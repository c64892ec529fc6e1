/* A CO-RE program on the real vmlinux.h, to compare with and without a
 * precompiled vmlinux.h: clang 19 and 21 emit the BTF types in another
 * order with the PCH, which a small stand-in header does not show. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

__u64 probe_count;

SEC("tracepoint/syscalls/sys_enter_write")
int probe_pch_core(struct trace_event_raw_sys_enter *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();

	if (BPF_CORE_READ(task, real_parent, tgid) == 1)
		__sync_fetch_and_add(&probe_count, ctx->args[2]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
