// SPDX-License-Identifier: GPL-2.0
/* Keeps only the IPv4 packets of a socket, with the kernel's uapi headers. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

SEC("socket")
int ipv4_only(struct __sk_buff *skb)
{
	return skb->protocol == bpf_htons(ETH_P_IP) ? skb->len : 0;
}

char LICENSE[] SEC("license") = "GPL";
