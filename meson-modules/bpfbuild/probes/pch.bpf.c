/* Includes the stand-in vmlinux.h first, as CO-RE programs do, so a
 * precompiled copy of it can replace the parse. */
#include "pch_vmlinux.h"

__attribute__((section("xdp"), used))
int probe_pch(struct probe_task *t)
{
	return t->tgid == 1 ? 2 : 1;
}

__attribute__((section("license"), used))
char probe_license[] = "GPL";
