// SPDX-License-Identifier: GPL-2.0
/* Built with gcc-bpf 12 -gbtf -mco-re: its CO-RE offsets land in
 * .rel.BTF.ext, which libbpf ignores, so bpf-validate must flag the object.
 * (gcc 12 ignores the preserve_access_index type attribute; the builtin on
 * the access is what makes it emit a CO-RE relocation.) */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct foo {
	int pad;
	unsigned int len;
};

SEC("socket")
int read_len(struct __sk_buff *skb)
{
	struct foo *s = (void *)(long)bpf_get_prandom_u32();
	unsigned int len = 0;

	bpf_probe_read_kernel(&len, sizeof(len),
			      __builtin_preserve_access_index(&s->len));
	return len;
}

char LICENSE[] SEC("license") = "GPL";
