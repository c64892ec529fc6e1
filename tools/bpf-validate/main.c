// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf-validate: check BPF objects statically, then in the running kernel's
 * verifier, one program at a time.  Exit codes follow Automake and
 * `meson test`: 0 pass, 1 fail, 77 skip (the kernel cannot verify here).
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "bpf-validate.h"
#include "core.h"
#include "bv-config.h"
#include "merge.h"

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

/* --attach-target PROG=FUNC; 1 (said) if it is not of that form. */
static int add_target(struct bv_opts *opts, char *arg)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1] || strchr(eq + 1, '=')) {
		fprintf(stderr, "bpf-validate: --attach-target takes PROGRAM=FUNCTION (the name its loader gives bpf_program__set_attach_target), not '%s'\n",
			arg);
		return 1;
	}
	opts->targets = realloc(opts->targets, (opts->ntargets + 1) * sizeof(*opts->targets));
	if (!opts->targets)
		return 1;
	opts->targets[opts->ntargets++] = arg;
	return 0;
}

/* An --attach-target naming no program of the objects: one line each. */
static bool unknown_targets(const struct bv_object *objs, size_t n,
			    const struct bv_opts *opts)
{
	bool bad = false;

	for (size_t t = 0; t < opts->ntargets; t++) {
		const char *a = opts->targets[t];
		size_t len = strcspn(a, "=");
		bool seen = false;

		for (size_t i = 0; i < n && !seen; i++)
			for (size_t k = 0; k < objs[i].nprogs && !seen; k++)
				seen = strlen(objs[i].progs[k].name) == len &&
				       !strncmp(objs[i].progs[k].name, a, len);
		if (!seen)
			fprintf(stderr, "bpf-validate: --attach-target %s: no program %.*s in the objects given\n",
				a, (int)len, a);
		bad |= !seen;
	}
	return bad;
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

/* A --merge option C with its argument ARG, into MO: the option's name;
 * NULL when C is none of them, "" (said) when ARG is not for it. */
static const char *merge_opt(int c, char *arg, struct bv_merge_opts *mo)
{
	char *end;

	switch (c) {
	case 'P': mo->policy = true; return "--policy";
	case 'H': mo->host_json = arg; return "--host-json";
	case 'D': mo->boot_dir = arg; return "--boot-dir";
	case 'N':
		mo->boots = strtol(arg, &end, 10);
		if (*end || !*arg || mo->boots < 0 || mo->boots > 4096) {
			fprintf(stderr, "bpf-validate: --boots takes a number of boots, not '%s'\n",
				arg);
			return "";
		}
		return "--boots";
	case 'G':
		mo->guest_objs = realloc(mo->guest_objs,
					 (mo->nguest_objs + 1) * sizeof(*mo->guest_objs));
		if (!mo->guest_objs)
			return "";
		mo->guest_objs[mo->nguest_objs++] = arg;
		return "--guest-object";
	case 'O': mo->only = arg; return "--object";
	case 'o': mo->optional = arg; return "--optional";
	case 'a': mo->alternatives = arg; return "--alternatives";
	case 'm': mo->kernels_min = arg; return "--kernels-min";
	case 'k': mo->kernels_only = arg; return "--kernels-only";
	}
	return NULL;
}

static const struct option long_opts[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "json-out", required_argument, NULL, 'J' },
	{ "tap", no_argument, NULL, 't' },
	{ "static-only", no_argument, NULL, 's' },
	{ "require-kernel", no_argument, NULL, 'r' },
	{ "endian", required_argument, NULL, 'e' },
	{ "require", required_argument, NULL, 'q' },
	{ "attach-target", required_argument, NULL, 'A' },
	{ "annotated-load-only", no_argument, NULL, 'U' },
	{ "test-run", no_argument, NULL, 'T' },
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

/* The modes and what the options ask of them. */
struct modes {
	bool merge, info;
	const char *merge_only;	/* an option that needs --merge */
};

/* The options into OPTS, MO and MD: -1 to go on, else the exit status. */
static int parse_opts(int argc, char **argv, struct bv_opts *opts,
		      struct bv_merge_opts *mo, struct modes *md)
{
	const char *m;
	int c;

	while ((c = getopt_long(argc, argv, "vhV", long_opts, NULL)) != -1) {
		switch (c) {
		case 'j': opts->format = BV_FMT_JSON; break;
		case 'J': opts->json_out = optarg; break;
		case 't': opts->format = BV_FMT_TAP; break;
		case 's': opts->static_only = true; break;
		case 'r':
			opts->require_kernel = true;
			opts->require_why = "--require-kernel";
			break;
		case 'e':
			if (!strcmp(optarg, "little")) {
				opts->endian = BV_ENDIAN_LITTLE;
			} else if (!strcmp(optarg, "big")) {
				opts->endian = BV_ENDIAN_BIG;
			} else {
				fprintf(stderr, "bpf-validate: --endian takes little or big, not '%s'\n",
					optarg);
				return 1;
			}
			break;
		case 'q':
			opts->require = realloc(opts->require,
						(opts->nrequire + 1) * sizeof(*opts->require));
			if (!opts->require)
				return 1;
			opts->require[opts->nrequire++] = optarg;
			break;
		case 'A':
			if (add_target(opts, optarg))
				return 1;
			break;
		case 'U': opts->annotated_load_only = true; break;
		case 'T': opts->test_run = true; break;
		case 'v': opts->verbose++; break;
		case 'C': opts->compare = true; break;
		case 'L': opts->labels[0] = optarg; break;
		case 'R': opts->labels[1] = optarg; break;
		case 'M': md->merge = true; break;
		case 'I': md->info = true; break;
		case 'h': bv_usage(stdout); return 0;
		case 'V':
			printf("bpf-validate (bpfbuild) %s, libbpf %s\n", BV_VERSION,
			       libbpf_version_string());
			return 0;
		default:
			m = merge_opt(c, optarg, mo);
			if (m && !*m)
				return 1;
			if (!m) {
				fputs("Try 'bpf-validate --help'.\n", stderr);
				return 1;
			}
			md->merge_only = m;
		}
	}
	return -1;
}

/* Options that belong to another mode than the one given: 1 (said). */
static int wrong_mode(const struct bv_opts *opts, const struct modes *md)
{
	if (md->merge_only && !md->merge) {
		fprintf(stderr, "bpf-validate: %s belongs to --merge; add --merge, or drop it\n",
			md->merge_only);
		return 1;
	}
	if ((opts->ntargets || opts->test_run) && (md->merge || md->info)) {
		fprintf(stderr, "bpf-validate: %s is for verifying objects; no %s with it\n",
			opts->ntargets ? "--attach-target" : "--test-run",
			md->merge ? "--merge" : "--info");
		return 1;
	}
	if (opts->json_out && (md->merge || md->info || opts->compare)) {
		fprintf(stderr, "bpf-validate: --json-out is for verifying objects; no %s with it\n",
			md->merge ? "--merge" : md->info ? "--info" : "--compare");
		return 1;
	}
	if (md->merge && md->info) {
		fputs("bpf-validate: --info and --merge are two modes; give one\n", stderr);
		return 1;
	}
	return 0;
}

/* The objects PATHS checked, reported; the exit status. */
static int check_objects(char **paths, size_t n, const struct bv_opts *opts)
{
	struct bv_object *objs = xcalloc(n, sizeof(*objs));
	bool skipped = false, *found = xcalloc(opts->nrequire, sizeof(*found));
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		struct bv_object *o = &objs[i];

		o->path = paths[i];
		bv_check_object(o, opts);
		mark_required(o, opts, found);
		o->exit = bv_object_exit(o);
		if (o->exit == EXIT_SKIP && opts->require_kernel)
			o->exit = 1;
		if (o->exit == 1)
			rc = 1;
		else if (o->exit == EXIT_SKIP && rc == 0)
			rc = EXIT_SKIP;
		if (bv_object_exit(o) == EXIT_SKIP && opts->require_kernel)
			skipped = true;
	}
	rc = unknown_targets(objs, n, opts) ? 1 : rc;
	for (size_t r = 0; r < opts->nrequire; r++)
		if (!found[r]) {
			fprintf(stderr, "bpf-validate: --require %s: no program of that name in the objects given\n",
				opts->require[r]);
			rc = 1;
		}
	free(found);
	if (skipped)
		fprintf(stderr, "bpf-validate: kernel verification could not run (%s), and %s makes that a failure\n",
			skip_reason(objs, n), opts->require_why);
	bv_report(objs, n, opts, rc);
	for (size_t i = 0; i < n; i++)
		bv_object_free(&objs[i]);
	free(objs);
	return rc;
}

