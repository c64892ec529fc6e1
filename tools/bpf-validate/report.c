// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Output: a table (default), one JSON document (--json) or TAP (--tap), all
 * on stdout; --json-out writes the JSON to its file as well, from the same
 * verdicts (one verifier run for both).  The JSON layout is an interface
 * other tools consume: add fields, never rename or remove them.
 */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "bpf-validate.h"

const char *bv_verdict_str(enum bv_verdict v)
{
	switch (v) {
	case BV_PASS:		return "pass";
	case BV_REJECTED:	return "rejected";
	case BV_REFUSED:	return "refused";
	case BV_NO_TARGET:	return "no-target";
	default:		return "not-run";
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s && s[1] ? s + 1 : path;
}

/* ---- JSON ---- */

static void json_num(const char *key, long v)
{
	printf(",\"%s\":", key);
	if (v < 0)
		fputs("null", stdout);
	else
		printf("%ld", v);
}

static void report_json(struct bv_object *objs, size_t n, int exit_code)
{
	struct utsname u;

	fputs("{\"objects\":[", stdout);
	for (size_t i = 0; i < n; i++) {
		struct bv_object *o = &objs[i];

		fputs(i ? ",\n{" : "\n{", stdout);
		fputs("\"path\":", stdout);
		bv_json_str(o->path);
		fputs(",\"error\":", stdout);
		bv_json_str(o->fatal);
		fputs(",\"static\":{\"errors\":", stdout);
		bv_json_strlist(&o->errors);
		fputs(",\"warnings\":", stdout);
		bv_json_strlist(&o->warnings);
		printf(",\"core_relocs\":%ld,\"btf\":%s,\"line_info\":%s}",
		       o->core_relocs, o->btf ? "true" : "false",
		       o->line_info ? "true" : "false");
		fputs(",\"skip\":", stdout);
		bv_json_str(o->skip);
		fputs(",\"prepared\":", stdout);
		bv_json_strlist(&o->preps);
		printf(",\"exit\":%d,\"programs\":[", o->exit);
		for (size_t k = 0; k < o->nprogs; k++) {
			struct bv_prog *p = &o->progs[k];

			fputs(k ? ",{" : "{", stdout);
			fputs("\"name\":", stdout);
			bv_json_str(p->name);
			fputs(",\"section\":", stdout);
			bv_json_str(p->section);
			fputs(",\"type\":", stdout);
			bv_json_str(p->type);
			printf(",\"verdict\":\"%s\",\"required\":%s",
			       bv_verdict_str(p->verdict),
			       p->required ? "true" : "false");
			json_num("insns", p->insns);
			json_num("states_total", p->states_total);
			json_num("states_peak", p->states_peak);
			json_num("stack_depth", p->stack_depth);
			json_num("verify_usec", p->verify_usec);
			json_num("jited_size", p->jited_size);
			fputs(",\"error\":", stdout);
			bv_json_str(p->error);
			fputs(",\"target_absent\":", stdout);
			bv_json_str(p->absent);
			fputs(",\"source\":", stdout);
			bv_json_str(p->source);
			fputs(",\"log\":", stdout);
			bv_json_strlist(&p->log_tail);
			bv_annot_json(p);
			putchar('}');
		}
		fputs("]}", stdout);
	}
	fputs("],\n\"kernel\":", stdout);
	bv_json_str(uname(&u) ? NULL : u.release);
	printf(",\"exit\":%d}\n", exit_code);
}

/* ---- table ---- */

/* A kprobe that loads though the kernel lacks its function. */
static const char *absent_note(const struct bv_prog *p)
{
	static char buf[320];

	snprintf(buf, sizeof(buf), "the kernel has no function %s; a kprobe loads without it (its loader attaches it elsewhere, or switches it off)",
		 p->absent);
	return buf;
}

static void cell_num(char *buf, size_t sz, long v)
{
	if (v < 0)
		snprintf(buf, sz, "-");
	else
		snprintf(buf, sz, "%ld", v);
}

#define NCOLS 9

static void row_cells(const struct bv_object *o, const struct bv_prog *p,
		      char cells[NCOLS][128])
{
	snprintf(cells[0], 128, "%s", base_name(o->path));
	snprintf(cells[1], 128, "%s", p->name);
	snprintf(cells[2], 128, "%s", p->section);
	snprintf(cells[3], 128, "%s", bv_verdict_str(p->verdict));
	cell_num(cells[4], 128, p->insns);
	if (p->states_total < 0)
		snprintf(cells[5], 128, "-");
	else
		snprintf(cells[5], 128, "%ld/%ld", p->states_total, p->states_peak);
	cell_num(cells[6], 128, p->stack_depth);
	cell_num(cells[7], 128, p->verify_usec);
	cell_num(cells[8], 128, p->jited_size);
}

static void report_table(struct bv_object *objs, size_t n,
			 const struct bv_opts *opts)
{
	static const char *head[NCOLS] = {
		"OBJECT", "PROGRAM", "SECTION", "VERDICT", "INSNS",
		"STATES(total/peak)", "STACK", "TIME(us)", "JITED",
	};
	char cells[NCOLS][128];
	int w[NCOLS];
	size_t npass = 0, nrej = 0, nref = 0, nnot = 0, nprogs = 0, nnt = 0;

	for (int c = 0; c < NCOLS; c++)
		w[c] = strlen(head[c]);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < objs[i].nprogs; k++) {
			row_cells(&objs[i], &objs[i].progs[k], cells);
			for (int c = 0; c < NCOLS; c++)
				if ((int)strlen(cells[c]) > w[c])
					w[c] = strlen(cells[c]);
		}
	for (int c = 0; c < NCOLS; c++)
		printf(c < 4 ? "%-*s  " : c < NCOLS - 1 ? "%*s  " : "%*s\n",
		       w[c], head[c]);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < objs[i].nprogs; k++) {
			row_cells(&objs[i], &objs[i].progs[k], cells);
			for (int c = 0; c < NCOLS; c++)
				printf(c < 4 ? "%-*s  " : c < NCOLS - 1 ? "%*s  " : "%*s\n",
				       w[c], cells[c]);
		}

	for (size_t i = 0; i < n; i++) {
		const struct bv_object *o = &objs[i];
		const char *name = o->path;

		if (o->fatal)
			continue;	/* said on stderr, once */
		printf("%s: info: BTF %s, line info %s, %ld CO-RE relocation%s\n",
		       name, o->btf ? "yes" : "no", o->line_info ? "yes" : "no",
		       o->core_relocs, o->core_relocs == 1 ? "" : "s");
		for (size_t k = 0; k < o->errors.n; k++)
			printf("%s: error: %s\n", name, o->errors.v[k]);
		for (size_t k = 0; k < o->warnings.n; k++)
			printf("%s: warning: %s\n", name, o->warnings.v[k]);
		if (o->skip)
			printf("%s: not verified: %s\n", name, o->skip);
		for (size_t k = 0; k < o->preps.n; k++)
			printf("%s: prepared: %s\n", name, o->preps.v[k]);
		for (size_t k = 0; k < o->nprogs; k++) {
			const struct bv_prog *p = &o->progs[k];

			if (p->verdict == BV_REJECTED)
				printf("%s: %s: rejected%s%s: %s\n", name, p->name,
				       p->source ? " at " : "",
				       p->source ? p->source : "", p->error);
			else if (p->verdict == BV_REFUSED)
				printf("%s: %s: refused: %s\n", name, p->name,
				       p->error);
			else if (p->absent && p->verdict == BV_PASS)
				printf("%s: %s: %s; target absent: %s\n", name, p->name,
				       bv_verdict_str(p->verdict), absent_note(p));
			else if (p->verdict == BV_NO_TARGET)
				printf("%s: %s: no target%s: %s\n", name, p->name,
				       p->required ? " (--require: a failure)" : "",
				       p->error);
			for (size_t l = 0; l < p->log_tail.n; l++)
				printf("    %s\n", p->log_tail.v[l]);
			bv_annot_table(name, p);
		}
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < objs[i].nprogs; k++) {
			nprogs++;
			switch (objs[i].progs[k].verdict) {
			case BV_PASS:		npass++; break;
			case BV_REJECTED:	nrej++; break;
			case BV_REFUSED:	nref++; break;
			case BV_NO_TARGET:	nnt++; break;
			default:		nnot++; break;
			}
		}
	printf("%zu object%s, %zu program%s: %zu pass, %zu rejected, %zu refused, %zu not run",
	       n, n == 1 ? "" : "s", nprogs, nprogs == 1 ? "" : "s",
	       npass, nrej, nref, nnot);
	if (nnt)	/* only then, so that earlier summaries read the same */
		printf(", %zu no target", nnt);
	printf("%s\n", opts->static_only ? " (--static-only)" : "");
	bv_annot_summary(objs, n);
}

