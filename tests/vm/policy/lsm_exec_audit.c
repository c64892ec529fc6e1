// SPDX-License-Identifier: GPL-2.0
/*
 * lsm_exec_audit: load both programs of the exec/open auditor, as a
 * skeleton's users do: the LSM hook and the kprobe, all or nothing.
 *
 *   lsm_exec_audit [-v]      -v shows libbpf's messages (the verifier's log)
 *
 * Prints "lsm_exec_audit: loaded audit_exec count_open" and exits 0, or one
 * line saying why not and exits 1.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "lsm_exec_audit.skel.h"

int main(int argc, char **argv)
{
	struct lsm_exec_audit_bpf *skel;

	if (!(argc > 1 && strcmp(argv[1], "-v") == 0))
		libbpf_set_print(NULL);
	skel = lsm_exec_audit_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "lsm_exec_audit: cannot load the BPF object: %s%s\n", strerror(errno),
			errno == EPERM ? " (run as root with the BPF LSM active: lsm=...,bpf)" :
			errno == EACCES ? " (the verifier rejected a program: -v shows its log)" : "");
		return 1;
	}
	printf("lsm_exec_audit: loaded audit_exec count_open\n");
	lsm_exec_audit_bpf__destroy(skel);
	return 0;
}
