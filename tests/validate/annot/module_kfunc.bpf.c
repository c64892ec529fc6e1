// SPDX-License-Identifier: GPL-2.0
/* A test of the selftests' kind that calls a kfunc of their test module
 * (bpf_testmod.ko), declared weak and called unguarded: on a kernel
 * without the module its loader would switch it off, so it is no-target
 * and its annotation is not judged. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"

extern int bpf_kfunc_testmod_twice(int v) __weak __ksym;

SEC("syscall")
__success __retval(4)
int doubles_through_module(void *ctx)
{
	return bpf_kfunc_testmod_twice(2);
}

char LICENSE[] SEC("license") = "GPL";
