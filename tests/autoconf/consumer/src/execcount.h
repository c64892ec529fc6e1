/* Shared between the BPF program and its loader. */
#ifndef EXECCOUNT_H
#define EXECCOUNT_H

#define TASK_COMM_LEN 16

struct exec_stat {
	unsigned long long count;
	unsigned int last_ppid;
	char last_comm[TASK_COMM_LEN];
};

#endif
