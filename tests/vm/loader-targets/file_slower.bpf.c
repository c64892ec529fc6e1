// SPDX-License-Identifier: GPL-2.0
/* Written as libbpf-tools' fsslower is: its fentry and fexit programs name
 * a placeholder, dummy_file_read, that no kernel has, and the loader
 * retargets them with bpf_program__set_attach_target() to the file
 * system's read function it finds at run time (here generic_file_read_iter,
 * which every kernel has built in).  Only the consumer's declared target
 * (bpf-validate --attach-target) lets a verifier check them. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct event {
	__u64 delta_us;
	__s64 size;
	__s64 offset;
	__u32 pid;
};

struct start {
	__u64 ts;
	__s64 offset;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct start);
} starts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} events SEC(".maps");

const volatile __u64 min_lat_ns = 10000;

SEC("fentry/dummy_file_read")
int BPF_PROG(file_read_fentry, struct kiocb *iocb)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct start s = { .ts = bpf_ktime_get_ns(), .offset = iocb->ki_pos };

	bpf_map_update_elem(&starts, &tid, &s, BPF_ANY);
	return 0;
}

SEC("fexit/dummy_file_read")
int BPF_PROG(file_read_fexit, struct kiocb *iocb, struct iov_iter *to, ssize_t ret)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	struct start *s = bpf_map_lookup_elem(&starts, &tid);
	struct event e = {};
	__u64 delta;

	if (!s)
		return 0;
	delta = bpf_ktime_get_ns() - s->ts;
	e.offset = s->offset;
	bpf_map_delete_elem(&starts, &tid);
	if (delta < min_lat_ns)
		return 0;
	e.delta_us = delta / 1000;
	e.size = ret;
	e.pid = pid_tgid >> 32;
	bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
