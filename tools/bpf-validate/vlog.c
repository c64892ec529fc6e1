// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Verifier log parsing.  With log_level 4 (BPF_LOG_STATS) the kernel ends
 * the log with, as veristat parses it:
 *   verification time N usec
 *   stack depth N[+N...]          (one term per subprogram)
 *   processed N insns (limit N) max_states_per_insn N total_states N peak_states N mark_read N
 * and newer kernels add lines of their own to that block (7.2: "stack depth
 * N max N", "insns processed N").  The block always begins with the
 * "verification time" line, so the complaint is what precedes that line,
 * whatever the lines after it say.
 * With log_level 1 it also traces instructions as "IDX: (OPCODE) ..." and,
 * when the program has line info, annotates them "; SOURCE @ FILE:LINE".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"

static bool is_stats_line(const char *l)
{
	return !strncmp(l, "processed ", 10) ||
	       !strncmp(l, "verification time ", 18) ||
	       !strncmp(l, "stack depth ", 12);
}

/* "12: (79) r1 = ..." -> 12 */
static long insn_index(const char *l)
{
	char *end;
	long idx;

	if (*l < '0' || *l > '9')
		return -1;
	idx = strtol(l, &end, 10);
	return end[0] == ':' && end[1] == ' ' && end[2] == '(' ? idx : -1;
}

static void parse_line(const char *l, struct bv_vlog *v)
{
	long a, b, c;

	if (sscanf(l, "processed %ld insns (limit %*d) max_states_per_insn %*d total_states %ld peak_states %ld",
		   &a, &b, &c) == 3) {
		v->insns = a;
		v->states_total = b;
		v->states_peak = c;
	} else if (sscanf(l, "verification time %ld usec", &a) == 1) {
		v->verify_usec = a;
	} else if (!strncmp(l, "stack depth ", 12)) {
		const char *s = l + 12;
		char *end;

		v->stack_depth = 0;
		for (;;) {
			v->stack_depth += strtol(s, &end, 10);
			if (end == s || *end != '+')
				break;
			s = end + 1;
		}
	} else if ((a = insn_index(l)) >= 0) {
		v->fail_insn = a;
	} else if (l[0] == ';') {
		const char *at = strstr(l, " @ ");

		/* the kernel prints "; <source text> @ <file>:<line>" */
		while (at && strstr(at + 3, " @ "))
			at = strstr(at + 3, " @ ");
		if (at) {
			free(v->kernel_source);
			v->kernel_source = xstrdup(at + 3);
		}
	}
}

void bv_vlog_parse(const char *log, struct bv_vlog *v)
{
	memset(v, 0, sizeof(*v));
	v->insns = v->states_total = v->states_peak = -1;
	v->stack_depth = v->verify_usec = v->fail_insn = -1;
	while (log && *log) {
		const char *nl = strchr(log, '\n');
		size_t n = nl ? (size_t)(nl - log) : strlen(log);
		char line[1024];

		if (n) {
			v->verifier_ran = true;
			if (n >= sizeof(line))
				n = sizeof(line) - 1;
			memcpy(line, log, n);
			line[n] = '\0';
			parse_line(line, v);
		}
		log = nl ? nl + 1 : log + strlen(log);
	}
}

/* The end of the log before its statistics block: the start of the last
 * "verification time" line (the block's first), else the log's end. */
static size_t before_stats(const char *log)
{
	static const char head[] = "verification time ";
	size_t end = strlen(log);

	while (end > 0) {
		size_t start = end;

		while (start > 0 && log[start - 1] != '\n')
			start--;
		if (!strncmp(log + start, head, sizeof(head) - 1))
			return start;
		end = start ? start - 1 : 0;
	}
	return strlen(log);
}

/* The last MAX non-empty lines before the statistics: the failing
 * instruction and the verifier's complaint.  Walks back from the end, as a
 * level-1 log can be megabytes long.  Known statistics lines are skipped
 * also where no "verification time" line heads them (a log cut short). */
void bv_vlog_error_lines(const char *log, struct bv_strlist *out, size_t max)
{
	char **keep = xcalloc(max, sizeof(*keep));
	size_t nkeep = 0, end;

	end = log ? before_stats(log) : 0;
	while (end > 0 && nkeep < max) {
		size_t start = end, n;
		char *line;

		while (start > 0 && log[start - 1] != '\n')
			start--;
		n = end - start;
		line = xcalloc(1, n + 1);
		memcpy(line, log + start, n);
		while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = '\0';
		if (n && !is_stats_line(line))
			keep[nkeep++] = line;
		else
			free(line);
		end = start ? start - 1 : 0;
	}
	while (nkeep)
		strlist_add(out, keep[--nkeep]);
	free(keep);
}
