/* glibc headers, as systemd's and many tools' BPF programs include them:
 * <gnu/stubs.h> picks stubs-32.h unless the target's own word-size macro
 * (__x86_64__, __aarch64__, ...) is defined, and -target bpf defines none. */
#include <errno.h>
#include <stdint.h>
#include <netinet/in.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("cgroup/sock_create")
int probe_glibc(struct bpf_sock *sk)
{
	if (sk->protocol == IPPROTO_TCP && (uint32_t)sk->type == 1)
		return 0;
	return EPERM != 0;
}

char LICENSE[] SEC("license") = "GPL";
