// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * restrict_ifaces: let a fresh cgroup use only the listed interfaces
 * (--allow-list), or all but them (--deny-list), then send UDP from and to
 * it and report what got through.
 *
 *   restrict_ifaces (--allow-list | --deny-list) --iface NAME [--iface NAME]...
 *                   [--netns NS] [--peer-netns NS --local ADDR --peer ADDR]
 *                   [--port PORT] [-v]
 *
 * NS is a network namespace file (/proc/PID/ns/net), or a name under
 * /run/netns (ip netns add).  --netns runs in NS.  With a peer, a
 * socket in the peer namespace (outside the cgroup) exchanges a datagram
 * each way with a socket of the cgroup bound to --local:
 *   "egress to PEER: delivered|dropped"    sent from the cgroup
 *   "ingress from PEER: delivered|dropped" received in the cgroup
 * and two sockets of the cgroup talk over 127.0.0.1:
 *   "loopback: delivered|dropped"
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include "cgroup_util.h"
#include "restrict_ifaces.skel.h"

#define ROOT_HINT " (run as root: it needs CAP_BPF and CAP_NET_ADMIN)"
#define MAX_IFACES 16

static int open_netns(const char *name)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s%s", strchr(name, '/') ? "" : "/run/netns/", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fprintf(stderr, "restrict_ifaces: no network namespace %s: %s\n", path, strerror(errno));
	return fd;
}

static int enter_netns(int fd, const char *name)
{
	if (setns(fd, CLONE_NEWNET) == 0)
		return 0;
	fprintf(stderr, "restrict_ifaces: cannot enter network namespace %s: %s\n", name, strerror(errno));
	return -1;
}

