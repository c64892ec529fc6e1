// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --core-check: one object on one kernel, from bpftool -d gen min_core_btf's
 * log.  Whether a relocation matched is bpftool's (libbpf's) word; this only
 * reads it, and fails (an error) unless the log names exactly the
 * relocations the object holds, each with the object's kind: a log in a
 * wording this does not read would otherwise look like an object without
 * relocations, "ok".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "core.h"

/* The run being read, and what the log said besides the relocations. */
struct logread {
	struct bv_core_run *run;
	char *lastline, *lastplain;	/* last non-blank line; not libbpf's */
};

static bool blank(const char *s)
{
	return s[strspn(s, " \t\r\n\f\v")] == '\0';
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Tabs and newlines become blanks: the fields are one line each. */
static char *clean(const char *s, size_t n)
{
	char *c = xcalloc(1, n + 1);

	memcpy(c, s, n);
	for (char *p = c; *p; p++)
		if (*p == '\t' || *p == '\n')
			*p = ' ';
	return c;
}

static struct bv_core_rel *find_rel(struct bv_core_run *run, const char *sec,
				    size_t seclen, unsigned long long idx)
{
	for (size_t i = 0; i < run->nrels; i++)
		if (run->rels[i].idx == idx && strlen(run->rels[i].sec) == seclen &&
		    !memcmp(run->rels[i].sec, sec, seclen))
			return &run->rels[i];
	return NULL;
}

/* RES after "relo #N: " starts with "<KIND> [ID] ": its length, or 0. */
static size_t decl_len(const char *res)
{
	size_t n = 1, k;

	if (res[0] != '<')
		return 0;
	k = strspn(res + n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!k || strncmp(res + n + k, "> [", 3))
		return 0;
	n += k + 3;
	k = strspn(res + n, "0123456789");
	if (!k || strncmp(res + n + k, "] ", 2))
		return 0;
	return n + k + 2;
}

/* "libbpf: prog 'SEC': relo #N: RES" */
static void log_line(struct logread *lr, const char *line)
{
	struct bv_core_run *run = lr->run;
	const char *sec = line + 14, *q, *num, *res;
	unsigned long long idx;
	struct bv_core_rel *r;
	size_t k, d;

	if (!blank(line)) {
		free(lr->lastline);
		lr->lastline = xstrdup(line);
		if (!starts(line, "libbpf: ")) {
			free(lr->lastplain);
			lr->lastplain = xstrdup(line);
		}
	}
	if (!starts(line, "libbpf: prog '") || !(q = strchr(sec, '\'')) ||
	    !starts(q + 1, ": relo #"))
		return;
	num = q + 9;
	k = strspn(num, "0123456789");
	if (!k || strncmp(num + k, ": ", 2))
		return;
	idx = strtoull(num, NULL, 10);
	res = num + k + 2;
	r = find_rel(run, sec, q - sec, idx);
	if ((d = decl_len(res))) {
		if (!r) {
			run->rels = realloc(run->rels, (run->nrels + 1) * sizeof(*run->rels));
			if (!run->rels)
				abort();
			r = &run->rels[run->nrels++];
			memset(r, 0, sizeof(*r));
			r->sec = clean(sec, q - sec);
			r->idx = idx;
		}
		free(r->kind);
		free(r->spec);
		free(r->result);
		r->kind = clean(res + 1, strcspn(res + 1, ">"));
		r->spec = clean(res + d, strlen(res + d));
		r->matched = false;
		r->result = NULL;
	} else if (r) {
		if (starts(res, "matching candidate"))
			r->matched = true;
		else if (!r->result && !starts(res, "non-matching candidate"))
			r->result = clean(res, strlen(res));
	}
}

static const struct bv_core_have *have_of(const struct bv_core_obj *o,
					  const struct bv_core_rel *r)
{
	for (size_t i = 0; i < o->nhave; i++)
		if (o->have[i].idx == r->idx && !strcmp(o->have[i].sec, r->sec))
			return &o->have[i];
	return NULL;
}

/* "" when the log named exactly the object's relocations, with their
 * kinds; else why not. */
static char *coverage(const struct bv_core_run *run, const struct bv_core_obj *o,
		      const char *bpftool)
{
	const struct bv_core_have *first = NULL;
	size_t miss = 0, extra = 0;
	char *kind = NULL, *why;

	for (size_t i = 0; i < o->nhave; i++) {
		const struct bv_core_have *h = &o->have[i];
		const struct bv_core_rel *r = NULL;

		for (size_t j = 0; j < run->nrels && !r; j++)
			if (run->rels[j].idx == h->idx && !strcmp(run->rels[j].sec, h->sec))
				r = &run->rels[j];
		if (!r) {
			int c = first ? strcmp(h->sec, first->sec) : 0;

			if (!miss++ || c < 0 || (c == 0 && h->idx < first->idx))
				first = h;
		} else if (strcmp(r->kind, h->kind) && !kind) {
			kind = xasprintf("%s #%llu: <%s> in the log, <%s> in the object",
					 h->sec, h->idx, r->kind, h->kind);
		}
	}
	for (size_t j = 0; j < run->nrels; j++)
		extra += !have_of(o, &run->rels[j]);
	if (!miss && !extra && !kind)
		return NULL;
	if (miss)
		why = xasprintf("%zu not in the log, the first %s #%llu", miss, first->sec, first->idx);
	else if (extra)
		why = xasprintf("%zu in the log only", extra);
	else
		why = xstrdup(kind);
	free(kind);
	kind = xasprintf("bpftool's log does not match the object's %zu CO-RE relocation(s) (%s): its debug output is in a form bpf-core-check does not read; check %s",
			 o->nhave, why, bpftool);
	free(why);
	return kind;
}

static int by_sec_idx(const void *a, const void *b)
{
	const struct bv_core_rel *x = a, *y = b;
	int c = strcmp(x->sec, y->sec);

	return c ? c : x->idx < y->idx ? -1 : x->idx > y->idx;
}

void bv_core_run_free(struct bv_core_run *run)
{
	for (size_t i = 0; i < run->nrels; i++) {
		free(run->rels[i].sec);
		free(run->rels[i].kind);
		free(run->rels[i].spec);
		free(run->rels[i].result);
	}
	free(run->rels);
	free(run->error);
}

/* The whole log: each line read, then the error, if any. */
static void read_log(struct logread *lr, const struct bv_core_obj *o, const char *log,
		     int rc, const char *bpftool)
{
	FILE *f = fopen(log, "r");
	char *line = NULL, *err = NULL;
	size_t cap = 0;
	ssize_t n;

	while (f && (n = getline(&line, &cap, f)) >= 0) {
		if (n && line[n - 1] == '\n')
			line[n - 1] = '\0';
		log_line(lr, line);
	}
	free(line);
	if (f)
		fclose(f);
	if (rc)
		err = lr->lastplain || lr->lastline ?
			xasprintf("bpftool gen min_core_btf failed: %s",
				  lr->lastplain ? lr->lastplain : lr->lastline) :
			xasprintf("bpftool gen min_core_btf failed: exit %d", rc);
	else if (o->error)
		err = xasprintf("%s: cannot read it: %s", o->path, o->error);
	else
		err = coverage(lr->run, o, bpftool);
	lr->run->error = err ? clean(err, strlen(err)) : NULL;
	free(err);
	free(lr->lastline);
	free(lr->lastplain);
}

/* An existence check: libbpf makes it "false" where the kernel lacks it. */
static bool is_exists(const char *kind)
{
	return !strcmp(kind, "field_exists") || !strcmp(kind, "type_exists") ||
	       !strcmp(kind, "enumval_exists") || !strcmp(kind, "type_matches");
}

/* What a check or a read is about: SPEC without " (ACCESS)" or " = VALUE". */
static size_t guard_len(const char *spec)
{
	const char *a = strstr(spec, " ("), *b;
	size_t n = a ? (size_t)(a - spec) : strlen(spec);

	b = strstr(spec, " = ");
	if (b && (size_t)(b - spec) < n)
		n = b - spec;
	return n;
}

/* A failed read behind a failed existence check of the same program on the
 * same field, type or enum value (or one holding it) is dead code the
 * verifier removes: "guarded". */
static bool guarded(const struct bv_core_run *run, const struct bv_core_rel *r)
{
	size_t k = guard_len(r->spec);

	for (size_t i = 0; i < run->nrels; i++) {
		const struct bv_core_rel *g = &run->rels[i];
		size_t n = guard_len(g->spec);

		if (!is_exists(g->kind) || g->matched || strcmp(g->prog, r->prog) ||
		    k < n || memcmp(r->spec, g->spec, n))
			continue;
		if (k == n || (k > n && r->spec[n] == '.') ||
		    (k > n + 1 && r->spec[n] == ':' && r->spec[n + 1] == ':'))
			return true;
	}
	return false;
}

void bv_core_analyze(struct bv_core_run *run, const struct bv_core_obj *o,
		     const char *log, int rc, const char *bpftool)
{
	struct logread lr = { .run = run };

	read_log(&lr, o, log, rc, bpftool);
	if (run->nrels)
		qsort(run->rels, run->nrels, sizeof(*run->rels), by_sec_idx);
	for (size_t i = 0; i < run->nrels; i++) {
		struct bv_core_rel *r = &run->rels[i];
		const struct bv_core_have *h = have_of(o, r);

		r->prog = h && h->prog[0] ? h->prog : r->sec;
		r->src = h ? h->src : "";
		if (!r->result)
			r->result = xstrdup(r->matched ? "matched" : "no match");
	}
	for (size_t i = 0; i < run->nrels; i++) {
		struct bv_core_rel *r = &run->rels[i];

		r->status = r->matched ? "ok" : is_exists(r->kind) ? "absent" :
			    guarded(run, r) ? "guarded" : "failed";
	}
}
