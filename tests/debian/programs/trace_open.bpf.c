// SPDX-License-Identifier: LGPL-2.1-or-later
/* Counts openat() calls.  Its debug macro names the source file and line,
 * as many projects' DEBUG() macros do: built without -ffile-prefix-map
 * (by hand, not by bpfbuild), the object holds the path it was built from,
 * which dh_bpfbuild refuses (tests/debian/dh-bpfbuild.t). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define DEBUG(fmt, ...) bpf_printk("%s:%d: " fmt, __FILE__, __LINE__, ##__VA_ARGS__)

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} opens SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_openat")
int trace_open(void *ctx)
{
	__u32 key = 0;
	__u64 *n = bpf_map_lookup_elem(&opens, &key);

	if (!n) {
		DEBUG("no counter");
		return 0;
	}
	__sync_fetch_and_add(n, 1);
	return 0;
}

char _license[] SEC("license") = "GPL";
