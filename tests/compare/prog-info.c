// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prog-info PINNED-PROG...: the kernel's own numbers for loaded programs,
 * one JSON line each: the instructions the verifier processed
 * (verified_insns, since 5.16; what "processed N insns" says), and the
 * jited and xlated sizes.  bpftool 7.1 does not show verified_insns.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct bpf_prog_info info;
		__u32 len = sizeof(info);
		int fd = bpf_obj_get(argv[i]);

		memset(&info, 0, sizeof(info));
		if (fd < 0 || bpf_obj_get_info_by_fd(fd, &info, &len)) {
			perror(argv[i]);
			return 1;
		}
		printf("{\"pin\":\"%s\",\"verified_insns\":%u,\"jited_len\":%u,\"xlated_len\":%u}\n",
		       argv[i], info.verified_insns, info.jited_prog_len,
		       info.xlated_prog_len);
	}
	return 0;
}
