// SPDX-License-Identifier: LGPL-2.1-or-later
/* Loads deny-proto: the kernel's verifier takes its NULL test. */
#include <stdio.h>
#include <bpf/libbpf.h>
#include "deny-proto.skel.h"

int main(void)
{
	struct deny_proto_bpf *skel = deny_proto_bpf__open_and_load();

	if (!skel) {
		fprintf(stderr, "deny-proto: cannot load the BPF object\n");
		return 1;
	}
	printf("deny-proto: loaded\n");
	deny_proto_bpf__destroy(skel);
	return 0;
}
