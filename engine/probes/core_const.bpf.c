/* A CO-RE read through a pointer to a const-qualified struct, as tracing
 * tools declare the task or file they only read.  gcc-bpf 14 records the
 * relocation against the CONST type, for which libbpf finds no candidate
 * in the kernel's BTF ("target candidate search failed for [N] const"). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct probe_task {
	int pid;
} __attribute__((preserve_access_index));

int probe_pid = 0;

SEC("raw_tracepoint/sched_wakeup")
int probe_core_const(__u64 *ctx)
{
	const struct probe_task *p = (const struct probe_task *)ctx[0];

	probe_pid = BPF_CORE_READ(p, pid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
