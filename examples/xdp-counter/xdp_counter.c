// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * xdp_counter: count packets per protocol and drop UDP to one port.
 *
 *   xdp_counter --drop-port PORT --test [--repeat N]
 *       runs crafted IPv4/IPv6 UDP, IPv4 TCP and ARP frames through the
 *       program with BPF_PROG_TEST_RUN (no device needed), N times each,
 *       and prints each verdict and then the counters
 *   xdp_counter --drop-port PORT --iface NAME [--seconds S]
 *       attaches to NAME for S seconds (default 10), then prints the counters
 *
 * Output: "ipv4 udp 53: XDP_DROP" lines, then
 * "counters: ipv4 N ipv6 N udp N other N dropped N".
 */
#include <errno.h>
#include <getopt.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "xdp_counter.h"
#include "xdp_packets.h"
#include "xdp_counter.skel.h"

#define ROOT_HINT " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)"

static int run_packets(struct xdp_counter_bpf *skel, int repeat)
{
	struct test_packet pkts[XDP_TEST_PACKETS];
	int i, err, fd = bpf_program__fd(skel->progs.xdp_count);

	xdp_test_packets(pkts, ntohs(skel->rodata->drop_port));
	for (i = 0; i < XDP_TEST_PACKETS; i++) {
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkts[i].data,
			    .data_size_in = pkts[i].len, .repeat = repeat);

		err = bpf_prog_test_run_opts(fd, &opts);
		if (err) {
			fprintf(stderr, "xdp_counter: cannot test-run the program on %s: %s%s\n",
				pkts[i].name, strerror(errno), errno == EPERM ? ROOT_HINT : "");
			return -1;
		}
		printf("%s: %s\n", pkts[i].name, xdp_verdict_name(opts.retval));
	}
	return 0;
}

/* Sums each slot over the CPUs and prints one line. */
static int print_counters(struct xdp_counter_bpf *skel)
{
	const char *const *names = xdp_counter_names();
	int ncpus = libbpf_num_possible_cpus(), err;
	unsigned long long *values;
	__u32 slot;

	if (ncpus < 0) {
		fprintf(stderr, "xdp_counter: cannot count the possible CPUs: %s\n", strerror(-ncpus));
		return -1;
	}
	values = calloc(ncpus, sizeof(*values));
	if (!values) {
		fprintf(stderr, "xdp_counter: out of memory\n");
		return -1;
	}
	printf("counters:");
	for (slot = 0; slot < COUNT_MAX; slot++) {
		unsigned long long sum = 0;
		int cpu;

		err = bpf_map__lookup_elem(skel->maps.counters, &slot, sizeof(slot),
					   values, sizeof(*values) * ncpus, 0);
		if (err) {
			printf("\n");
			fprintf(stderr, "xdp_counter: cannot read counter %s: %s\n", names[slot], strerror(-err));
			free(values);
			return -1;
		}
		for (cpu = 0; cpu < ncpus; cpu++)
			sum += values[cpu];
		printf(" %s %llu", names[slot], sum);
	}
	printf("\n");
	free(values);
	return 0;
}

static int parse_num(const char *s, long min, long max, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return *s && !*end && !errno && *out >= min && *out <= max ? 0 : -1;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "drop-port", required_argument, NULL, 'p' },
		{ "test", no_argument, NULL, 't' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "iface", required_argument, NULL, 'i' },
		{ "seconds", required_argument, NULL, 's' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	long port = -1, repeat = 1, seconds = 10;
	const char *iface = NULL;
	struct xdp_counter_bpf *skel;
	struct bpf_link *link = NULL;
	int opt, err, test = 0, verbose = 0, ifindex = 0, ret = 1;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 'p': if (parse_num(optarg, 1, 65534, &port)) goto usage; break;
		case 't': test = 1; break;
		case 'r': if (parse_num(optarg, 1, 1000000, &repeat)) goto usage; break;
		case 'i': iface = optarg; break;
		case 's': if (parse_num(optarg, 1, 86400, &seconds)) goto usage; break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (port < 0 || optind != argc || test == !!iface)
		goto usage;
	if (iface && !(ifindex = if_nametoindex(iface))) {
		fprintf(stderr, "xdp_counter: no interface %s: %s\n", iface, strerror(errno));
		return 1;
	}
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */

	skel = xdp_counter_bpf__open();
	if (!skel) {
		fprintf(stderr, "xdp_counter: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->drop_port = htons(port);
	err = xdp_counter_bpf__load(skel);
	if (err) {
		fprintf(stderr, "xdp_counter: cannot load the BPF program: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out;
	}
	if (test) {
		if (run_packets(skel, repeat) || print_counters(skel))
			goto out;
		ret = 0;
		goto out;
	}
	link = bpf_program__attach_xdp(skel->progs.xdp_count, ifindex);
	if (!link) {
		fprintf(stderr, "xdp_counter: cannot attach to %s: %s%s\n", iface, strerror(errno),
			errno == EPERM ? ROOT_HINT : "");
		goto out;
	}
	sleep(seconds);
	err = bpf_link__destroy(link);	/* detach before reading: the counts are final */
	link = NULL;
	if (err) {
		fprintf(stderr, "xdp_counter: cannot detach from %s: %s\n", iface, strerror(-err));
		goto out;
	}
	ret = print_counters(skel) ? 1 : 0;
out:
	bpf_link__destroy(link);
	xdp_counter_bpf__destroy(skel);
	return ret;
usage:
	fprintf(stderr, "usage: xdp_counter --drop-port PORT (--test [--repeat N] | --iface NAME [--seconds S]) [-v]\n");
	return 2;
}
