// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * restrict_fs: deny open() on the given filesystem types inside a fresh
 * cgroup, then try opening files there and outside, and report what the
 * kernel said.
 *
 *   restrict_fs --deny-fs TYPE[,TYPE]... --try PATH [--try PATH]... [-v]
 *
 * TYPE is tmpfs, ramfs, proc, sysfs, devpts, cgroup2, bpf, ext4, xfs, btrfs
 * or overlay.  In the cgroup each --try prints "open PATH: allowed" or
 * "open PATH: denied (Operation not permitted)"; outside it the same line
 * starts with "outside: ".
 *
 * Exit status: 0 done, 1 error, 2 usage, 3 the kernel refuses LSM programs
 * (proved by a trivial one failing the same way while an XDP one loads) or
 * the BPF LSM is not active: a property of the kernel, not of this program.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "cgroup_util.h"
#include "restrict_fs.h"
#include "restrict_fs.skel.h"

#define EXIT_KERNEL_REFUSES 3
#define ROOT_HINT " (run as root: it needs CAP_BPF, CAP_PERFMON and CAP_MAC_ADMIN)"

static const struct { const char *name; unsigned int magic; } filesystems[] = {
	{ "tmpfs", TMPFS_MAGIC }, { "ramfs", RAMFS_MAGIC }, { "proc", PROC_SUPER_MAGIC },
	{ "sysfs", SYSFS_MAGIC }, { "devpts", DEVPTS_SUPER_MAGIC },
	{ "cgroup2", CGROUP2_SUPER_MAGIC }, { "bpf", BPF_FS_MAGIC },
	{ "ext4", EXT4_SUPER_MAGIC }, { "xfs", XFS_SUPER_MAGIC },
	{ "btrfs", BTRFS_SUPER_MAGIC }, { "overlay", OVERLAYFS_SUPER_MAGIC },
};

static int fs_magic(const char *name, unsigned int *magic)
{
	size_t i;

	for (i = 0; i < sizeof(filesystems) / sizeof(filesystems[0]); i++) {
		if (strcmp(filesystems[i].name, name) == 0) {
			*magic = filesystems[i].magic;
			return 0;
		}
	}
	fprintf(stderr, "restrict_fs: unknown filesystem type '%s'\n", name);
	return -1;
}

/* Loads "r0 = ret; exit" as @type (attached to @btf_id) and says whether it loaded. */
static int trivial_load(enum bpf_prog_type type, enum bpf_attach_type attach, int btf_id, int ret)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = ret },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = attach,
		    .attach_btf_id = btf_id);
	int fd = bpf_prog_load(type, NULL, "GPL", insns, 2, &opts);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* After an EPERM: is it this kernel refusing every LSM program (as some
 * hosts do, even to root), rather than a lack of privilege? */
static int kernel_refuses_lsm(void)
{
	int id = libbpf_find_vmlinux_btf_id("file_open", BPF_LSM_MAC);

	return id > 0 && trivial_load(BPF_PROG_TYPE_XDP, 0, 0, 2) == 0 &&
	       trivial_load(BPF_PROG_TYPE_LSM, BPF_LSM_MAC, id, 0) == -EPERM;
}

/* The BPF LSM runs only when "bpf" is in the kernel's lsm= list. */
static int bpf_lsm_inactive(void)
{
	char buf[512] = "";
	FILE *f = fopen("/sys/kernel/security/lsm", "r");

	if (!f)
		return 0;	/* securityfs not mounted: cannot tell, assume active */
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return !strstr(buf, "bpf");
}

/* The cgroup id, as bpf_get_current_cgroup_id() returns it. */
static int cgroup_id(const char *path, __u64 *id)
{
	union { struct file_handle fh; char buf[sizeof(struct file_handle) + 8]; } h;
	int mount_id;

	h.fh.handle_bytes = 8;
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mount_id, 0)) {
		fprintf(stderr, "restrict_fs: cannot get the id of cgroup %s: %s\n", path, strerror(errno));
		return -1;
	}
	memcpy(id, h.fh.f_handle, sizeof(*id));
	return 0;
}