/* ---- TAP ---- */

static void report_tap(struct bv_object *objs, size_t n,
		       const struct bv_opts *opts)
{
	size_t total = 0, t = 0;
	/* Under CI a verification that could not run is a failure. */
	const char *skip_ok = opts->require_kernel ? "not ok" : "ok";

	for (size_t i = 0; i < n; i++)
		total += 1 + objs[i].nprogs;
	printf("TAP version 13\n1..%zu\n", total);
	for (size_t i = 0; i < n; i++) {
		const struct bv_object *o = &objs[i];

		if (o->fatal) {
			printf("not ok %zu - %s: %s\n", ++t, o->path, o->fatal);
			continue;
		}
		printf("%s %zu - %s: static checks\n",
		       o->errors.n ? "not ok" : "ok", ++t, o->path);
		for (size_t k = 0; k < o->errors.n; k++)
			printf("# error: %s\n", o->errors.v[k]);
		for (size_t k = 0; k < o->warnings.n; k++)
			printf("# warning: %s\n", o->warnings.v[k]);
		for (size_t k = 0; k < o->preps.n; k++)
			printf("# prepared: %s\n", o->preps.v[k]);
		for (size_t k = 0; k < o->nprogs; k++) {
			const struct bv_prog *p = &o->progs[k];

			t++;
			switch (bv_annot_tap(t, o->path, p) ? -1 : (int)p->verdict) {
			case -1:	/* judged by its annotation */
				break;
			case BV_PASS:
				printf("ok %zu - %s %s (%s): %ld insns%s%s\n", t,
				       o->path, p->name, p->section, p->insns,
				       p->absent ? "; target absent: " : "",
				       p->absent ? absent_note(p) : "");
				break;
			case BV_REJECTED:
				printf("not ok %zu - %s %s (%s): rejected%s%s: %s\n",
				       t, o->path, p->name, p->section,
				       p->source ? " at " : "",
				       p->source ? p->source : "", p->error);
				break;
			case BV_REFUSED:
				printf("%s %zu - %s %s (%s) # SKIP refused: %s\n",
				       skip_ok, t, o->path, p->name, p->section,
				       p->error);
				break;
			case BV_NO_TARGET:
				if (p->required)
					printf("not ok %zu - %s %s (%s): no target (--require): %s\n",
					       t, o->path, p->name, p->section, p->error);
				else
					printf("ok %zu - %s %s (%s) # SKIP no target: %s\n",
					       t, o->path, p->name, p->section, p->error);
				break;
			default:
				if (p->error) /* unknown section: a static error */
					printf("not ok %zu - %s %s (%s): not run: %s\n",
					       t, o->path, p->name, p->section,
					       p->error);
				else if (opts->static_only)
					printf("ok %zu - %s %s (%s) # SKIP --static-only\n",
					       t, o->path, p->name, p->section);
				else
					printf("%s %zu - %s %s (%s) # SKIP not run: %s\n",
					       skip_ok, t, o->path, p->name,
					       p->section, o->skip ? o->skip : "");
			}
			for (size_t l = 0; l < p->log_tail.n; l++)
				printf("#   %s\n", p->log_tail.v[l]);
		}
	}
}

/* --json-out: the JSON writers print to stdout, so stdout is that file
 * while they run.  A write that fails is said: the reader then finds no
 * document, and fails on it. */
static void report_json_out(struct bv_object *objs, size_t n,
			    const struct bv_opts *opts, int exit_code)
{
	int out = dup(STDOUT_FILENO);

	if (out < 0 || dup2(opts->json_fd, STDOUT_FILENO) < 0) {
		fprintf(stderr, "bpf-validate: --json-out %s: %m\n", opts->json_out);
		if (out >= 0)
			close(out);
		return;
	}
	report_json(objs, n, exit_code);
	if (fflush(stdout))
		fprintf(stderr, "bpf-validate: --json-out %s: %m\n", opts->json_out);
	dup2(out, STDOUT_FILENO);
	close(out);
}

void bv_report(struct bv_object *objs, size_t n, const struct bv_opts *opts,
	       int exit_code)
{
	switch (opts->format) {
	case BV_FMT_JSON:
		report_json(objs, n, exit_code);
		break;
	case BV_FMT_TAP:
		report_tap(objs, n, opts);
		break;
	default:
		report_table(objs, n, opts);
	}
	fflush(stdout);
	if (opts->json_out)
		report_json_out(objs, n, opts, exit_code);
}
