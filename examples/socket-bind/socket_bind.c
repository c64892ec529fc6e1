// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * socket_bind: allow bind() only to the given ports inside a fresh cgroup,
 * then try binding there and report what the kernel said.
 *
 *   socket_bind --allow PORT [--allow PORT]... --try PORT [--try PORT]... [-v]
 *
 * Each --try prints "bind ipv4 PORT: allowed" or "bind ipv4 PORT: denied
 * (Operation not permitted)", and the same for ipv6.
 */
#include <arpa/inet.h>
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
#include "socket_bind.h"
#include "socket_bind.skel.h"

static void try_bind(int family, unsigned short port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(port),
				   .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6, .sin6_port = htons(port),
				     .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	const char *name = family == AF_INET ? "ipv4" : "ipv6";
	int fd, err;

	fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		printf("bind %s %u: no socket (%s)\n", name, port, strerror(errno));
		return;
	}
	if (family == AF_INET)
		err = bind(fd, (struct sockaddr *)&sin, sizeof(sin));
	else
		err = bind(fd, (struct sockaddr *)&sin6, sizeof(sin6));
	if (err)
		printf("bind %s %u: denied (%s)\n", name, port, strerror(errno));
	else
		printf("bind %s %u: allowed\n", name, port);
	close(fd);
}

static int parse_port(const char *s, unsigned short *port)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1 || v > 65535) {
		fprintf(stderr, "socket_bind: '%s' is not a port (1-65535)\n", s);
		return -1;
	}
	*port = v;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "allow", required_argument, NULL, 'a' },
		{ "try", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	unsigned short allow[SOCKET_BIND_MAX_PORTS], tries[64], port;
	int n_allow = 0, n_try = 0, opt, err, i, verbose = 0, ret = 1;
	struct bpf_link *link4 = NULL, *link6 = NULL;
	struct socket_bind_bpf *skel;
	struct test_cgroup cg;

	while ((opt = getopt_long(argc, argv, "a:t:v", opts, NULL)) != -1) {
		if (opt == 'v')
			verbose = 1;
		else if (opt == 'a' && n_allow < SOCKET_BIND_MAX_PORTS && !parse_port(optarg, &port))
			allow[n_allow++] = port;
		else if (opt == 't' && n_try < 64 && !parse_port(optarg, &port))
			tries[n_try++] = port;
		else {
			fprintf(stderr, "usage: socket_bind --allow PORT... --try PORT... [-v]\n");
			return 2;
		}
	}
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */

	skel = socket_bind_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "socket_bind: cannot load the BPF programs: %s%s\n", strerror(errno),
			errno == EPERM ? " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)" : "");
		return 1;
	}
	for (i = 0; i < n_allow; i++) {
		unsigned short key = htons(allow[i]);
		unsigned char one = 1;

		err = bpf_map__update_elem(skel->maps.allowed_ports, &key, sizeof(key),
					   &one, sizeof(one), BPF_ANY);
		if (err) {
			fprintf(stderr, "socket_bind: cannot allow port %u: %s\n", allow[i], strerror(-err));
			goto out_skel;
		}
	}

	if (test_cgroup_create(&cg, "bpfbuild-socket-bind"))
		goto out_skel;
	link4 = bpf_program__attach_cgroup(skel->progs.socket_bind4, cg.fd);
	if (!link4) {
		fprintf(stderr, "socket_bind: cannot attach bind4: %s\n", strerror(errno));
		goto out_cg;
	}
	link6 = bpf_program__attach_cgroup(skel->progs.socket_bind6, cg.fd);
	if (!link6) {
		fprintf(stderr, "socket_bind: cannot attach bind6: %s\n", strerror(errno));
		goto out_cg;
	}
	if (test_cgroup_enter(&cg))
		goto out_cg;
	for (i = 0; i < n_try; i++) {
		try_bind(AF_INET, tries[i]);
		try_bind(AF_INET6, tries[i]);
	}
	fflush(stdout);
	ret = test_cgroup_leave(&cg) ? 1 : 0;
out_cg:
	bpf_link__destroy(link6);
	bpf_link__destroy(link4);
	test_cgroup_destroy(&cg);
out_skel:
	socket_bind_bpf__destroy(skel);
	return ret;
}
