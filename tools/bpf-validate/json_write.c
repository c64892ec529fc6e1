// SPDX-License-Identifier: LGPL-2.1-or-later
/* JSON strings written to stdout, for every writer of a document
 * (report.c, compare_report.c, info.c, annot_out.c): valid UTF-8 whatever
 * bytes an object holds.  json.c reads JSON; this writes it. */
#include <stdio.h>

#include "bpf-validate.h"

/* Length of a valid UTF-8 sequence at S, or 0. */
static int utf8_len(const unsigned char *s)
{
	int n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

/* Object files may hold any bytes; JSON must stay valid UTF-8. */
void bv_json_str(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	while (*p) {
		int n = utf8_len(p);

		if (*p == '"' || *p == '\\') {
			printf("\\%c", *p);
		} else if (*p == '\n') {
			fputs("\\n", stdout);
		} else if (*p == '\t') {
			fputs("\\t", stdout);
		} else if (*p < 0x20 || *p == 0x7f) {
			printf("\\u%04x", *p);
		} else if (!n) {
			fputs("\\ufffd", stdout);
			n = 1;
		} else {
			fwrite(p, 1, n, stdout);
		}
		p += n ? n : 1;
	}
	putchar('"');
}

void bv_json_strlist(const struct bv_strlist *l)
{
	putchar('[');
	for (size_t i = 0; i < l->n; i++) {
		if (i)
			putchar(',');
		bv_json_str(l->v[i]);
	}
	putchar(']');
}
