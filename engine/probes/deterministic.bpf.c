/* Enough BTF (a BTF-defined map, libbpf's helper declarations) that a
 * compiler ordering its BTF by address shows it in two compiles.  In the
 * shape of a cgroup socket filter, which gcc-bpf 12 compiles: it rejects
 * the same lookup in an XDP program as an "indirect call". */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u8);
} probe_ports SEC(".maps");

static __always_inline int probe_allowed(struct bpf_sock_addr *ctx)
{
	__u32 port = ctx->user_port;
	__u8 *allowed;

	if (port == 0)
		return 1;
	allowed = bpf_map_lookup_elem(&probe_ports, &port);
	if (!allowed)
		return 0;
	return *allowed ? 1 : 0;
}

SEC("cgroup/bind4")
int probe_deterministic4(struct bpf_sock_addr *ctx)
{
	return probe_allowed(ctx);
}

SEC("cgroup/bind6")
int probe_deterministic6(struct bpf_sock_addr *ctx)
{
	return probe_allowed(ctx);
}

char LICENSE[] SEC("license") = "GPL";
