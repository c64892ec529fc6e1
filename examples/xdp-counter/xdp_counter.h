/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between xdp_counter.bpf.c and its loaders. */
#ifndef XDP_COUNTER_H
#define XDP_COUNTER_H

/* The slots of the per-CPU "counters" array. */
enum xdp_count_slot {
	COUNT_IPV4,	/* IPv4 packets */
	COUNT_IPV6,	/* IPv6 packets */
	COUNT_UDP,	/* UDP over either */
	COUNT_OTHER,	/* neither IPv4 nor IPv6 (ARP, ...) */
	COUNT_DROPPED,	/* UDP to drop_port, dropped */
	COUNT_MAX,
};

#endif
