/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A fresh cgroup v2 for an example to attach to and to run in. */
#ifndef CGROUP_UTIL_H
#define CGROUP_UTIL_H

#include <limits.h>

struct test_cgroup {
	char path[PATH_MAX];	/* the new cgroup's directory */
	char parent[PATH_MAX];	/* where this process was before entering it */
	int fd;			/* open directory, for BPF attach */
};

/* Creates NAME-<pid> under the cgroup v2 mount; prints the reason and returns -1 on error. */
int test_cgroup_create(struct test_cgroup *cg, const char *name);
/* Moves the calling process into it (or back to where it was). */
int test_cgroup_enter(struct test_cgroup *cg);
int test_cgroup_leave(struct test_cgroup *cg);
/* Leaves it if needed, closes it and removes its directory. */
void test_cgroup_destroy(struct test_cgroup *cg);

#endif
