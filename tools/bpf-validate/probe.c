// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Kernel probes with trivial in-memory programs ("r0 = 0; exit"):
 *  - can we run the verifier at all (privilege, bpf() available)?
 *  - does the host refuse a whole program type?  This host kernel, for one,
 *    refuses lsm/fentry/fexit/fmod_ret programs with EPERM even for root.  If
 *    the trivial program of the same type and attach target fails the same
 *    way, the failure says nothing about the program under test.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bpf-validate.h"
#include "compat.h"

static const struct bpf_insn ret0[] = {
	{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
	{ .code = BPF_JMP | BPF_EXIT },
};

/* Not const: newer libbpf writes log_true_size back into the options. */
static int load_trivial(enum bpf_prog_type type, struct bpf_prog_load_opts *o)
{
	int fd = bpf_prog_load(type, "bv_probe", "GPL", ret0,
			       sizeof(ret0) / sizeof(ret0[0]), o);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return -errno;
}

int bv_probe_kernel(char **why)
{
	static int done, err;

	if (!done) {
		LIBBPF_OPTS(bpf_prog_load_opts, o);

		/* XDP needs CAP_BPF + CAP_NET_ADMIN: an unprivileged socket
		 * filter might load where nothing else would. */
		err = load_trivial(BPF_PROG_TYPE_XDP, &o);
		done = 1;
	}
	if (!err)
		return 0;
	if (err == -EPERM || err == -EACCES)
		*why = xasprintf("bpf() denied (%s): the verifier needs CAP_BPF and CAP_NET_ADMIN/CAP_PERFMON, or root",
				 strerror(-err));
	else if (err == -ENOSYS)
		*why = xstrdup("this kernel has no bpf() system call");
	else
		*why = xasprintf("the kernel refuses even a trivial XDP program (%s)",
				 strerror(-err));
	return err;
}

/* The attach target follows the first '/', as in libbpf's SEC() names. */
static const char *attach_target(const char *section)
{
	const char *s = strchr(section, '/');

	return s && s[1] ? s + 1 : NULL;
}

static bool needs_btf_id(enum bpf_attach_type a)
{
	switch (a) {
	case BPF_TRACE_FENTRY:
	case BPF_TRACE_FEXIT:
	case BPF_MODIFY_RETURN:
	case BPF_LSM_MAC:
	case BPF_TRACE_ITER:
	case BPF_TRACE_RAW_TP:
		return true;
	default:
		return false;
	}
}

/* True if a trivial program of TYPE/ATTACH fails with the same ERR; its
 * target is TARGET, the loader's (--attach-target), else SECTION's. */
bool bv_probe_type_refused(enum bpf_prog_type type,
			   enum bpf_attach_type attach, const char *section,
			   const char *target, uint32_t prog_flags, int err)
{
	static struct {
		enum bpf_prog_type type;
		enum bpf_attach_type attach;
		int btf_id;
		uint32_t flags;
		int err;
	} cache[32];
	static size_t ncache;
	LIBBPF_OPTS(bpf_prog_load_opts, o,
		    .expected_attach_type = attach,
		    .prog_flags = prog_flags);
	int probe_err;

	if (type == BPF_PROG_TYPE_EXT)
		return false;	/* needs the target program: cannot prove */
	if (needs_btf_id(attach) &&
	    (type == BPF_PROG_TYPE_TRACING || type == BPF_PROG_TYPE_LSM)) {
		if (!target)
			target = attach_target(section);
		if (!target || strchr(target, ':'))	/* module targets */
			return false;
		o.attach_btf_id = libbpf_find_vmlinux_btf_id(target, attach);
		if ((int)o.attach_btf_id <= 0)
			return false;
	}
	for (size_t i = 0; i < ncache; i++)
		if (cache[i].type == type && cache[i].attach == attach &&
		    cache[i].btf_id == (int)o.attach_btf_id &&
		    cache[i].flags == prog_flags)
			return cache[i].err == err;
	probe_err = -load_trivial(type, &o);
	if (ncache < sizeof(cache) / sizeof(cache[0])) {
		cache[ncache].type = type;
		cache[ncache].attach = attach;
		cache[ncache].btf_id = o.attach_btf_id;
		cache[ncache].flags = prog_flags;
		cache[ncache].err = probe_err;
		ncache++;
	}
	return probe_err == err;
}
