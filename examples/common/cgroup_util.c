// SPDX-License-Identifier: LGPL-2.1-or-later
#include <errno.h>
#include <fcntl.h>
#include <mntent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cgroup_util.h"

/* The cgroup2 mount: /sys/fs/cgroup on unified hosts, elsewhere on hybrid ones. */
static int find_cgroup2(char *buf, size_t len)
{
	struct mntent *m;
	FILE *f = setmntent("/proc/self/mounts", "r");
	int ret = -1;

	if (!f)
		return -1;
	while ((m = getmntent(f))) {
		if (strcmp(m->mnt_type, "cgroup2") == 0) {
			snprintf(buf, len, "%s", m->mnt_dir);
			ret = 0;
			break;
		}
	}
	endmntent(f);
	return ret;
}

/* Our own cgroup v2 path, from the "0::" line of /proc/self/cgroup. */
static int own_cgroup(const char *root, char *buf, size_t len)
{
	char line[PATH_MAX + 8];
	FILE *f = fopen("/proc/self/cgroup", "r");
	int ret = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "0::", 3) == 0) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, len, "%s%s", root, line + 3);
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int write_pid(const char *dir)
{
	char procs[PATH_MAX + 16];
	int fd, n, err = 0;

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", dir);
	fd = open(procs, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = dprintf(fd, "%d\n", getpid());
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

int test_cgroup_create(struct test_cgroup *cg, const char *name)
{
	char root[PATH_MAX / 2];

	memset(cg, 0, sizeof(*cg));
	cg->fd = -1;
	if (find_cgroup2(root, sizeof(root))) {
		fprintf(stderr, "no cgroup v2 is mounted; mount one: mount -t cgroup2 none /sys/fs/cgroup\n");
		return -1;
	}
	if (own_cgroup(root, cg->parent, sizeof(cg->parent))) {
		fprintf(stderr, "cannot read this process's cgroup from /proc/self/cgroup\n");
		return -1;
	}
	/* Right under the root, which (unlike inner nodes) may hold processes too. */
	if (snprintf(cg->path, sizeof(cg->path), "%s/%s-%d", root, name, getpid()) >=
	    (int)sizeof(cg->path)) {
		fprintf(stderr, "cgroup path too long under %s\n", root);
		return -1;
	}
	if (mkdir(cg->path, 0755) && errno != EEXIST) {
		fprintf(stderr, "cannot create cgroup %s: %s\n", cg->path, strerror(errno));
		return -1;
	}
	cg->fd = open(cg->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cg->fd < 0) {
		fprintf(stderr, "cannot open cgroup %s: %s\n", cg->path, strerror(errno));
		rmdir(cg->path);
		return -1;
	}
	return 0;
}

int test_cgroup_enter(struct test_cgroup *cg)
{
	int err = write_pid(cg->path);

	if (err)
		fprintf(stderr, "cannot enter cgroup %s: %s\n", cg->path, strerror(-err));
	return err;
}

int test_cgroup_leave(struct test_cgroup *cg)
{
	int err = write_pid(cg->parent);

	if (err)
		fprintf(stderr, "cannot go back to cgroup %s: %s\n", cg->parent, strerror(-err));
	return err;
}

void test_cgroup_destroy(struct test_cgroup *cg)
{
	if (cg->fd >= 0)
		close(cg->fd);
	cg->fd = -1;
	if (cg->path[0]) {
		test_cgroup_leave(cg);
		rmdir(cg->path);
	}
}