/* Creates the inner set of denied magics and registers it for the cgroup. */
static int deny_in_cgroup(struct restrict_fs_bpf *skel, __u64 cgid, unsigned int *magics, int n)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts);
	int fd, err = 0, i;
	__u8 one = 1;

	fd = bpf_map_create(BPF_MAP_TYPE_HASH, "fs_set", sizeof(__u32), sizeof(__u8),
			    RESTRICT_FS_MAX_FS, &opts);
	if (fd < 0) {
		fprintf(stderr, "restrict_fs: cannot create the filesystem set: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < n && !err; i++)
		err = bpf_map_update_elem(fd, &magics[i], &one, BPF_ANY);
	if (!err)
		err = bpf_map__update_elem(skel->maps.denied_fs, &cgid, sizeof(cgid),
					   &fd, sizeof(fd), BPF_ANY);
	if (err)
		fprintf(stderr, "restrict_fs: cannot register the cgroup: %s\n", strerror(errno));
	close(fd);	/* the outer map holds the set now */
	return err ? -1 : 0;
}

static void try_open(const char *prefix, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		printf("%sopen %s: denied (%s)\n", prefix, path, strerror(errno));
		return;
	}
	printf("%sopen %s: allowed\n", prefix, path);
	close(fd);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "deny-fs", required_argument, NULL, 'd' },
		{ "try", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	unsigned int magics[RESTRICT_FS_MAX_FS];
	const char *tries[64];
	int n_magic = 0, n_try = 0, opt, err, i, verbose = 0, ret = 1;
	struct restrict_fs_bpf *skel;
	struct test_cgroup cg;
	char *tok, *save;
	__u64 cgid;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			for (tok = strtok_r(optarg, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				if (n_magic == RESTRICT_FS_MAX_FS || fs_magic(tok, &magics[n_magic]))
					goto usage;
				n_magic++;
			}
			break;
		case 't':
			if (n_try == 64)
				goto usage;
			tries[n_try++] = optarg;
			break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (!n_magic || !n_try || optind != argc)
		goto usage;
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */

	skel = restrict_fs_bpf__open();
	if (!skel) {
		fprintf(stderr, "restrict_fs: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	err = restrict_fs_bpf__load(skel);
	if (err == -EPERM && kernel_refuses_lsm()) {
		fprintf(stderr, "restrict_fs: the host kernel refuses lsm programs (EPERM)\n");
		ret = EXIT_KERNEL_REFUSES;
		goto out_skel;
	}
	if (err) {
		fprintf(stderr, "restrict_fs: cannot load the BPF program: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out_skel;
	}
	if (bpf_lsm_inactive()) {
		fprintf(stderr, "restrict_fs: the BPF LSM is not active (boot with lsm=...,bpf)\n");
		ret = EXIT_KERNEL_REFUSES;
		goto out_skel;
	}
	if (test_cgroup_create(&cg, "bpfbuild-restrict-fs"))
		goto out_skel;
	if (cgroup_id(cg.path, &cgid) || deny_in_cgroup(skel, cgid, magics, n_magic))
		goto out_cg;
	err = restrict_fs_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "restrict_fs: cannot attach to lsm/file_open: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out_cg;
	}

	for (i = 0; i < n_try; i++)
		try_open("outside: ", tries[i]);
	if (test_cgroup_enter(&cg))
		goto out_detach;
	for (i = 0; i < n_try; i++)
		try_open("", tries[i]);
	fflush(stdout);
	ret = test_cgroup_leave(&cg) ? 1 : 0;
out_detach:
	restrict_fs_bpf__detach(skel);
out_cg:
	test_cgroup_destroy(&cg);
out_skel:
	restrict_fs_bpf__destroy(skel);
	return ret;
usage:
	fprintf(stderr, "usage: restrict_fs --deny-fs TYPE[,TYPE]... --try PATH... [-v]\n");
	return 2;
}
