// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf-validate: check BPF objects statically, then in the running kernel's
 * verifier, one program at a time.  Exit codes follow Automake and
 * `meson test`: 0 pass, 1 fail, 77 skip (the kernel cannot verify here).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "bpf-validate.h"
#include "bv-config.h"
#include "merge.h"

#define EXIT_SKIP 77

static void usage(FILE *f)
{
	fputs(
"Usage: bpf-validate [OPTION]... OBJECT...\n"
"   or: bpf-validate --compare [OPTION]... LEFT RIGHT [LEFT RIGHT]...\n"
"   or: bpf-validate --merge [OPTION]... [KERNEL=FILE]...\n"
"   or: bpf-validate --info [--json] OBJECT...\n"
"Check BPF ELF objects: static checks, then each program on its own in the\n"
"running kernel's verifier.\n"
"\n"
"  --json            one JSON document on stdout instead of a table\n"
"  --tap             TAP on stdout instead of a table\n"
"  --static-only     run only the static checks (no privilege needed)\n"
"  --require-kernel  fail (exit 1) where kernel verification cannot run;\n"
"                    implied by the environment CI=true\n"
"  --require PROG    a program PROG whose attach target the kernel lacks is a\n"
"                    failure, not only reported (repeatable)\n"
"  --endian ORDER    expect little or big endian objects (default: host)\n"
"  -v, --verbose     show libbpf's warnings (-vv: its debug output) on stderr\n"
"  --compare         compare the objects of two compilers, program by program\n"
"  --left-label L, --right-label R\n"
"                    name the two sides (default: left, right)\n"
"  --merge           merge per-kernel --json documents into one program x\n"
"                    kernel table (or --json); see below\n"
"  --info            what each object holds, read only: its sections, BTF,\n"
"                    programs and CO-RE relocations; see below\n"
"  -h, --help        show this help\n"
"  -V, --version     show the version\n"
"\n"
"Static checks (errors fail): ELF machine is BPF and byte order as expected;\n"
"every section index and string offset inside the file; at least one\n"
"program; a license section; every program section is one libbpf knows;\n"
".BTF parses; each program has func_info in .BTF.ext; no .rel.BTF.ext\n"
"relocation that matters (libbpf never applies them: gcc-bpf 12's type-11\n"
"ones for CO-RE offsets are an error; clang's and GCC 13+'s, against\n"
"sections, are not).\n"
"Warnings: a program without line_info (GCC before 15 emits none); absolute\n"
"build paths in BTF strings (not reproducible: use -ffile-prefix-map);\n"
"no .BTF at all, which is a warning, not an error: gcc-bpf 12 objects are\n"
"built without BTF because the kernel rejects gcc 12's BTF, and the kernel\n"
"still loads them.  CO-RE relocations are counted.\n"
"\n"
"Before loading, an object is prepared as its loader would prepare it, and\n"
"the report lists each change: maps sized at run time (max_entries 0) get\n"
"a small valid size (perf-event arrays one entry per CPU, ring buffers one\n"
"page); a key or value size left 0 gets one (a stack trace's value the\n"
"kernel's stack depth in frames, fd arrays 4 bytes, arrays and hashes a\n"
"4-byte key and 8-byte value), inner maps alike; an inner map left to the\n"
"loader gets a stand-in, pinning is dropped.\n"
"\n"
"Verdicts: pass; rejected (by the verifier, or libbpf before it); refused\n"
"(the host kernel refuses the whole program type: a trivial program of the\n"
"same type and attach target fails the same way); no-target (the kernel\n"
"lacks its fentry/fexit/lsm/tp_btf/iter target or a kfunc it calls, so its\n"
"loader would switch it off, or its kprobe function, though it verifies);\n"
"not-run.\n"
"\n"
"Exit status: 0 all pass (no-target counts as a pass unless --require'd);\n"
"1 a program rejected, a --require'd program without target, a static error\n"
"or an unreadable file; 77 the kernel cannot verify here (no privilege, bpf()\n"
"denied, program type refused by the host), after the static checks.\n"
"With CI=true or --require-kernel, 77 becomes 1.  --static-only exits 0 or 1.\n"
"\n"
"--compare takes the arguments in pairs, LEFT RIGHT: the same program built\n"
"by two compilers.  Each side is an OBJECT, or OBJECT=REASON when that\n"
"compiler did not build it (OBJECT need not exist; it names the row), or\n"
"\"-\" (not built, no reason).  It verifies both, matches their programs by\n"
"name and prints one row per program: instructions processed, peak states,\n"
"stack depth, jited and object size as LEFT/RIGHT (RIGHT/LEFT ratio), and\n"
"each side's verdict.  Rows that pass on exactly one side come first,\n"
"marked \"!!\".  Exit 0 when every built side passes, 1 when one is\n"
"rejected or unusable, 77 as above.\n"
"\n"
"--info prints tab-separated lines per object (or --json, one document):\n"
"  object PATH MACHINE ERROR; section NAME SIZE; btf TYPES LINE_INFO;\n"
"  program SECTION NAME OFFSET SIZE;\n"
"  relo SECTION INDEX KIND TYPE_ID ACCESS PROGRAM FILE:LINE\n"
"(KIND as libbpf names it; an empty field is unknown).  Exit 1 if an object\n"
"cannot be read, with one line on stderr.\n"
"\n"
"--merge reads each KERNEL=FILE (a document bpf-validate --json wrote on that\n"
"kernel) and prints one column per kernel, one row per program; --json gives\n"
"{\"kernels\", \"host\", \"range\", \"programs\" (verdicts per kernel), \"exit\"}.\n"
"  --host-json FILE  the host's document: the \"host\" column\n"
"  --boot-dir DIR, --boots N\n"
"                    also the N VM boots bpf-vm-verify left in DIR (k1.* ..)\n"
"  --guest-object PATH  the Nth one names the guest's /objs/N/ (repeatable)\n"
"  --object NAME     only the objects of this base name\n"
"  --policy          decide per program (below), not by the kernels' exits\n"
"  --require LIST, --optional LIST, --alternatives P,Q;R,S\n"
"                    programs (comma-separated) and groups of alternatives\n"
"  --kernels-min VERSION[,PROG=VERSION]..., --kernels-only KERNEL,...\n"
"                    kernels out of this range are not-applicable\n"
"With --policy, by default no kernel in range may reject a program, and a\n"
"missing attach target is reported, not failed; a --require'd program passes\n"
"on every kernel in range that verified it (pass, rejected, no-target), an\n"
"optional one on at least one, a group of alternatives one member on each\n"
"kernel where it is decided; a program verified on no kernel makes it 77; a\n"
"boot failure still fails.\n"
"Exit 0, 1 (a kernel failed, or the policy), 77 (a kernel could not verify;\n"
"1 under --require-kernel or CI=true).  A FILE that is no bpf-validate\n"
"--json document: one line on stderr, exit 1.\n",
	      f);
}

