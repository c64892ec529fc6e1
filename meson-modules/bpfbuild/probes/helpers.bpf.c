/* libbpf declares helpers as pointers to constant addresses; gcc-bpf 12
 * turns those into "indirect call" errors. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("xdp")
int probe_helpers(struct xdp_md *ctx)
{
	return bpf_get_prandom_u32() ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
