/* A local array, as every program has one: where the compiler enables the
 * stack protector by default (some distributions' do), the object
 * references __stack_chk_guard / __stack_chk_fail, which BPF has not. */
#include <linux/bpf.h>

__attribute__((section("xdp"), used))
int probe_stack_guard(struct xdp_md *ctx)
{
	volatile char seen[32];

	for (int i = 0; i < 32; i++)
		seen[i] = i;
	return seen[ctx->ingress_ifindex & 31] ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
