/* A CO-RE field access: the relocation must land in .BTF.ext, not in
 * .rel.BTF.ext (gcc-bpf 12), where libbpf never looks. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct probe_task {
	int pid;
	int tgid;
} __attribute__((preserve_access_index));

SEC("tp_btf/sched_process_exec")
int probe_core(unsigned long long *ctx)
{
	struct probe_task *t = (void *)ctx[0];

	return __builtin_preserve_access_index(t->tgid) == 1;
}

char LICENSE[] SEC("license") = "GPL";
