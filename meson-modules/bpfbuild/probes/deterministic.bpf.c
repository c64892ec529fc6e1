/* Enough BTF (a BTF-defined map, libbpf's helper declarations) that a
 * compiler ordering its BTF by address shows it in two compiles. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} probe_map SEC(".maps");

SEC("xdp")
int probe_deterministic(struct xdp_md *ctx)
{
	__u32 key = ctx->ingress_ifindex;
	__u64 *v = bpf_map_lookup_elem(&probe_map, &key);

	if (!v)
		return XDP_PASS;
	return *v ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
