/* The kernel's types for indirect.bpf.c, and what it records. */
#ifndef INDIRECT_H
#define INDIRECT_H
#include "vmlinux.h"

struct exit_event {
	pid_t pid;
	int code;
};
#endif
