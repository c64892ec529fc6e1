/* A stand-in for vmlinux.h, to try precompiling a header for BPF. */
#ifndef __PROBE_VMLINUX_H__
#define __PROBE_VMLINUX_H__

struct probe_task {
	int pid;
	int tgid;
	char comm[16];
};

#endif
