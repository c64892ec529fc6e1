/* btf_type_tag / btf_decl_tag: the kernel's __user, __rcu, __kptr. */
#include <linux/bpf.h>

#define __tagged_user __attribute__((btf_type_tag("user")))

struct probe_tagged {
	int __tagged_user *ptr;
	int val __attribute__((btf_decl_tag("probe_decl")));
};

struct probe_tagged probe_tags_var;

__attribute__((section("xdp"), used))
int probe_tags(struct xdp_md *ctx)
{
	return probe_tags_var.val ? XDP_PASS : XDP_DROP;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