/* A UDP socket bound to ADDR:PORT, in the current network namespace and cgroup. */
static int udp_socket(const char *addr, unsigned short port, struct sockaddr_in *sin)
{
	int fd;

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_port = htons(port);
	if (inet_pton(AF_INET, addr, &sin->sin_addr) != 1) {
		fprintf(stderr, "restrict_ifaces: '%s' is not an IPv4 address\n", addr);
		return -1;
	}
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)sin, sizeof(*sin))) {
		fprintf(stderr, "restrict_ifaces: cannot bind UDP %s:%u: %s\n", addr, port, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

/* Sends one datagram from @from to @to, waits up to a second for it on @rx. */
static const char *exchange(int from, int rx, const struct sockaddr_in *to, const char *msg)
{
	char buf[64];
	struct pollfd p = { .fd = rx, .events = POLLIN };
	ssize_t n;

	if (sendto(from, msg, strlen(msg), 0, (const struct sockaddr *)to, sizeof(*to)) < 0)
		return "dropped";	/* EPERM: the egress program said no */
	while (poll(&p, 1, 1000) == 1) {
		n = recv(rx, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		if (n < 0)
			break;
		buf[n] = '\0';
		if (strcmp(buf, msg) == 0)
			return "delivered";
	}
	return "dropped";
}

static void close_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

static int parse_port(const char *s, unsigned short *port)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1 || v > 65535)
		return -1;
	*port = v;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "allow-list", no_argument, NULL, 'a' },
		{ "deny-list", no_argument, NULL, 'd' },
		{ "iface", required_argument, NULL, 'i' },
		{ "netns", required_argument, NULL, 'n' },
		{ "peer-netns", required_argument, NULL, 'N' },
		{ "local", required_argument, NULL, 'l' },
		{ "peer", required_argument, NULL, 'p' },
		{ "port", required_argument, NULL, 'P' },
		{ "verbose", no_argument, NULL, 'v' },
		{}
	};
	const char *ifnames[MAX_IFACES], *netns = NULL, *peer_netns = NULL, *local = NULL, *peer = NULL;
	int n_if = 0, mode = -1, opt, err, i, verbose = 0, ret = 1;
	int self_ns = -1, peer_ns = -1, peer_fd = -1, local_fd = -1, lo_a = -1, lo_b = -1;
	struct bpf_link *egress = NULL, *ingress = NULL;
	struct sockaddr_in peer_sin, local_sin, lo_sin;
	unsigned short port = 4000 + getpid() % 20000;
	struct restrict_ifaces_bpf *skel;
	struct test_cgroup cg = { .fd = -1 };
	__u32 ifindex[MAX_IFACES];

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (opt) {
		case 'a': mode = 1; break;
		case 'd': mode = 0; break;
		case 'i': if (n_if == MAX_IFACES) goto usage; ifnames[n_if++] = optarg; break;
		case 'n': netns = optarg; break;
		case 'N': peer_netns = optarg; break;
		case 'l': local = optarg; break;
		case 'p': peer = optarg; break;
		case 'P': if (parse_port(optarg, &port)) goto usage; break;
		case 'v': verbose = 1; break;
		default: goto usage;
		}
	}
	if (mode < 0 || !n_if || optind != argc || !peer_netns != !local || !local != !peer)
		goto usage;
	if (!verbose)
		libbpf_set_print(NULL);	/* the one line below says what failed; -v for libbpf's view */

	if (netns) {
		int fd = open_netns(netns);

		if (fd < 0 || enter_netns(fd, netns))
			return 1;
		close(fd);
	}
	for (i = 0; i < n_if; i++) {
		ifindex[i] = if_nametoindex(ifnames[i]);
		if (!ifindex[i]) {
			fprintf(stderr, "restrict_ifaces: no interface %s: %s\n", ifnames[i], strerror(errno));
			return 1;
		}
	}
	/* The peer's socket, made before we enter the cgroup: outside it. */
	if (peer_netns) {
		self_ns = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
		peer_ns = open_netns(peer_netns);
		if (self_ns < 0 || peer_ns < 0 || enter_netns(peer_ns, peer_netns))
			return 1;
		peer_fd = udp_socket(peer, port, &peer_sin);
		if (enter_netns(self_ns, "of this process") || peer_fd < 0)
			return 1;
	}

	skel = restrict_ifaces_bpf__open();
	if (!skel) {
		fprintf(stderr, "restrict_ifaces: cannot open the BPF object: %s\n", strerror(errno));
		return 1;
	}
	skel->rodata->allow_list = mode;
	err = restrict_ifaces_bpf__load(skel);
	if (err) {
		fprintf(stderr, "restrict_ifaces: cannot load the BPF programs: %s%s\n",
			strerror(-err), err == -EPERM ? ROOT_HINT : "");
		goto out;
	}
	for (i = 0; i < n_if; i++) {
		__u8 one = 1;

		err = bpf_map__update_elem(skel->maps.ifaces, &ifindex[i], sizeof(ifindex[i]),
					   &one, sizeof(one), BPF_ANY);
		if (err) {
			fprintf(stderr, "restrict_ifaces: cannot list %s: %s\n", ifnames[i], strerror(-err));
			goto out;
		}
	}
	if (test_cgroup_create(&cg, "bpfbuild-restrict-ifaces"))
		goto out;
	egress = bpf_program__attach_cgroup(skel->progs.restrict_egress, cg.fd);
	if (!egress) {
		fprintf(stderr, "restrict_ifaces: cannot attach to cgroup egress: %s%s\n",
			strerror(errno), errno == EPERM ? ROOT_HINT : "");
		goto out;
	}
	ingress = bpf_program__attach_cgroup(skel->progs.restrict_ingress, cg.fd);
	if (!ingress) {
		fprintf(stderr, "restrict_ifaces: cannot attach to cgroup ingress: %s%s\n",
			strerror(errno), errno == EPERM ? ROOT_HINT : "");
		goto out;
	}
	if (test_cgroup_enter(&cg))
		goto out;
	/* From here on, every new socket belongs to the cgroup. */
	if (peer) {
		local_fd = udp_socket(local, port, &local_sin);
		if (local_fd < 0)
			goto out_leave;
		printf("egress to %s: %s\n", peer, exchange(local_fd, peer_fd, &peer_sin, "egress"));
		printf("ingress from %s: %s\n", peer, exchange(peer_fd, local_fd, &local_sin, "ingress"));
	}
	lo_a = udp_socket("127.0.0.1", port, &lo_sin);
	lo_b = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (lo_a < 0 || lo_b < 0)
		goto out_leave;
	printf("loopback: %s\n", exchange(lo_b, lo_a, &lo_sin, "loopback"));
	fflush(stdout);
	ret = 0;
out_leave:
	if (test_cgroup_leave(&cg))
		ret = 1;
out:
	bpf_link__destroy(ingress);
	bpf_link__destroy(egress);
	test_cgroup_destroy(&cg);
	restrict_ifaces_bpf__destroy(skel);
	close_fd(lo_b);
	close_fd(lo_a);
	close_fd(local_fd);
	close_fd(peer_fd);
	close_fd(peer_ns);
	close_fd(self_ns);
	return ret;
usage:
	fprintf(stderr, "usage: restrict_ifaces (--allow-list | --deny-list) --iface NAME... [--netns NS]\n"
			"       [--peer-netns NS --local ADDR --peer ADDR] [--port PORT] [-v]\n");
	return 2;
}
