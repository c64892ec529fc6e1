// SPDX-License-Identifier: GPL-2.0
/* Counts io_uring submissions, as a tracing tool does across kernels: 6.1
 * names the tracepoint io_uring_submit_sqe, 6.5 and later
 * io_uring_submit_req.  The loader keeps the one the running kernel has
 * (bpf_program__set_autoload), so the two are alternatives. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

__u64 submissions;

SEC("tp_btf/io_uring_submit_sqe")
int BPF_PROG(submit_sqe, void *ctx_ring, void *req)
{
	__sync_fetch_and_add(&submissions, 1);
	return 0;
}

SEC("tp_btf/io_uring_submit_req")
int BPF_PROG(submit_req, void *req)
{
	__sync_fetch_and_add(&submissions, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
