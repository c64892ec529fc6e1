// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An annotated program's log against its __msg()s and __not_msg()s, as the
 * selftests' test_loader matches them (annot_run.c loads the program).
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "annot.h"

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