int bv_object_exit(const struct bv_object *o)
{
	bool skipped = o->skip != NULL;

	if (o->fatal || o->errors.n)
		return 1;
	for (size_t i = 0; i < o->nprogs; i++) {
		if (o->progs[i].verdict == BV_REJECTED ||
		    (o->progs[i].verdict == BV_NO_TARGET && o->progs[i].required))
			return 1;
		if (o->progs[i].verdict == BV_REFUSED)
			skipped = true;
	}
	return skipped ? EXIT_SKIP : 0;
}

/* Why kernel verification did not run, for the one-line CI message. */
static const char *skip_reason(const struct bv_object *objs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (objs[i].skip)
			return objs[i].skip;
		for (size_t k = 0; k < objs[i].nprogs; k++)
			if (objs[i].progs[k].verdict == BV_REFUSED)
				return objs[i].progs[k].error;
	}
	return "unknown";
}

static void mark_required(struct bv_object *o, const struct bv_opts *opts,
			  bool *found)
{
	for (size_t k = 0; k < o->nprogs; k++)
		for (size_t r = 0; r < opts->nrequire; r++)
			if (!strcmp(o->progs[k].name, opts->require[r])) {
				o->progs[k].required = true;
				found[r] = true;
			}
}

void bv_check_object(struct bv_object *o, const struct bv_opts *opts)
{
	struct bpf_object *obj = NULL;
	void *buf = NULL;
	size_t len = 0;

	if (bv_read_file(o->path, &buf, &len, &o->fatal) == 0 &&
	    bv_static_check(o, buf, len, opts, &obj) == 0)
		bv_verify(o, obj, buf, len, opts);
	if (o->fatal)
		fprintf(stderr, "bpf-validate: %s: %s\n", o->path, o->fatal);
	free(buf);
}

