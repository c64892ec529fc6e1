// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * socket_policy: deny some socket types inside a fresh cgroup, make
 * sockets there, and report what the kernel said and what the BPF program
 * counted.  The BPF side is two source files linked into one object.
 *
 *   socket_policy [--deny stream|dgram|raw]... --try KIND [--try KIND]... [-v]
 *
 * KIND is tcp, udp, raw, tcp6, udp6 or raw6.  Each --try prints
 * "socket KIND: allowed" or "socket KIND: denied (Operation not permitted)",
 * then "counted: inet N inet6 N denied N".
 */
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include "cgroup_util.h"
#include "socket_policy.h"
#include "socket_policy.skel.h"

#define ROOT_HINT " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)"

static const struct { const char *name; int family, type, protocol; } kinds[] = {
	{ "tcp", AF_INET, SOCK_STREAM, 0 },	{ "udp", AF_INET, SOCK_DGRAM, 0 },
	{ "raw", AF_INET, SOCK_RAW, IPPROTO_UDP },	{ "tcp6", AF_INET6, SOCK_STREAM, 0 },
	{ "udp6", AF_INET6, SOCK_DGRAM, 0 },	{ "raw6", AF_INET6, SOCK_RAW, IPPROTO_UDP },
};
#define N_KINDS (int)(sizeof(kinds) / sizeof(kinds[0]))

static int kind_index(const char *name)
{
	int i;

	for (i = 0; i < N_KINDS; i++)
		if (strcmp(kinds[i].name, name) == 0)
			return i;
	fprintf(stderr, "socket_policy: unknown socket kind '%s'\n", name);
	return -1;
}

static int type_bit(const char *name)
{
	if (strcmp(name, "stream") == 0)
		return SOCK_STREAM;
	if (strcmp(name, "dgram") == 0)
		return SOCK_DGRAM;
	if (strcmp(name, "raw") == 0)
		return SOCK_RAW;
	fprintf(stderr, "socket_policy: unknown socket type '%s' (stream, dgram or raw)\n", name);
	return -1;
}

static void try_socket(int k)
{
	int fd = socket(kinds[k].family, kinds[k].type | SOCK_CLOEXEC, kinds[k].protocol);

	if (fd < 0) {
		printf("socket %s: denied (%s)\n", kinds[k].name, strerror(errno));
		return;
	}
	printf("socket %s: allowed\n", kinds[k].name);
	close(fd);
}

static int print_stats(struct socket_policy_bpf *skel)
{
	static const char *const names[STAT_MAX] = { "inet", "inet6", "denied" };
	__u32 slot;
	__u64 n;
	int err;

	printf("counted:");
	for (slot = 0; slot < STAT_MAX; slot++) {
		err = bpf_map__lookup_elem(skel->maps.socket_stats, &slot, sizeof(slot), &n, sizeof(n), 0);
		if (err) {
			printf("\n");
			fprintf(stderr, "socket_policy: cannot read the %s count: %s\n", names[slot], strerror(-err));
			return -1;
		}
		printf(" %s %llu", names[slot], (unsigned long long)n);
	}
	printf("\n");
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "deny", required_argument, NULL, 'd' },
		{ "try", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	int tries[64], n_try = 0, opt, err, i, bit, verbose = 0, ret = 1;
	struct bpf_link *link = NULL;
	struct socket_policy_bpf *skel;
	struct test_cgroup cg;
	__u32 denied = 0;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 'd':
			if ((bit = type_bit(optarg)) < 0)
				goto usage;
			denied |= 1u << bit;
			break;
		case 't':
			if (n_try == 64 || (tries[n_try] = kind_index(optarg)) < 0)
				goto usage;
			n_try++;
			break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (!n_try || optind != argc)
		goto usage;
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */

	skel = socket_policy_bpf__open();
	if (!skel) {
		fprintf(stderr, "socket_policy: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->denied_types = denied;
	err = socket_policy_bpf__load(skel);
	if (err) {
		fprintf(stderr, "socket_policy: cannot load the BPF program: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out_skel;
	}
	if (test_cgroup_create(&cg, "bpfbuild-socket-policy"))
		goto out_skel;
	link = bpf_program__attach_cgroup(skel->progs.socket_create, cg.fd);
	if (!link) {
		fprintf(stderr, "socket_policy: cannot attach to the cgroup: %s%s\n",
			strerror(errno), errno == EPERM ? ROOT_HINT : "");
		goto out_cg;
	}
	if (test_cgroup_enter(&cg))
		goto out_cg;
	for (i = 0; i < n_try; i++)
		try_socket(tries[i]);
	if (test_cgroup_leave(&cg))
		goto out_cg;
	ret = print_stats(skel) ? 1 : 0;
out_cg:
	bpf_link__destroy(link);
	test_cgroup_destroy(&cg);
out_skel:
	socket_policy_bpf__destroy(skel);
	return ret;
usage:
	fprintf(stderr, "usage: socket_policy [--deny stream|dgram|raw]... --try KIND... [-v]\n");
	return 2;
}
