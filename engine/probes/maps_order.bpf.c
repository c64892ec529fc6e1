/* A map of maps whose slots the object fills, as the kernel's selftests,
 * Cilium and Katran-style loaders write it: the inner map declared first,
 * the outer map's .values pointing at it.  libbpf creates the maps in the
 * order of .maps and fills an outer map's slots as soon as it has created
 * it, so the inner map must come first there, as in the source (clang);
 * gcc's default emits top-level variables in another order. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct probe_inner_map {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} probe_inner SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, __u32);
	__array(values, struct probe_inner_map);
} probe_outer SEC(".maps") = {
	.values = { [0] = &probe_inner },
};

/* One helper call: gcc-bpf 12 turns several into indirect calls (helpers). */
SEC("tracepoint/syscalls/sys_enter_getpid")
int probe_maps_order(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&probe_outer, &key) != 0;
}

char LICENSE[] SEC("license") = "GPL";
