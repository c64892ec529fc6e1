// SPDX-License-Identifier: GPL-2.0
/*
 * sysctl_guard: load the sysctl write guard.  Putting a cgroup in its map
 * and attaching it come after the load, which is what the verifier
 * decides.
 *
 * Prints "sysctl_guard: loaded sysctl_guard" and exits 0, or one line
 * saying why not and exits 1.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "sysctl_guard.skel.h"

int main(void)
{
	struct sysctl_guard_bpf *skel;

	libbpf_set_print(NULL);
	skel = sysctl_guard_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "sysctl_guard: cannot load sysctl_guard: %s\n", strerror(errno));
		return 1;
	}
	printf("sysctl_guard: loaded sysctl_guard\n");
	sysctl_guard_bpf__destroy(skel);
	return 0;
}
