/* memset/memmove on a stack buffer: BPF cannot call libc, so both must be
 * inlined into stores. */
#include <linux/bpf.h>

struct probe_buf {
	unsigned char b[48];
};

__attribute__((section("xdp"), used))
int probe_memset(struct xdp_md *ctx)
{
	struct probe_buf a, c;

	__builtin_memset(&a, 0, sizeof(a));
	a.b[5] = ctx->ingress_ifindex;
	__builtin_memmove(&c, &a, sizeof(c));
	return c.b[5] == 1 ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
