/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BITS_BPF_H
#define BITS_BPF_H

static __always_inline __u64 log2(__u32 v)
{
	__u32 shift, r;

	r = (v > 0xFFFF) << 4; v >>= r;
	shift = (v > 0xFF) << 3; v >>= shift; r |= shift;
	shift = (v > 0xF) << 2; v >>= shift; r |= shift;
	shift = (v > 0x3) << 1; v >>= shift; r |= shift;
	r |= (v >> 1);
	return r;
}

static __always_inline __u64 log2l(__u64 v)
{
	__u32 hi = v >> 32;

	return hi ? log2(hi) + 32 : log2(v);
}

#endif
