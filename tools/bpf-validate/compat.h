/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The libbpf version differences we depend on, in one place.  Builds against
 * Debian bookworm's libbpf 1.1 and sid's 1.7. */
#ifndef BV_COMPAT_H
#define BV_COMPAT_H

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <bpf/libbpf_version.h>

#define BV_LIBBPF_AT_LEAST(major, minor) \
	(LIBBPF_MAJOR_VERSION > (major) || \
	 (LIBBPF_MAJOR_VERSION == (major) && LIBBPF_MINOR_VERSION >= (minor)))

/* libbpf 1.5 opens objects of either byte order (loading still needs the
 * host's); 1.1 refuses them at open. */
#define BV_LIBBPF_OPENS_FOREIGN_ENDIAN BV_LIBBPF_AT_LEAST(1, 5)

/* bpf_prog_get_info_by_fd() arrived in 1.2; bpf_obj_get_info_by_fd() is the
 * older, untyped spelling. */
static inline int bv_prog_info(int fd, struct bpf_prog_info *info)
{
	__u32 len = sizeof(*info);

#if BV_LIBBPF_AT_LEAST(1, 2)
	return bpf_prog_get_info_by_fd(fd, info, &len);
#else
	return bpf_obj_get_info_by_fd(fd, info, &len);
#endif
}

static inline int bv_btf_info(int fd, struct bpf_btf_info *info)
{
	__u32 len = sizeof(*info);

#if BV_LIBBPF_AT_LEAST(1, 2)
	return bpf_btf_get_info_by_fd(fd, info, &len);
#else
	return bpf_obj_get_info_by_fd(fd, info, &len);
#endif
}

#endif
