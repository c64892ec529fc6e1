/* The set-membership test of systemd's restrict-fs and many LSM tools:
 * "if (bpf_map_lookup_elem(...)) return -EPERM;".  The verifier must see a
 * branch on the possibly-NULL pointer; gcc-bpf 16's phi optimisation turns
 * it into arithmetic on that pointer, which every kernel rejects. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define PROBE_EPERM 1

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u8);
} probe_denied SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_openat")
int probe_null_check(void *ctx)
{
	__u32 key = bpf_get_current_pid_tgid() >> 32;

	if (bpf_map_lookup_elem(&probe_denied, &key))
		return -PROBE_EPERM;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
