// SPDX-License-Identifier: LGPL-2.1-or-later
/* Loads sock-bind with port 8080 allowed, as its skeleton's users do. */
#include <stdio.h>
#include <stdint.h>
#include <bpf/libbpf.h>
#include "sock-bind.skel.h"

int main(void)
{
	struct sock_bind_bpf *skel;
	uint16_t port = 8080;
	uint8_t yes = 1;
	int err;

	skel = sock_bind_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "sock-bind: cannot load the BPF object\n");
		return 1;
	}
	err = bpf_map__update_elem(skel->maps.allowed_ports, &port, sizeof(port),
				   &yes, sizeof(yes), BPF_ANY);
	if (!err)
		printf("sock-bind: loaded, port %u allowed\n", port);
	sock_bind_bpf__destroy(skel);
	return err ? 1 : 0;
}
