/* An atomic fetch-and-add whose old value is used (a sequence number): it
 * needs the BPF atomic instructions of -mcpu=v3; clang's default v1 has
 * only the plain XADD ("Invalid usage of the XADD return value"). */
#include <linux/bpf.h>

unsigned int probe_seq;

__attribute__((section("xdp"), used))
int probe_atomics_fetch(struct xdp_md *ctx)
{
	return __sync_fetch_and_add(&probe_seq, 1) ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
