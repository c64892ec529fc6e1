/* Two functions: BTF line info must cover each of them. */
#include <linux/bpf.h>

__attribute__((noinline))
static int probe_subprog(int x)
{
	return x * 3 + 1;
}

__attribute__((section("xdp"), used))
int probe_line_info(struct xdp_md *ctx)
{
	return probe_subprog(ctx->ingress_ifindex) > 7 ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
