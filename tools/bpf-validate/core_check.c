// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --core-check DIR --kernels N --bpftool NAME [--json] -- OBJ...: the body of
 * bpf-core-check, which runs bpftool -d gen min_core_btf for each object on
 * each kernel and leaves in DIR, for kernel J (1 to N) and object I (1 to
 * the number of objects):
 *   kJ.name       the kernel's name (a line)
 *   kJ.err        why the kernel cannot be checked (a line), or no file
 *   oI.kJ.log     bpftool's stdout, then its stderr
 *   oI.kJ.rc      bpftool's exit status
 * This reads the objects' relocations itself (as --info does) and prints
 * the table, or one JSON document; exit 0, or 1 when a relocation fails or
 * a kernel or object cannot be checked.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "core.h"

/* The first line of DIR/NAME without its newline, or NULL (no such file). */
static char *read_line(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *line = NULL;
	FILE *f = fopen(path, "r");
	size_t cap = 0;
	ssize_t n;

	free(path);
	if (!f)
		return NULL;
	n = getline(&line, &cap, f);
	fclose(f);
	if (n < 0) {
		free(line);
		return xstrdup("");
	}
	while (n && line[n - 1] == '\n')
		line[--n] = '\0';
	return line;
}

static int usage_error(const char *why)
{
	fprintf(stderr, "bpf-validate: --core-check: %s (it is bpf-core-check's body: run that)\n", why);
	return 1;
}

/* Kernel K of object O: from its files in DIR. */
static void check_one(struct bv_core_run *run, const struct bv_core_obj *o, size_t oi,
		      size_t k, const char *dir, const char *bpftool)
{
	char *name = xasprintf("k%zu.err", k + 1), *err = read_line(dir, name), *rc, *log;

	free(name);
	if (err) {
		run->error = err[0] ? err : NULL;
		if (!err[0])
			free(err);
		return;
	}
	name = xasprintf("o%zu.k%zu.rc", oi + 1, k + 1);
	rc = read_line(dir, name);
	free(name);
	log = xasprintf("%s/o%zu.k%zu.log", dir, oi + 1, k + 1);
	bv_core_analyze(run, o, log, rc ? atoi(rc) : 1, bpftool);
	free(log);
	free(rc);
}

static int run_checks(const char *dir, size_t nk, const char *bpftool, bool json,
		      char **paths, size_t nobj)
{
	struct bv_core_obj *objs = xcalloc(nobj + 1, sizeof(*objs));
	struct bv_core_run *runs = xcalloc(nobj * nk + 1, sizeof(*runs));
	char **knames = xcalloc(nk + 1, sizeof(*knames));
	int rc;

	for (size_t k = 0; k < nk; k++) {
		char *name = xasprintf("k%zu.name", k + 1);

		knames[k] = read_line(dir, name);
		free(name);
		if (!knames[k])
			knames[k] = xstrdup("");
	}
	for (size_t o = 0; o < nobj; o++) {
		objs[o].path = paths[o];
		bv_info_core(&objs[o]);
		for (size_t k = 0; k < nk; k++)
			check_one(&runs[o * nk + k], &objs[o], o, k, dir, bpftool);
	}
	rc = json ? bv_core_json(objs, nobj, knames, nk, runs) :
		    bv_core_table(objs, nobj, knames, nk, runs);
	for (size_t o = 0; o < nobj; o++) {
		for (size_t k = 0; k < nk; k++)
			bv_core_run_free(&runs[o * nk + k]);
		bv_core_obj_free(&objs[o]);
	}
	for (size_t k = 0; k < nk; k++)
		free(knames[k]);
	free(knames);
	free(runs);
	free(objs);
	return rc;
}

/* ARGV[0] is "--core-check". */
int bv_core_check(int argc, char **argv)
{
	const char *dir = NULL, *bpftool = NULL;
	unsigned long nk = 0;
	bool json = false;
	char *end;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--json")) {
			json = true;
		} else if (i + 1 < argc && !strcmp(argv[i], "--kernels")) {
			errno = 0;
			nk = strtoul(argv[++i], &end, 10);
			if (errno || *end || !nk)
				return usage_error("--kernels takes a number above 0");
		} else if (i + 1 < argc && !strcmp(argv[i], "--bpftool")) {
			bpftool = argv[++i];
		} else if (i == 1) {
			dir = argv[i];
		} else {
			return usage_error("unknown argument");
		}
	}
	if (!dir || !nk || !bpftool || i + 1 >= argc)
		return usage_error("give DIR --kernels N --bpftool NAME -- OBJ...");
	return run_checks(dir, nk, bpftool, json, argv + i + 1, argc - i - 1);
}
