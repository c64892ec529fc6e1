// SPDX-License-Identifier: GPL-2.0
/* A program whose test run acts on the kernel that runs it, as the
 * selftests' syscall programs do: it creates a map through bpf_sys_bpf()
 * (and closes it).  bpf-validate loads it; it runs it only when asked. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_misc.h"

SEC("syscall")
__success __retval(0)
int creates_map(void *ctx)
{
	union bpf_attr attr = {};
	int fd;

	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 1;
	fd = bpf_sys_bpf(BPF_MAP_CREATE, &attr, sizeof(attr));
	if (fd < 0)
		return fd;
	bpf_sys_close(fd);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
