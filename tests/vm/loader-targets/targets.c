// SPDX-License-Identifier: GPL-2.0
/* The loaders of file_slower.bpf.c and file_probe.bpf.c, doing what
 * libbpf-tools' fsslower does with its targets chosen at run time:
 *  fentry FUNC: retargets the fentry/fexit programs to FUNC
 *    (bpf_program__set_attach_target), loads and attaches them;
 *  kprobe FUNC: loads the kprobes, then attaches the read probes to FUNC
 *    if /proc/kallsyms has it, else falls back to generic_file_read_iter,
 *    and attaches xfs_open only where the kernel has xfs_file_open.
 * Prints what it did, one line each; exit 0 when the object loads, 1 when
 * not (attaching is printed: it needs kprobe events, which a sandboxed host
 * may lack).  tests/vm/loader-targets.t compares it with
 * bpf-validate's verdicts on each kernel. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>
#include "file_slower.skel.h"
#include "file_probe.skel.h"

#define FALLBACK "generic_file_read_iter"

/* As fsslower's and ksyms' readers: a text symbol of that name. */
static int kallsyms_has(const char *func)
{
	char line[512], name[256], type;
	FILE *f = fopen("/proc/kallsyms", "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %c %255s", &type, name) == 2 &&
			(type == 't' || type == 'T') && !strcmp(name, func);
	fclose(f);
	return found;
}

static int fentry(const char *func)
{
	struct file_slower_bpf *skel = file_slower_bpf__open();
	int err;

	if (!skel)
		return fprintf(stderr, "failed to open file_slower\n"), 1;
	err = bpf_program__set_attach_target(skel->progs.file_read_fentry, 0, func);
	if (!err)
		err = bpf_program__set_attach_target(skel->progs.file_read_fexit, 0, func);
	if (err) {
		printf("fentry: no BTF function %s (%s)\n", func, strerror(-err));
	} else if ((err = file_slower_bpf__load(skel))) {
		printf("fentry: load failed: %s\n", strerror(-err));
	} else {
		printf("fentry: loaded file_read_fentry, file_read_fexit at %s\n", func);
		printf("fentry: %s\n", file_slower_bpf__attach(skel) ? "attach FAILED" : "attached");
	}
	file_slower_bpf__destroy(skel);
	return err ? 1 : 0;
}

static struct bpf_link *attach(struct bpf_program *prog, int ret, const char *func)
{
	struct bpf_link *l = bpf_program__attach_kprobe(prog, ret, func);

	printf("kprobe: %s attached at %s%s\n", bpf_program__name(prog), func,
	       l ? "" : " FAILED");
	return l;
}

static int kprobe(const char *func)
{
	struct file_probe_bpf *skel = file_probe_bpf__open_and_load();
	struct bpf_link *l[3] = { 0 };

	if (!skel)
		return printf("kprobe: load failed: %s\n", strerror(errno)), 1;
	printf("kprobe: loaded file_read_entry, file_read_exit, xfs_open\n");
	if (!kallsyms_has(func)) {
		printf("kprobe: %s absent, falling back to %s\n", func, FALLBACK);
		func = FALLBACK;
	}
	l[0] = attach(skel->progs.file_read_entry, 0, func);
	l[1] = attach(skel->progs.file_read_exit, 1, func);
	if (kallsyms_has("xfs_file_open"))
		l[2] = attach(skel->progs.xfs_open, 0, "xfs_file_open");
	else
		printf("kprobe: xfs_file_open absent, xfs_open left off\n");
	for (int i = 0; i < 3; i++)
		bpf_link__destroy(l[i]);
	file_probe_bpf__destroy(skel);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "fentry"))
		return fentry(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "kprobe"))
		return kprobe(argv[2]);
	fprintf(stderr, "usage: targets fentry|kprobe FUNCTION\n");
	return 2;
}
