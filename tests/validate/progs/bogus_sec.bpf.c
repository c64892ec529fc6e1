// SPDX-License-Identifier: GPL-2.0
/* Static error: libbpf knows no "foo/bar" section; the XDP one is fine. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("foo/bar")
int bogus(void *ctx)
{
	return 0;
}

SEC("xdp")
int fine(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
