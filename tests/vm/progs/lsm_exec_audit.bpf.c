// SPDX-License-Identifier: GPL-2.0
/* One object, two programs: an LSM hook that the host refuses (verified in
 * VMs), and a kprobe with a bug every verifier rejects: it dereferences a
 * kernel pointer read from the registers instead of bpf_probe_read_kernel. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

__u64 execs, opens;

SEC("lsm/bprm_check_security")
int BPF_PROG(audit_exec, struct linux_binprm *bprm, int ret)
{
	if (ret)
		return ret;
	__sync_fetch_and_add(&execs, 1);
	return 0;
}

SEC("kprobe/do_sys_openat2")
int BPF_KPROBE(count_open, int dfd, const char *filename)
{
	if (filename[0] == '/')
		__sync_fetch_and_add(&opens, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
