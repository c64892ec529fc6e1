/* bpf_core_field_exists() needs __builtin_preserve_field_info. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct probe_task {
	int pid;
} __attribute__((preserve_access_index));

SEC("tp_btf/sched_process_exec")
int probe_core_field_exists(unsigned long long *ctx)
{
	struct probe_task *t = (void *)ctx[0];

	return bpf_core_field_exists(t->pid);
}

char LICENSE[] SEC("license") = "GPL";
