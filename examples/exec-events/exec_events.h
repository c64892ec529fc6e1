/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The event record, shared by exec_events.bpf.c and its loader (each
 * includes its own definition of __u32 first). */
#ifndef EXEC_EVENTS_H
#define EXEC_EVENTS_H

#define EXEC_COMM_LEN 16
#define EXEC_FILENAME_LEN 256

struct exec_event {
	__u32 pid;
	char comm[EXEC_COMM_LEN];
	char filename[EXEC_FILENAME_LEN];
};

#endif
