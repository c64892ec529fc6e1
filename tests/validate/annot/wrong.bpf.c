// SPDX-License-Identifier: GPL-2.0
/* Annotations that do not hold, one way each: bpf-validate must fail every
 * program here (exit 1), naming what differed. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "vals.h"

SEC("xdp")
__failure
int loads_though_failure(struct xdp_md *ctx)
{
	return XDP_PASS;
}

SEC("xdp")
__success
int rejected_though_success(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

SEC("xdp")
__failure __msg("this message is in no verifier log")
int message_missing(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

/* Both messages are in the log, but in the other order. */
SEC("xdp")
__failure __msg("invalid mem access") __msg("call bpf_map_lookup_elem")
int messages_out_of_order(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

SEC("xdp")
__failure __not_msg("call bpf_map_lookup_elem") __msg("invalid mem access")
int message_not_expected(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

SEC("xdp")
__success __retval(7)
int wrong_retval(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
