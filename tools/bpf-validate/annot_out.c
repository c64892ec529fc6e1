// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The annotations' judgement in each report (table, TAP, the JSON field
 * "annotation") and in the exit status: a program that behaves as annotated
 * is a pass, one that does not a failure, whatever the verifier said.
 */
#include <string.h>

#include "annot.h"

const char *bv_aresult_str(enum bv_aresult r)
{
	switch (r) {
	case BV_AR_AS_ANNOTATED:	return "as-annotated";
	case BV_AR_DIFFERS:		return "differs";
	case BV_AR_NOT_APPLICABLE:	return "not-applicable";
	case BV_AR_NOT_CHECKED:		return "not-checked";
	case BV_AR_AUXILIARY:		return "auxiliary";
	default:			return "not-run";
	}
}

int bv_annot_fails(const struct bv_prog *p)
{
	if (!p->annot)
		return -1;
	switch (p->annot->result) {
	case BV_AR_AS_ANNOTATED:
	case BV_AR_NOT_APPLICABLE:	/* test_progs skips it here */
		return 0;
	case BV_AR_DIFFERS:
		return 1;
	default:
		return -1;
	}
}

void bv_annot_json(const struct bv_prog *p)
{
	const struct bv_annot *a = p->annot;
	static const char *const expect[] = { "null", "\"success\"", "\"failure\"" };

	fputs(",\"annotation\":", stdout);
	if (!a) {
		fputs("null", stdout);
		return;
	}
	printf("{\"expect\":%s,\"result\":\"%s\",\"why\":", expect[a->expect],
	       bv_aresult_str(a->result));
	bv_json_str(a->why);
	for (int neg = 0; neg < 2; neg++) {
		bool first = true;

		printf(",\"%s\":[", neg ? "absent_messages" : "messages");
		for (size_t i = 0; i < a->nmsgs; i++)
			if (a->msgs[i].negative == neg) {
				fputs(first ? "" : ",", stdout);
				bv_json_str(a->msgs[i].text);
				first = false;
			}
		putchar(']');
	}
	fputs(",\"retval\":", stdout);
	if (a->execute && !a->any_retval)
		printf("%lld", a->retval);
	else
		fputs("null", stdout);
	fputs(",\"returned\":", stdout);
	if (a->ran)
		printf("%lld", a->got_retval);
	else
		fputs("null", stdout);
	printf(",\"flags_set\":%u,\"flags_cleared\":%u,\"log_level\":%d,\"description\":",
	       a->flags_set, a->flags_clear, a->log_level);
	bv_json_str(a->description);
	fputs(",\"not_checked\":", stdout);
	bv_json_strlist(&a->unchecked);
	putchar('}');
}

static const char *heading(enum bv_aresult r)
{
	switch (r) {
	case BV_AR_AS_ANNOTATED:	return "as annotated";
	case BV_AR_DIFFERS:		return "NOT as annotated";
	case BV_AR_NOT_APPLICABLE:	return "annotation not applicable here";
	case BV_AR_NOT_CHECKED:		return "annotation not checked";
	case BV_AR_AUXILIARY:		return "auxiliary (loaded with each annotated program)";
	default:			return "annotation not checked";
	}
}

void bv_annot_table(const char *path, const struct bv_prog *p)
{
	const struct bv_annot *a = p->annot;

	if (!a)
		return;
	printf("%s: %s: %s%s%s\n", path, p->name, heading(a->result),
	       a->why ? ": " : "", a->why ? a->why : "");
	for (size_t i = 0; i < a->unchecked.n; i++)
		printf("%s: %s: not checked: %s\n", path, p->name, a->unchecked.v[i]);
}

bool bv_annot_tap(size_t t, const char *path, const struct bv_prog *p)
{
	const struct bv_annot *a = p->annot;

	if (!a || (a->result != BV_AR_AS_ANNOTATED && a->result != BV_AR_DIFFERS &&
		   a->result != BV_AR_NOT_APPLICABLE))
		return false;
	printf("%s %zu - %s %s (%s)%s%s: %s\n",
	       a->result == BV_AR_DIFFERS ? "not ok" : "ok", t, path, p->name,
	       p->section, a->result == BV_AR_NOT_APPLICABLE ? " # SKIP " : ": ",
	       heading(a->result), a->why);
	for (size_t i = 0; i < a->unchecked.n; i++)
		printf("# not checked: %s\n", a->unchecked.v[i]);
	return true;
}

void bv_annot_summary(const struct bv_object *objs, size_t n)
{
	size_t cnt[BV_AR_AUXILIARY + 1] = { 0 }, total = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < objs[i].nprogs; k++)
			if (objs[i].progs[k].annot) {
				cnt[objs[i].progs[k].annot->result]++;
				total++;
			}
	if (total)
		printf("%zu annotated: %zu as annotated, %zu not as annotated, %zu not applicable here, %zu not checked\n",
		       total, cnt[BV_AR_AS_ANNOTATED], cnt[BV_AR_DIFFERS],
		       cnt[BV_AR_NOT_APPLICABLE],
		       cnt[BV_AR_NOT_CHECKED] + cnt[BV_AR_NOT_RUN] + cnt[BV_AR_AUXILIARY]);
}
