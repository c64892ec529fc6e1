// SPDX-License-Identifier: GPL-2.0
/* A tc classifier that sums per-priority weights with the open-coded
 * numeric iterator (kfuncs bpf_iter_num_*,
 * Linux 6.4): it needs a newer kernel than 6.1, as a program calling
 * bpf_rdonly_cast does. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define TC_ACT_OK 0

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end) __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __ksym;

__u32 weights[5];
__u64 total;

SEC("tc")
int prio_weights(struct __sk_buff *skb)
{
	struct bpf_iter_num it;
	int *i;

	bpf_iter_num_new(&it, 0, 5);
	while ((i = bpf_iter_num_next(&it))) {
		if (*i < 0 || *i >= 5)
			break;
		if (skb->priority > (__u32)*i)
			total += weights[*i];
	}
	bpf_iter_num_destroy(&it);
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
