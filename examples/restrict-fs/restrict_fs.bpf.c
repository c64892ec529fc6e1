// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Deny open() on some filesystem types to the processes of some cgroups,
 * in the spirit of systemd's RestrictFileSystems=: an LSM program on the
 * file_open hook.  The outer map is keyed by cgroup id; each value is an
 * inner map (a set) of the filesystem magic numbers denied there.
 *
 * The superblock's magic is read with BPF_CORE_READ: CO-RE relocates
 * file->f_inode->i_sb->s_magic to the running kernel's layout.
 */
#include "vmlinux.h"
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "restrict_fs.h"

#define EPERM 1

/* The inner map: filesystem magic number -> 1. */
struct fs_set {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, RESTRICT_FS_MAX_FS);
	__type(key, __u32);
	__type(value, __u8);
};

/* cgroup id -> the set of filesystems denied to it. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, RESTRICT_FS_MAX_CGROUPS);
	__type(key, __u64);
	__array(values, struct fs_set);
} denied_fs SEC(".maps");

SEC("lsm/file_open")
int BPF_PROG(restrict_fs, struct file *file, int ret)
{
	__u64 cgroup_id = bpf_get_current_cgroup_id();
	__u32 magic;
	void *fs_set;

	/* An earlier LSM already said no: keep its answer. */
	if (ret != 0)
		return ret;
	fs_set = bpf_map_lookup_elem(&denied_fs, &cgroup_id);
	if (!fs_set)
		return 0;	/* not a restricted cgroup */
	magic = BPF_CORE_READ(file, f_inode, i_sb, s_magic);
	if (bpf_map_lookup_elem(fs_set, &magic))
		return -EPERM;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
