// SPDX-License-Identifier: GPL-2.0
/* An LSM program: hosts that refuse tracing-class programs report it as
 * refused; a VM with lsm=...,bpf verifies it. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

SEC("lsm/file_open")
int BPF_PROG(vm_file_open, struct file *file, int ret)
{
	if (ret)
		return ret;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
