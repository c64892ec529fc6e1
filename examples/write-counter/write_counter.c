// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * write_counter: count this process's own write() calls with a BPF
 * tracepoint program, and check the count.
 *
 *   write_counter [-v] [N]   performs N writes to /dev/null (default 100);
 *                            -v shows libbpf's messages
 *
 * Prints "counted C of N writes" and exits 0 only when C == N.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include "write_counter.skel.h"

int main(int argc, char **argv)
{
	int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	long n = argc > 1 + verbose ? strtol(argv[1 + verbose], NULL, 10) : 100, i;
	struct write_counter_bpf *skel;
	int fd, err, ret = 1;
	__u64 counted;

	if (n < 1 || n > 1000000) {
		fprintf(stderr, "usage: write_counter [-v] [N], 1 <= N <= 1000000\n");
		return 2;
	}
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */
	skel = write_counter_bpf__open();
	if (!skel) {
		fprintf(stderr, "write_counter: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->target_tgid = getpid();
	err = write_counter_bpf__load(skel);
	if (err) {
		fprintf(stderr, "write_counter: cannot load the BPF program: %s%s\n", strerror(-err),
			err == -EPERM ? " (run as root: it needs CAP_BPF and CAP_PERFMON)" : "");
		goto out;
	}
	err = write_counter_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "write_counter: cannot attach to syscalls/sys_enter_write: %s%s\n",
			strerror(-err), err == -ENOENT ?
			" (is tracefs mounted? mount -t tracefs nodev /sys/kernel/tracing)" : "");
		goto out;
	}

	fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "write_counter: /dev/null: %s\n", strerror(errno));
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (write(fd, "x", 1) != 1) {
			fprintf(stderr, "write_counter: write: %s\n", strerror(errno));
			close(fd);
			goto out;
		}
	}
	close(fd);
	write_counter_bpf__detach(skel);

	/* Read after detach, so that the printf below is not counted. */
	counted = skel->bss->writes;
	printf("counted %llu of %ld writes\n", (unsigned long long)counted, n);
	ret = counted == (__u64)n ? 0 : 1;
out:
	write_counter_bpf__destroy(skel);
	return ret;
}
