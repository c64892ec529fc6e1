/* A cgroup packet filter's verdict, as cgroup firewalls write it: a global
 * function (verified on its own, so its result is any int to the caller)
 * says whether the packet may pass, and the program returns 1 or 0.  The
 * verifier checks that a cgroup_skb program returns 0 or 1.  With
 * -fno-ssa-phiopt, gcc-bpf returns the function's own (sign-extended)
 * result on the path where it is 0, which the verifier cannot bound
 * ("At program exit the register R0 has smin=... should have been in
 * [0, 1]"); the kernel selftests' test_global_func8 has this shape.
 * bpfbuild keeps the flag (a map lookup's NULL test needs it far more
 * often): a program of this shape declares the need ret_range. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* The mark an earlier stage (tc, a netfilter rule) gives the packets it lets through. */
#define PROBE_MARK_ALLOW 0x100

__attribute__((noinline)) int probe_marked_allowed(struct __sk_buff *skb)
{
	return skb->mark & PROBE_MARK_ALLOW;
}

SEC("cgroup_skb/egress")
int probe_ret_range(struct __sk_buff *skb)
{
	if (!probe_marked_allowed(skb))
		return 0;
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
