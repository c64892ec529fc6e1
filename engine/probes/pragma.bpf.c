/* bpftool's vmlinux.h marks every struct for CO-RE with clang's attribute
 * pragma; a compiler that honours it emits relocations with no builtin. */
#include <linux/bpf.h>

#pragma clang attribute push(__attribute__((preserve_access_index)), apply_to = record)
struct probe_task {
	int pid;
	int tgid;
};
#pragma clang attribute pop

__attribute__((section("tp_btf/sched_process_exec"), used))
int probe_pragma(unsigned long long *ctx)
{
	struct probe_task *t = (void *)ctx[0];

	return t->tgid == 1;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
