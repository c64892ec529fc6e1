/* The smallest uapi-only program: does the compiler target BPF at all? */
#include <linux/bpf.h>

__attribute__((section("xdp"), used))
int probe_target(struct xdp_md *ctx)
{
	return ctx->ingress_ifindex ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
