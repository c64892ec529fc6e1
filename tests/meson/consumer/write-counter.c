// SPDX-License-Identifier: LGPL-2.1-or-later
/* The README consumer's loader: opens and loads write-counter through its
 * skeleton (struct write_counter_bpf, as bpftool names it). */
#include <stdio.h>
#include "write-counter.skel.h"

int main(void)
{
	struct write_counter_bpf *skel = write_counter_bpf__open_and_load();

	if (!skel) {
		fprintf(stderr, "write-counter: cannot load the BPF object\n");
		return 1;
	}
	write_counter_bpf__destroy(skel);
	return 0;
}
