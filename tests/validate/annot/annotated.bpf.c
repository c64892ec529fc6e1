// SPDX-License-Identifier: GPL-2.0
/* Programs annotated as the kernel's selftests annotate them, each of which
 * behaves as annotated: bpf-validate must pass this object (exit 0), though
 * the verifier rejects three of its programs. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "vals.h"

/* The map value is used without its NULL check. */
SEC("xdp")
__description("map value used unchecked")
__failure __msg("call bpf_map_lookup_elem")
__msg("R0 invalid mem access 'map_value_or_null'")
__not_msg("misaligned")
int deref_unchecked(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

/* Loads, and BPF_PROG_TEST_RUN returns XDP_PASS. */
SEC("xdp")
__success __retval(2)
int passes(struct xdp_md *ctx)
{
	return XDP_PASS;
}

/* A 4-byte packet read at offset 0 is misaligned once the verifier is
 * strict (it assumes NET_IP_ALIGN 2): rejected only under the __flag. */
SEC("xdp")
__failure __flag(BPF_F_STRICT_ALIGNMENT) __msg("misaligned packet access")
int strict_read(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;

	if (data + 4 > end)
		return XDP_PASS;
	return *(__u32 *)data ? XDP_PASS : XDP_DROP;
}

/* A log only at the annotated level: the statistics of a success. */
SEC("xdp")
__success __log_level(2) __msg("{{processed [0-9]+ insns}}")
int logged(struct xdp_md *ctx)
{
	return XDP_DROP;
}

/* For another architecture: not loaded as a test here. */
SEC("xdp")
__arch_arm64 __failure __msg("no such message")
int elsewhere(struct xdp_md *ctx)
{
	return XDP_PASS;
}

/* Only the unprivileged variant is annotated. */
SEC("socket")
__failure_unpriv __msg_unpriv("R0 leaks addr")
int unpriv_only(struct __sk_buff *skb)
{
	return 0;
}

/* No tags: judged as any program. */
SEC("xdp")
int untagged(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
