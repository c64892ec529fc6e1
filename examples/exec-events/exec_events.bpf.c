// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Stream every exec() to user space through a ring buffer: a tracepoint
 * program on sched/sched_process_exec, which sees the new program's pid,
 * comm and file name.  The loader reads the ring with ring_buffer__poll().
 *
 * The tracepoint's record type comes from vmlinux.h.  With clang, its
 * field reads are CO-RE relocations; a compiler without CO-RE (gcc-bpf 12)
 * compiles the build host's offsets in.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include "exec_events.h"

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);	/* bytes, a power of 2 */
} events SEC(".maps");

SEC("tp/sched/sched_process_exec")
int handle_exec(struct trace_event_raw_sched_process_exec *ctx)
{
	/* The file name lives in the record's variable part: the low 16
	 * bits of __data_loc_filename are its offset from the record start. */
	unsigned int filename_off = ctx->__data_loc_filename & 0xFFFF;
	struct exec_event *e;
	__u32 comm_len;

	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e)
		return 0;	/* ring full: user space is behind, this event is lost */
	e->pid = bpf_get_current_pid_tgid() >> 32;
	/* gcc-bpf 12 would load the constant 16 into one register for both
	 * the size and the helper's number (bpf_get_current_comm is helper
	 * 16), then call through the register: "indirect call".  The empty
	 * asm makes the size opaque to the compiler, not to the verifier. */
	comm_len = sizeof(e->comm);
	asm volatile("" : "+r"(comm_len));
	bpf_get_current_comm(&e->comm, comm_len);
	bpf_probe_read_kernel_str(&e->filename, sizeof(e->filename), (void *)ctx + filename_off);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
