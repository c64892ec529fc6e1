// SPDX-License-Identifier: GPL-2.0
/* How long tasks run before they are switched out, in microseconds, in the
 * style of libbpf-tools' cpudist: a start timestamp per thread, a signed
 * delta (clock skew between CPUs can make it negative), divided down to
 * microseconds and summed per CPU. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u64);
} slice_start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __s64);
} slice_us SEC(".maps");

SEC("tracepoint/sched/sched_switch")
int on_switch(void *ctx)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid(), zero = 0;
	__u64 now = bpf_ktime_get_ns(), *tsp;
	__s64 delta, *sum;

	tsp = bpf_map_lookup_elem(&slice_start, &tid);
	if (tsp) {
		delta = (__s64)(now - *tsp);
		delta /= 1000;
		sum = bpf_map_lookup_elem(&slice_us, &zero);
		if (sum)
			*sum += delta;
	}
	bpf_map_update_elem(&slice_start, &tid, &now, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
