// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What the running kernel offers as attach targets: BTF functions, tracepoint
 * typedefs and kfuncs (vmlinux, then module BTF, as libbpf searches them),
 * and /proc/kallsyms for kprobes.  Loaded once, on first use.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "bpf-validate.h"
#include "compat.h"

static struct btf *vmlinux;
static struct btf **mods;
static size_t nmods;
static bool btf_loaded, mods_loaded;

static char **ksyms;	/* sorted */
static size_t nksyms;
static bool ksyms_loaded;

static void load_vmlinux(void)
{
	if (btf_loaded)
		return;
	btf_loaded = true;
	vmlinux = btf__load_vmlinux_btf();	/* NULL on error (libbpf 1.x) */
}

static void load_modules(void)
{
	__u32 id = 0;

	if (mods_loaded || !vmlinux)
		return;
	mods_loaded = true;
	while (!bpf_btf_get_next_id(id, &id)) {
		struct bpf_btf_info info;
		char name[64] = "";
		struct btf *b;
		struct btf **v;
		int fd = bpf_btf_get_fd_by_id(id);

		if (fd < 0)
			continue;
		memset(&info, 0, sizeof(info));
		info.name = (__u64)(unsigned long)name;
		info.name_len = sizeof(name);
		if (bv_btf_info(fd, &info) || !info.kernel_btf ||
		    !strcmp(name, "vmlinux")) {
			close(fd);
			continue;
		}
		close(fd);
		b = btf__load_from_kernel_by_id_split(id, vmlinux);
		if (!b)
			continue;
		v = realloc(mods, (nmods + 1) * sizeof(*v));
		if (!v) {
			btf__free(b);
			break;
		}
		mods = v;
		mods[nmods++] = b;
	}
}

int bv_kernel_has_btf(const char *name, int kind)
{
	load_vmlinux();
	if (!vmlinux)
		return -1;
	if (btf__find_by_name_kind(vmlinux, name, kind) > 0)
		return 1;
	load_modules();
	for (size_t i = 0; i < nmods; i++)
		if (btf__find_by_name_kind(mods[i], name, kind) > 0)
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_ksyms(void)
{
	FILE *f;
	char line[512];
	size_t cap = 0;

	if (ksyms_loaded)
		return;
	ksyms_loaded = true;
	f = fopen("/proc/kallsyms", "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char name[256];

		/* "ADDR TYPE NAME [MODULE]" */
		if (sscanf(line, "%*s %*s %255s", name) != 1)
			continue;
		if (nksyms == cap) {
			char **v = realloc(ksyms, (cap = cap ? cap * 2 : 4096) * sizeof(*v));

			if (!v)
				break;
			ksyms = v;
		}
		ksyms[nksyms++] = xstrdup(name);
	}
	fclose(f);
	qsort(ksyms, nksyms, sizeof(*ksyms), cmp_str);
}

int bv_kernel_has_symbol(const char *name)
{
	load_ksyms();
	if (!nksyms)
		return -1;
	return bsearch(&name, ksyms, nksyms, sizeof(*ksyms), cmp_str) != NULL;
}
