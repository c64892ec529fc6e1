// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * xdp_counter_light: xdp_counter through a light skeleton
 * (bpftool gen skeleton -L).  The skeleton carries a loader program that
 * the kernel runs to create the maps and load the program, so this loader
 * needs no libbpf at run time: it includes <bpf/skel_internal.h> and makes
 * the few bpf() calls of its own (test run, attach, map lookup) directly.
 *
 *   xdp_counter_light --drop-port PORT --test [--repeat N]
 *   xdp_counter_light --drop-port PORT --iface NAME [--seconds S]
 *
 * Same options and output as xdp_counter.
 */
#include <errno.h>
#include <getopt.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "xdp_counter.h"
#include "xdp_packets.h"
#include "xdp_counter_light.lskel.h"

#define ROOT_HINT " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)"

static int test_run(int prog_fd, struct test_packet *p, int repeat, __u32 *retval)
{
	union bpf_attr attr;
	int err;

	memset(&attr, 0, sizeof(attr));
	attr.test.prog_fd = prog_fd;
	attr.test.data_in = (long)p->data;
	attr.test.data_size_in = p->len;
	attr.test.repeat = repeat;
	err = skel_sys_bpf(BPF_PROG_TEST_RUN, &attr, sizeof(attr));
	*retval = attr.test.retval;
	return err;
}

static int run_packets(struct xdp_counter_light_bpf *skel, int repeat)
{
	struct test_packet pkts[XDP_TEST_PACKETS];
	__u32 verdict;
	int i;

	xdp_test_packets(pkts, ntohs(skel->rodata->drop_port));
	for (i = 0; i < XDP_TEST_PACKETS; i++) {
		if (test_run(skel->progs.xdp_count.prog_fd, &pkts[i], repeat, &verdict)) {
			fprintf(stderr, "xdp_counter_light: cannot test-run the program on %s: %s%s\n",
				pkts[i].name, strerror(errno), errno == EPERM ? ROOT_HINT : "");
			return -1;
		}
		printf("%s: %s\n", pkts[i].name, xdp_verdict_name(verdict));
	}
	return 0;
}

/* The number of possible CPUs, from "0-3" or "0,2-5" in sysfs: a per-CPU
 * map value holds one slot for each. */
static int possible_cpus(void)
{
	char buf[256], *p = buf, *end;
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	long b, n = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, sizeof(buf), f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	for (;;) {
		b = strtol(p, &end, 10);
		if (end == p)
			return -EINVAL;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		n = b + 1 > n ? b + 1 : n;
		if (*end != ',')
			break;
		p = end + 1;
	}
	return n;
}

static int print_counters(struct xdp_counter_light_bpf *skel)
{
	const char *const *names = xdp_counter_names();
	int ncpus = possible_cpus();
	unsigned long long *values;
	union bpf_attr attr;
	__u32 slot;

	if (ncpus < 0) {
		fprintf(stderr, "xdp_counter_light: cannot count the possible CPUs: %s\n", strerror(-ncpus));
		return -1;
	}
	values = calloc(ncpus, sizeof(*values));
	if (!values) {
		fprintf(stderr, "xdp_counter_light: out of memory\n");
		return -1;
	}
	printf("counters:");
	for (slot = 0; slot < COUNT_MAX; slot++) {
		unsigned long long sum = 0;
		int cpu;

		memset(&attr, 0, sizeof(attr));
		attr.map_fd = skel->maps.counters.map_fd;
		attr.key = (long)&slot;
		attr.value = (long)values;
		if (skel_sys_bpf(BPF_MAP_LOOKUP_ELEM, &attr, sizeof(attr))) {
			printf("\n");
			fprintf(stderr, "xdp_counter_light: cannot read counter %s: %s\n", names[slot], strerror(errno));
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
		{}
	};
	long port = -1, repeat = 1, seconds = 10;
	const char *iface = NULL;
	struct xdp_counter_light_bpf *skel;
	int opt, err, test = 0, ifindex = 0, link_fd, ret = 1;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'p': if (parse_num(optarg, 1, 65534, &port)) goto usage; break;
		case 't': test = 1; break;
		case 'r': if (parse_num(optarg, 1, 1000000, &repeat)) goto usage; break;
		case 'i': iface = optarg; break;
		case 's': if (parse_num(optarg, 1, 86400, &seconds)) goto usage; break;
		default: goto usage;
		}
	}
	if (port < 0 || optind != argc || test == !!iface)
		goto usage;
	if (iface && !(ifindex = if_nametoindex(iface))) {
		fprintf(stderr, "xdp_counter_light: no interface %s: %s\n", iface, strerror(errno));
		return 1;
	}

	skel = xdp_counter_light_bpf__open();
	if (!skel) {
		fprintf(stderr, "xdp_counter_light: cannot open the light skeleton: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->drop_port = htons(port);
	err = xdp_counter_light_bpf__load(skel);
	if (err) {
		/* The skeleton returns -errno, or the loader program's error. */
		fprintf(stderr, "xdp_counter_light: cannot load the BPF program: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out;
	}
	if (test) {
		if (run_packets(skel, repeat) || print_counters(skel))
			goto out;
		ret = 0;
		goto out;
	}
	link_fd = skel_link_create(skel->progs.xdp_count.prog_fd, ifindex, BPF_XDP);
	if (link_fd < 0) {
		fprintf(stderr, "xdp_counter_light: cannot attach to %s: %s%s\n", iface, strerror(errno),
			errno == EPERM ? ROOT_HINT : "");
		goto out;
	}
	sleep(seconds);
	close(link_fd);	/* detach before reading: the counts are final */
	ret = print_counters(skel) ? 1 : 0;
out:
	xdp_counter_light_bpf__destroy(skel);
	return ret;
usage:
	fprintf(stderr, "usage: xdp_counter_light --drop-port PORT (--test [--repeat N] | --iface NAME [--seconds S])\n");
	return 2;
}
