// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An annotated program's __msg()s, __not_msg()s and __regex()s: compiled
 * (annot.c reads them), and matched against its log as the selftests'
 * test_loader matches them (annot_run.c loads the program).
 */
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "annot.h"

/* The copies a message's repetitions may make beyond what it writes: the
 * selftests' repeat a few characters a few times, and glibc's regcomp
 * takes 0.03 s for "a{1,1000}", 0.6 s for "a{1,4000}" (a copy each, and
 * their closures); one whose repetitions multiply takes memory and time
 * exponential in them ("l" with 20 "+": 734 MB). */
#define REPEATED_MAX 1024

/* The end of the bracket expression starting at RE ("[...]", "[^]...]",
 * "[[:alpha:]]"): its "]", or the string's end. */
static const char *bracket_end(const char *re)
{
	const char *p = re + 1, *close;

	p += *p == '^';
	p += *p == ']';
	for (; *p && *p != ']'; p++) {
		char end[3] = { p[1], ']', '\0' };	/* ":]", "=]" or ".]" */

		if (*p != '[' || !p[1] || !strchr(":=.", p[1]))
			continue;
		close = strstr(p + 2, end);
		if (!close)
			return p + strlen(p);
		p = close + 1;
	}
	return p;
}

/* The first back-reference ("\1" to "\9") of extended regular expression
 * RE, or NULL.  In a bracket expression a backslash is literal. */
static const char *backref(const char *re)
{
	for (const char *p = re; *p; p++) {
		if (*p == '[')
			p = bracket_end(p);
		else if (*p == '\\' && p[1] >= '1' && p[1] <= '9')
			return p;
		else if (*p == '\\' && p[1])
			p++;
		if (!*p)
			break;
	}
	return NULL;
}

/* The decimal number at *P, moved past it; at most 1e9. */
static double number(const char **p)
{
	double n = 0;

	for (; isdigit((unsigned char)**p); (*p)++)
		n = n < 1e9 ? n * 10 + (**p - '0') : n;
	return n;
}

/* The copies regcomp makes of the part an interval at P repeats ("{m}":
 * m, "{m,n}": n, "{m,}": m and a starred one), *END set to its "}"; 1,
 * and *END to P, when it is no interval (regcomp refuses it then). */
static double interval(const char *p, const char **end)
{
	const char *q = p + 1;
	double m = number(&q), n = m;

	*end = p;
	if (q == p + 1 && *q != ',')
		return 1;
	if (*q == ',') {
		q++;
		n = isdigit((unsigned char)*q) ? number(&q) : m + 1;
	}
	if (*q != '}')
		return 1;
	*end = q;
	return n > m ? n : m > 1 ? m : 1;
}

/* The positions glibc's regcomp builds for extended regular expression
 * RE: it copies a repeated part once per repetition ("x{3}" is "xxx", "x+"
 * "xx*"), so that repetitions multiply, nested or stacked ("x++" is four
 * copies, 30 "+" a billion).  Counting stops past LIMIT. */
static double positions(const char *re, double limit)
{
	size_t d = 0;
	double *total = xcalloc(strlen(re) + 1, sizeof(*total));	/* per open group */
	double *last = xcalloc(strlen(re) + 1, sizeof(*last));	/* what a repetition repeats */
	double k, n;

	for (const char *p = re; *p && total[0] <= limit; p++) {
		switch (*p) {
		case '(':
			d++;
			total[d] = last[d] = 0;
			continue;
		case ')':
			if (!d)
				break;	/* literal */
			n = total[d--] + 1;
			total[d] += n;
			last[d] = n;
			continue;
		case '|':
			last[d] = 0;
			continue;
		case '*':
		case '?':
			continue;
		case '+':
		case '{':
			k = *p == '+' ? 2 : interval(p, &p);
			total[d] += last[d] * (k - 1);
			last[d] *= k;
			continue;
		case '[':
			p = bracket_end(p);
			p -= !*p;	/* unclosed: the loop ends at the end */
			break;
		case '\\':
			p += !!p[1];
			break;
		}
		total[d] += 1;
		last[d] = 1;
	}
	for (n = total[0]; d; d--)
		n += total[d];
	free(total);
	free(last);
	return n;
}

