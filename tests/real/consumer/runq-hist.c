// SPDX-License-Identifier: GPL-2.0
/* Loads and attaches runq-hist for a moment and reads its histogram. */
#include <stdio.h>
#include <unistd.h>
#include <linux/types.h>
#include <bpf/libbpf.h>
#include "hist.h"
#include "runq-hist.skel.h"

int main(void)
{
	struct runq_hist_bpf *skel;
	struct hist h = {};
	__u32 zero = 0;
	unsigned long total = 0;
	int err;

	skel = runq_hist_bpf__open_and_load();
	if (!skel) {
		fprintf(stderr, "runq-hist: cannot load the BPF object\n");
		return 1;
	}
	err = runq_hist_bpf__attach(skel);
	if (!err) {
		usleep(200000);
		err = bpf_map__lookup_elem(skel->maps.hists, &zero, sizeof(zero), &h, sizeof(h), 0);
	}
	for (int i = 0; i < MAX_SLOTS; i++)
		total += h.slots[i];
	if (!err)
		printf("runq-hist: %lu wakeups measured\n", total);
	runq_hist_bpf__destroy(skel);
	return err ? 1 : 0;
}
