// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * exec_events: print every exec() on the system as it happens, from a BPF
 * ring buffer.
 *
 *   exec_events [--comm NAME] [--timeout SECONDS] [-v]
 *
 * Prints "ready" once attached, then one line per exec:
 * "exec pid=PID comm=COMM filename=FILE".  With --comm, prints only the
 * execs of NAME and exits 0 after the first one; with --timeout, gives up
 * after SECONDS (exit 1 if --comm was not seen).  SIGINT/SIGTERM stop it.
 */
#include <errno.h>
#include <getopt.h>
#include <linux/types.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/libbpf.h>
#include "exec_events.h"
#include "exec_events.skel.h"

#define ROOT_HINT " (run as root: it needs CAP_BPF and CAP_PERFMON)"

static volatile sig_atomic_t stop;
static const char *want_comm;
static int seen;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* ring_buffer__poll() calls this for each record. */
static int handle_event(void *ctx, void *data, size_t size)
{
	const struct exec_event *e = data;

	(void)ctx;
	if (size < sizeof(*e))
		return 0;
	if (want_comm && strncmp(e->comm, want_comm, EXEC_COMM_LEN) != 0)
		return 0;
	printf("exec pid=%u comm=%.*s filename=%.*s\n", e->pid, EXEC_COMM_LEN, e->comm,
	       EXEC_FILENAME_LEN, e->filename);
	fflush(stdout);
	if (want_comm) {
		seen = 1;
		return 0;	/* the main loop stops on "seen" */
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "comm", required_argument, NULL, 'c' },
		{ "timeout", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	struct ring_buffer *rb = NULL;
	struct exec_events_bpf *skel;
	long timeout = 0;
	time_t deadline = 0;
	int opt, err, verbose = 0, ret = 1;
	char *end;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 'c': want_comm = optarg; break;
		case 't':
			timeout = strtol(optarg, &end, 10);
			if (*end || timeout < 1)
				goto usage;
			break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (optind != argc)
		goto usage;
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	skel = exec_events_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "exec_events: cannot load the BPF program: %s%s\n",
			strerror(errno), errno == EPERM ? ROOT_HINT : "");
		return 1;
	}
	err = exec_events_bpf__attach(skel);
	if (err) {
		fprintf(stderr, "exec_events: cannot attach to sched/sched_process_exec: %s%s\n",
			strerror(-err), err == -ENOENT ?
			" (is tracefs mounted? mount -t tracefs nodev /sys/kernel/tracing)" : "");
		goto out;
	}
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), handle_event, NULL, NULL);
	if (!rb) {
		fprintf(stderr, "exec_events: cannot map the ring buffer: %s\n", strerror(errno));
		goto out;
	}
	printf("ready\n");
	fflush(stdout);

	if (timeout)
		deadline = time(NULL) + timeout;
	while (!stop && !seen && (!deadline || time(NULL) < deadline)) {
		err = ring_buffer__poll(rb, 200 /* ms */);
		if (err == -EINTR)
			continue;
		if (err < 0) {
			fprintf(stderr, "exec_events: cannot read the ring buffer: %s\n", strerror(-err));
			goto out;
		}
	}
	if (want_comm && !seen) {
		fprintf(stderr, "exec_events: no exec of %s within %ld s\n", want_comm, timeout);
		goto out;
	}
	ret = 0;
out:
	ring_buffer__free(rb);
	exec_events_bpf__detach(skel);
	exec_events_bpf__destroy(skel);
	return ret;
usage:
	fprintf(stderr, "usage: exec_events [--comm NAME] [--timeout SECONDS] [-v]\n");
	return 2;
}
