/* SPDX-License-Identifier: GPL-2.0 */
/* What the BPF program and its loader share. */
#ifndef HIST_H
#define HIST_H

#define MAX_SLOTS 26

struct hist {
	__u32 slots[MAX_SLOTS];
};

#endif
