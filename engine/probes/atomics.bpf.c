/* Counters bumped atomically, their results unused, as tools count events
 * (a __u32 histogram slot, a __u64 total).  gcc-bpf 12 has no BPF atomics
 * for some widths and emits a call to __sync_fetch_and_add_4 instead. */
#include <linux/bpf.h>

unsigned int probe_slots[8];
unsigned long long probe_total;

__attribute__((section("xdp"), used))
int probe_atomics(struct xdp_md *ctx)
{
	__sync_fetch_and_add(&probe_slots[ctx->ingress_ifindex & 7], 1);
	__sync_fetch_and_add(&probe_total, 1);
	return XDP_PASS;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
