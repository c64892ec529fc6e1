/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Crafted Ethernet frames for bpf_prog_test_run, shared by the xdp_counter
 * loaders: no network device is needed to see the program's verdicts.
 */
#ifndef XDP_PACKETS_H
#define XDP_PACKETS_H

#include <arpa/inet.h>
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <stdio.h>
#include <string.h>

struct test_packet {
	char name[32];
	unsigned char data[128];
	unsigned int len;
};

#define XDP_TEST_PACKETS 6

static inline unsigned int put_eth(unsigned char *p, unsigned short proto)
{
	struct ethhdr eth = { .h_dest = { 2, 0, 0, 0, 0, 2 },
			      .h_source = { 2, 0, 0, 0, 0, 1 },
			      .h_proto = htons(proto) };

	memcpy(p, &eth, sizeof(eth));
	return sizeof(eth);
}

static inline unsigned int put_ipv4(unsigned char *p, unsigned char proto, unsigned int l4len)
{
	struct iphdr ip = { .version = 4, .ihl = 5, .ttl = 64, .protocol = proto,
			    .tot_len = htons(sizeof(ip) + l4len),
			    .saddr = htonl(0xc0a80001), .daddr = htonl(0xc0a80002) };

	memcpy(p, &ip, sizeof(ip));
	return sizeof(ip);
}

static inline unsigned int put_ipv6(unsigned char *p, unsigned char nexthdr, unsigned int l4len)
{
	struct ipv6hdr ip6 = { .version = 6, .nexthdr = nexthdr, .hop_limit = 64,
			       .payload_len = htons(l4len) };

	ip6.saddr.s6_addr[0] = ip6.daddr.s6_addr[0] = 0xfd;	/* fd00::1 -> fd00::2 */
	ip6.saddr.s6_addr[15] = 1;
	ip6.daddr.s6_addr[15] = 2;
	memcpy(p, &ip6, sizeof(ip6));
	return sizeof(ip6);
}

static inline unsigned int put_udp(unsigned char *p, unsigned short dport)
{
	struct udphdr udp = { .source = htons(40000), .dest = htons(dport),
			      .len = htons(sizeof(udp) + 4) };

	memcpy(p, &udp, sizeof(udp));
	memcpy(p + sizeof(udp), "ping", 4);
	return sizeof(udp) + 4;
}

static inline unsigned int put_tcp(unsigned char *p, unsigned short dport)
{
	struct tcphdr tcp = { .source = htons(40000), .dest = htons(dport), .doff = 5, .syn = 1 };

	memcpy(p, &tcp, sizeof(tcp));
	return sizeof(tcp);
}

/* IPv4 and IPv6 UDP to @port and @port + 1, IPv4 TCP to @port, and ARP. */
static inline void xdp_test_packets(struct test_packet pkts[XDP_TEST_PACKETS], unsigned short port)
{
	struct test_packet *t = pkts;
	unsigned int n;
	int i;

	memset(pkts, 0, sizeof(*pkts) * XDP_TEST_PACKETS);
	for (i = 0; i < 2; i++, t++) {
		snprintf(t->name, sizeof(t->name), "ipv4 udp %u", port + i);
		n = put_eth(t->data, ETH_P_IP);
		n += put_ipv4(t->data + n, IPPROTO_UDP, sizeof(struct udphdr) + 4);
		t->len = n + put_udp(t->data + n, port + i);
	}
	for (i = 0; i < 2; i++, t++) {
		snprintf(t->name, sizeof(t->name), "ipv6 udp %u", port + i);
		n = put_eth(t->data, ETH_P_IPV6);
		n += put_ipv6(t->data + n, IPPROTO_UDP, sizeof(struct udphdr) + 4);
		t->len = n + put_udp(t->data + n, port + i);
	}
	snprintf(t->name, sizeof(t->name), "ipv4 tcp %u", port);
	n = put_eth(t->data, ETH_P_IP);
	n += put_ipv4(t->data + n, IPPROTO_TCP, sizeof(struct tcphdr));
	t->len = n + put_tcp(t->data + n, port);
	t++;
	snprintf(t->name, sizeof(t->name), "arp");
	n = put_eth(t->data, ETH_P_ARP);
	memset(t->data + n, 0, 28);	/* an ARP body; its content does not matter here */
	t->len = n + 28;
}

static inline const char *xdp_verdict_name(unsigned int v)
{
	static const char *const names[] = { "XDP_ABORTED", "XDP_DROP", "XDP_PASS",
					     "XDP_TX", "XDP_REDIRECT" };

	return v < sizeof(names) / sizeof(names[0]) ? names[v] : "unknown";
}

static inline const char *const *xdp_counter_names(void)
{
	static const char *const names[] = { "ipv4", "ipv6", "udp", "other", "dropped" };

	return names;
}

#endif
