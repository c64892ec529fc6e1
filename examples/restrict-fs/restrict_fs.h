/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared between restrict_fs.bpf.c and its loader. */
#ifndef RESTRICT_FS_H
#define RESTRICT_FS_H

/* How many cgroups the outer map holds, and filesystems each inner one. */
#define RESTRICT_FS_MAX_CGROUPS 64
#define RESTRICT_FS_MAX_FS 16

#endif
