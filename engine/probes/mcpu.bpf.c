/* Unsigned, 32-bit and sign-extending code: it differs between the -mcpu
 * levels (v2 adds JLT/JLE, v3 32-bit jumps, v4 sign-extending moves), so
 * the compiler's default level shows by comparing the objects. */
#include <linux/bpf.h>

__attribute__((section("xdp"), used))
int probe_mcpu(struct xdp_md *ctx)
{
	__u32 a = ctx->ingress_ifindex, b = ctx->rx_queue_index;
	long wide = (signed char)a;

	if (a < b)
		return XDP_PASS;
	return wide < -3 ? XDP_DROP : XDP_TX;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