/* --merge: --require's programs become the policy's required list. */
static int run_merge(struct bv_opts *opts, struct bv_merge_opts *mo,
		     char **inputs, int ninputs)
{
	const char *ci = getenv("CI");
	char *req = xstrdup("");
	int rc;

	if (opts->format == BV_FMT_TAP || opts->compare || opts->static_only) {
		fprintf(stderr, "bpf-validate: --merge reads reports: no %s with it\n",
			opts->compare ? "--compare" : opts->static_only ? "--static-only" : "--tap");
		return 1;
	}
	if (mo->boots && !mo->boot_dir) {
		fputs("bpf-validate: --boots needs --boot-dir DIR, the directory of the boots\n",
		      stderr);
		return 1;
	}
	if (!mo->boots && !ninputs && !mo->host_json) {
		fputs("bpf-validate: --merge: nothing to merge; give KERNEL=FILE or --boot-dir with --boots\n",
		      stderr);
		return 1;
	}
	for (size_t r = 0; r < opts->nrequire; r++) {
		char *t = xasprintf("%s%s%s", req, *req ? "," : "", opts->require[r]);

		free(req);
		req = t;
	}
	mo->required = req;
	mo->json = opts->format == BV_FMT_JSON;
	mo->require_kernel = opts->require_kernel || (ci && !strcmp(ci, "true"));
	rc = bv_merge(inputs, ninputs, mo);
	free(req);
	free(mo->guest_objs);
	free(opts->require);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option long_opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "tap", no_argument, NULL, 't' },
		{ "static-only", no_argument, NULL, 's' },
		{ "require-kernel", no_argument, NULL, 'r' },
		{ "endian", required_argument, NULL, 'e' },
		{ "require", required_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "compare", no_argument, NULL, 'C' },
		{ "left-label", required_argument, NULL, 'L' },
		{ "right-label", required_argument, NULL, 'R' },
		{ "merge", no_argument, NULL, 'M' },
		{ "info", no_argument, NULL, 'I' },
		{ "policy", no_argument, NULL, 'P' },
		{ "host-json", required_argument, NULL, 'H' },
		{ "boot-dir", required_argument, NULL, 'D' },
		{ "boots", required_argument, NULL, 'N' },
		{ "guest-object", required_argument, NULL, 'G' },
		{ "object", required_argument, NULL, 'O' },
		{ "optional", required_argument, NULL, 'o' },
		{ "alternatives", required_argument, NULL, 'a' },
		{ "kernels-min", required_argument, NULL, 'm' },
		{ "kernels-only", required_argument, NULL, 'k' },
		{ 0 }
	};
	struct bv_opts opts = { .labels = { "left", "right" } };
	struct bv_merge_opts mo = { 0 };
	const char *merge_only = NULL;	/* an option that needs --merge */
	bool merge = false, info = false;
	char *end;
	struct bv_object *objs;
	const char *ci = getenv("CI");
	size_t n;
	bool skipped = false, *found;
	int c, rc = 0;

	while ((c = getopt_long(argc, argv, "vhV", long_opts, NULL)) != -1) {
		switch (c) {
		case 'j': opts.format = BV_FMT_JSON; break;
		case 't': opts.format = BV_FMT_TAP; break;
		case 's': opts.static_only = true; break;
		case 'r':
			opts.require_kernel = true;
			opts.require_why = "--require-kernel";
			break;
		case 'e':
			if (!strcmp(optarg, "little")) {
				opts.endian = BV_ENDIAN_LITTLE;
			} else if (!strcmp(optarg, "big")) {
				opts.endian = BV_ENDIAN_BIG;
			} else {
				fprintf(stderr, "bpf-validate: --endian takes little or big, not '%s'\n",
					optarg);
				return 1;
			}
			break;
		case 'q':
			opts.require = realloc(opts.require,
					       (opts.nrequire + 1) * sizeof(*opts.require));
			if (!opts.require)
				return 1;
			opts.require[opts.nrequire++] = optarg;
			break;
		case 'v': opts.verbose++; break;
		case 'C': opts.compare = true; break;
		case 'L': opts.labels[0] = optarg; break;
		case 'R': opts.labels[1] = optarg; break;
		case 'M': merge = true; break;
		case 'I': info = true; break;
		case 'P': mo.policy = true; merge_only = "--policy"; break;
		case 'H': mo.host_json = optarg; merge_only = "--host-json"; break;
		case 'D': mo.boot_dir = optarg; merge_only = "--boot-dir"; break;
		case 'N':
			mo.boots = strtol(optarg, &end, 10);
			if (*end || !*optarg || mo.boots < 0 || mo.boots > 4096) {
				fprintf(stderr, "bpf-validate: --boots takes a number of boots, not '%s'\n",
					optarg);
				return 1;
			}
			merge_only = "--boots";
			break;
		case 'G':
			mo.guest_objs = realloc(mo.guest_objs,
						(mo.nguest_objs + 1) * sizeof(*mo.guest_objs));
			if (!mo.guest_objs)
				return 1;
			mo.guest_objs[mo.nguest_objs++] = optarg;
			merge_only = "--guest-object";
			break;
		case 'O': mo.only = optarg; merge_only = "--object"; break;
		case 'o': mo.optional = optarg; merge_only = "--optional"; break;
		case 'a': mo.alternatives = optarg; merge_only = "--alternatives"; break;
		case 'm': mo.kernels_min = optarg; merge_only = "--kernels-min"; break;
		case 'k': mo.kernels_only = optarg; merge_only = "--kernels-only"; break;
		case 'h': usage(stdout); return 0;
		case 'V':
			printf("bpf-validate (bpfbuild) %s, libbpf %s\n", BV_VERSION,
			       libbpf_version_string());
			return 0;
		default:
			fputs("Try 'bpf-validate --help'.\n", stderr);
			return 1;
		}
	}
	if (merge_only && !merge) {
		fprintf(stderr, "bpf-validate: %s belongs to --merge; add --merge, or drop it\n",
			merge_only);
		return 1;
	}
	if (merge && info) {
		fputs("bpf-validate: --info and --merge are two modes; give one\n", stderr);
		return 1;
	}
	if (merge)
		return run_merge(&opts, &mo, argv + optind, argc - optind);
	if (info && (opts.compare || opts.static_only || opts.format == BV_FMT_TAP)) {
		fprintf(stderr, "bpf-validate: --info only reads; no %s with it\n",
			opts.compare ? "--compare" : opts.static_only ? "--static-only" : "--tap");
		return 1;
	}
	if (optind >= argc) {
		fputs("bpf-validate: no object given; try 'bpf-validate --help'\n",
		      stderr);
		return 1;
	}
	if (info)
		return bv_info(argv + optind, argc - optind, opts.format == BV_FMT_JSON);
	if (!opts.require_kernel && ci && !strcmp(ci, "true")) {
		opts.require_kernel = true;
		opts.require_why = "CI=true";
	}
	bv_libbpf_log_init(opts.verbose);
	if (opts.compare) {
		if (opts.format == BV_FMT_TAP || (argc - optind) % 2) {
			fputs(opts.format == BV_FMT_TAP ?
			      "bpf-validate: --compare has no --tap output; use the table or --json\n" :
			      "bpf-validate: --compare takes LEFT RIGHT pairs, and got an odd number of arguments\n",
			      stderr);
			return 1;
		}
		return bv_compare(argv + optind, argc - optind, &opts);
	}

	n = argc - optind;
	objs = xcalloc(n, sizeof(*objs));
	found = xcalloc(opts.nrequire, sizeof(*found));
	for (size_t i = 0; i < n; i++) {
		struct bv_object *o = &objs[i];

		o->path = argv[optind + i];
		bv_check_object(o, &opts);
		mark_required(o, &opts, found);
		o->exit = bv_object_exit(o);
		if (o->exit == EXIT_SKIP && opts.require_kernel)
			o->exit = 1;
		if (o->exit == 1)
			rc = 1;
		else if (o->exit == EXIT_SKIP && rc == 0)
			rc = EXIT_SKIP;
		if (bv_object_exit(o) == EXIT_SKIP && opts.require_kernel)
			skipped = true;
	}
	for (size_t r = 0; r < opts.nrequire; r++)
		if (!found[r]) {
			fprintf(stderr, "bpf-validate: --require %s: no program of that name in the objects given\n",
				opts.require[r]);
			rc = 1;
		}
	free(found);
	if (skipped)
		fprintf(stderr, "bpf-validate: kernel verification could not run (%s), and %s makes that a failure\n",
			skip_reason(objs, n), opts.require_why);
	bv_report(objs, n, &opts, rc);
	for (size_t i = 0; i < n; i++)
		bv_object_free(&objs[i]);
	free(objs);
	free(opts.require);
	return rc;
}
