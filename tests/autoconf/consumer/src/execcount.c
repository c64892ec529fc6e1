// SPDX-License-Identifier: GPL-2.0
/* Loads execcount.bpf.o through its skeleton, attaches it, waits a few
 * seconds (or until Ctrl-C) and prints the exec() count per user. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "execcount.h"
#include "execcount.skel.h"

/* bpftool names the skeleton after the object (execcount.bpf.o gives
 * struct execcount_bpf); a toolchain that names it after the header gives
 * struct execcount: take either. */
#if defined(__EXECCOUNT_SKEL_H__) && !defined(__EXECCOUNT_BPF_SKEL_H__)
#define execcount_bpf execcount
#define execcount_bpf__open execcount__open
#define execcount_bpf__load execcount__load
#define execcount_bpf__attach execcount__attach
#define execcount_bpf__destroy execcount__destroy
#endif

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	int seconds = argc > 1 ? atoi(argv[1]) : 5;
	struct execcount_bpf *skel;
	struct exec_stat st;
	__u32 key, next, *prev = NULL;
	int err;

	skel = execcount_bpf__open();
	if (!skel) {
		fprintf(stderr, "execcount: cannot open the BPF object\n");
		return 1;
	}
	skel->rodata->ignore_tgid = getpid();
	err = execcount_bpf__load(skel);
	if (!err)
		err = execcount_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "execcount: cannot load or attach: %d\n", err);
		execcount_bpf__destroy(skel);
		return 1;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	while (!stop && seconds-- > 0)
		sleep(1);

	while (bpf_map_get_next_key(bpf_map__fd(skel->maps.stats), prev, &next) == 0) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(bpf_map__fd(skel->maps.stats), &key, &st) == 0)
			printf("uid %u: %llu exec(s), last %.16s (parent %u)\n",
			       key, st.count, st.last_comm, st.last_ppid);
	}
	execcount_bpf__destroy(skel);
	return 0;
}
