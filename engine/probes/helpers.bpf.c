/* Several helper calls in one function, as every real tool makes them:
 * libbpf declares helpers as pointers to constant addresses, and gcc-bpf 12
 * turns all but trivial uses into "indirect call" errors. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct probe_event {
	__u64 ts;
	__u32 pid;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, struct probe_event);
} probe_events SEC(".maps");

SEC("tracepoint/sched/sched_process_exec")
int probe_helpers(void *ctx)
{
	struct probe_event ev = {};
	struct probe_event *old;

	ev.pid = bpf_get_current_pid_tgid() >> 32;
	ev.ts = bpf_ktime_get_ns();
	bpf_get_current_comm(ev.comm, sizeof(ev.comm));
	old = bpf_map_lookup_elem(&probe_events, &ev.pid);
	if (old && old->ts > ev.ts)
		return 0;
	bpf_map_update_elem(&probe_events, &ev.pid, &ev, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
