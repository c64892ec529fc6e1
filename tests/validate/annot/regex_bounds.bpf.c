// SPDX-License-Identifier: GPL-2.0
/* Messages whose matching glibc makes exponential, which the kernel
 * selftests' never are, and bpf-validate refuses: back-references (regexec
 * tries every split of each line of the verifier's trace) and repetitions
 * that multiply (regcomp copies a repeated part once per repetition).  A
 * backslash in a bracket expression is no back-reference, and matches. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"
#include "vals.h"

SEC("xdp")
__failure __regex("(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1QQQ")
int echoes(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

SEC("xdp")
__failure __msg("R0 {{(in)valid}} mem access '{{(.*)\\1}}'")
int echoes_in_msg(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

SEC("xdp")
__failure __regex("invalid mem access [\\1']map_value")
int bracketed(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

/* 2^20 copies of "(in)": 734 MB and 3 s in regcomp. */
SEC("xdp")
__failure __regex("R0 (in)++++++++++++++++++++valid")
int doubles(struct xdp_md *ctx)
{
	return read_unchecked(0);
}

char LICENSE[] SEC("license") = "GPL";