int main(int argc, char **argv)
{
	struct bv_opts opts = { .labels = { "left", "right" } };
	struct bv_merge_opts mo = { 0 };
	struct modes md = { 0 };
	const char *ci = getenv("CI");
	int rc;

	/* bpf-core-check's body: its own words, from that script only. */
	if (argc > 1 && !strcmp(argv[1], "--core-check"))
		return bv_core_check(argc - 1, argv + 1);
	rc = parse_opts(argc, argv, &opts, &mo, &md);

	if (rc >= 0)
		return rc;
	if (wrong_mode(&opts, &md))
		return 1;
	if (md.merge)
		return run_merge(&opts, &mo, argv + optind, argc - optind);
	if (md.info && (opts.compare || opts.static_only || opts.format == BV_FMT_TAP)) {
		fprintf(stderr, "bpf-validate: --info only reads; no %s with it\n",
			opts.compare ? "--compare" : opts.static_only ? "--static-only" : "--tap");
		return 1;
	}
	if (optind >= argc) {
		fputs("bpf-validate: no object given; try 'bpf-validate --help'\n",
		      stderr);
		return 1;
	}
	if (md.info)
		return bv_info(argv + optind, argc - optind, opts.format == BV_FMT_JSON);
	if (!opts.require_kernel && ci && !strcmp(ci, "true")) {
		opts.require_kernel = true;
		opts.require_why = "CI=true";
	}
	/* Opened before any load: a FILE that cannot be written costs none. */
	if (opts.json_out) {
		opts.json_fd = open(opts.json_out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		if (opts.json_fd < 0) {
			fprintf(stderr, "bpf-validate: --json-out %s: cannot write it: %m\n",
				opts.json_out);
			return 1;
		}
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
		rc = bv_compare(argv + optind, argc - optind, &opts);
	} else {
		rc = check_objects(argv + optind, argc - optind, &opts);
	}
	free(opts.require);
	free(opts.targets);
	return rc;
}
