/* A bitfield in a CO-RE-relocatable struct: clang relocates it (byte
 * offset, size, shifts); GCC plans a warning. Which one is it? */
#include <linux/bpf.h>

struct probe_flags {
	unsigned int low : 3;
	unsigned int high : 5;
} __attribute__((preserve_access_index));

__attribute__((section("tp_btf/sched_process_exec"), used))
int probe_bitfield(unsigned long long *ctx)
{
	struct probe_flags *f = (void *)ctx[0];

	return __builtin_preserve_access_index(f->high) == 2;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
