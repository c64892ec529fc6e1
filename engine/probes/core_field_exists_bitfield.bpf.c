/* bpf_core_field_exists() on a bit-field, as tools test for kernel fields
 * that are bit-fields in some versions: GCC cannot take its address. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct probe_sock {
	unsigned int sk_padding : 1,
		     sk_kern_sock : 1,
		     sk_no_check_tx : 1;
	unsigned short sk_type;
} __attribute__((preserve_access_index));

SEC("tp_btf/sched_process_exec")
int probe_core_field_exists_bitfield(unsigned long long *ctx)
{
	struct probe_sock *sk = (void *)ctx[0];

	return bpf_core_field_exists(sk->sk_kern_sock);
}

char LICENSE[] SEC("license") = "GPL";