/* "text{{regex}}text": the text outside the braces is literal.  NULL, or
 * why the message of tag TAG cannot be matched.  A back-reference is
 * refused: glibc's regexec then tries every split of each line, in time
 * exponential in the groups (19 s for a trace of 7 instructions), and the
 * selftests' messages are extended regular expressions without any. */
char *bv_annot_msg_compile(struct bv_amsg *m, const char *tag, const char *pat,
			   bool whole_regex)
{
	size_t len = strlen(pat);
	char *buf = xcalloc(1, 2 * len + 1), *o = buf, *why = NULL;
	const char *ref;
	bool in = whole_regex;

	for (const char *p = pat; *p;) {
		if (!whole_regex && !strncmp(p, in ? "}}" : "{{", 2)) {
			in = !in;
			p += 2;
			continue;
		}
		if (!in && strchr(".[]\\()*+?{}|^$", *p))
			*o++ = '\\';
		*o++ = *p++;
	}
	if (in && !whole_regex)
		why = xasprintf("the expected message '%s' is no valid regular expression", pat);
	else if ((ref = backref(buf)))
		why = xasprintf("%s(\"%s\") has a back-reference (%.2s), which is refused (its matching takes time exponential in its groups): write the message without back-references, as the kernel selftests write theirs",
				tag, pat, ref);
	else if (positions(buf, strlen(buf) + REPEATED_MAX) > strlen(buf) + REPEATED_MAX)
		why = xasprintf("%s(\"%s\") has repetitions that make over %d copies, which is refused (regcomp copies a repeated part once per repetition, and repetitions multiply): write the message with fewer, smaller repetitions, as the kernel selftests write theirs",
				tag, pat, REPEATED_MAX);
	else if (regcomp(&m->re, buf, REG_EXTENDED | REG_NEWLINE))
		why = xasprintf("the expected message '%s' is no valid regular expression", pat);
	free(buf);
	m->is_regex = !why;
	return why;
}

/* Positive messages in order, each after the previous one; a negative one
 * must not appear between the positive ones around it. */
static const char *find(const struct bv_amsg *m, const char *from,
			const char **end)
{
	regmatch_t r[1];
	const char *s;

	if (!m->is_regex) {
		s = strstr(from, m->text);
		*end = s ? s + strlen(m->text) : NULL;
		return s;
	}
	if (regexec(&m->re, from, 1, r, 0))
		return NULL;
	*end = from + r[0].rm_eo;
	return from + r[0].rm_so;
}

bool bv_annot_msgs_match(const struct bv_annot *a, const char *log, char **why)
{
	const char **start = xcalloc(a->nmsgs + 1, sizeof(*start));
	const char **stop = xcalloc(a->nmsgs + 1, sizeof(*stop));
	const char *cur = log, *end;
	bool ok = true;

	for (size_t i = 0; ok && i < a->nmsgs; i++) {
		if (a->msgs[i].negative)
			continue;
		start[i] = find(&a->msgs[i], cur, &end);
		if (!start[i]) {
			*why = xasprintf("expected message missing%s: '%s'",
					 cur != log ? " after the ones before it" : "",
					 a->msgs[i].text);
			ok = false;
		} else {
			stop[i] = cur = end;
		}
	}
	for (size_t i = 0; ok && i < a->nmsgs; i++) {
		const char *from = log, *to = log + strlen(log), *s;

		if (!a->msgs[i].negative)
			continue;
		for (size_t k = i; k-- > 0;)
			if (!a->msgs[k].negative) {
				from = stop[k];
				break;
			}
		for (size_t k = i + 1; k < a->nmsgs; k++)
			if (!a->msgs[k].negative) {
				to = start[k];
				break;
			}
		s = find(&a->msgs[i], from, &end);
		if (s && end <= to) {
			*why = xasprintf("unexpected message present: '%s'", a->msgs[i].text);
			ok = false;
		}
	}
	free(start);
	free(stop);
	return ok;
}
