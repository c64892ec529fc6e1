/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The project's own <linux/types.h>, as the kernel's tools/include carries
 * one for its selftests and tools: the uapi types, and the kernel's own
 * short names for them (u32, u64), which the system's copy in
 * /usr/include does not have.  Its programs include it as <linux/types.h>
 * (also through <linux/bpf.h>), with -I to this directory.
 */
#ifndef _OWN_HEADERS_LINUX_TYPES_H
#define _OWN_HEADERS_LINUX_TYPES_H

#include <asm/types.h>
#include <linux/posix_types.h>

typedef __u64 u64;
typedef __s64 s64;
typedef __u32 u32;
typedef __s32 s32;
typedef __u16 u16;
typedef __u8 u8;

#define __bitwise
typedef __u16 __bitwise __le16;
typedef __u16 __bitwise __be16;
typedef __u32 __bitwise __le32;
typedef __u32 __bitwise __be32;
typedef __u64 __bitwise __le64;
typedef __u64 __bitwise __be64;
typedef __u16 __bitwise __sum16;
typedef __u32 __bitwise __wsum;
typedef unsigned __bitwise __poll_t;

#define __aligned_u64 __u64 __attribute__((aligned(8)))
#define __aligned_be64 __be64 __attribute__((aligned(8)))
#define __aligned_le64 __le64 __attribute__((aligned(8)))

#endif
