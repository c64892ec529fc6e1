/* GCC ignores the attribute pragma with which bpftool's vmlinux.h marks its
 * records (core_pragma), but may take the attribute on a record type: the
 * way bpfbuild-cc gives it vmlinux.h's records (bpfbuild-core-records.sh),
 * here on a record of the probe's own.  A direct field access must then
 * carry a CO-RE relocation. */
#include <linux/bpf.h>

#define struct struct __attribute__((preserve_access_index))
struct probe_task {
	int pid;
	int tgid;
};
#undef struct

__attribute__((section("tp_btf/sched_process_exec"), used))
int probe_core_records(unsigned long long *ctx)
{
	struct probe_task *t = (void *)ctx[0];

	return t->tgid == 1;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
