/* An atomic fetch-and-add on global data whose result is used; gcc-bpf 12
 * has no BPF atomics and emits a call to __sync_fetch_and_add_4 instead. */
#include <linux/bpf.h>

unsigned int probe_counter;

__attribute__((section("xdp"), used))
int probe_atomics(struct xdp_md *ctx)
{
	return __sync_fetch_and_add(&probe_counter, 1) ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
