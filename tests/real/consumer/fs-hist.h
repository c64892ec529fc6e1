/* SPDX-License-Identifier: GPL-2.0 */
/* What fs-hist.bpf.c and a reader of its histograms share. */
#ifndef FS_HIST_H
#define FS_HIST_H

enum fs_op {
	FS_READ,
	FS_WRITE,
	FS_FSYNC,
	FS_MAX_OP,
};

#define FS_SLOTS 32

struct fs_hist {
	__u32 slots[FS_SLOTS];
};

#endif
