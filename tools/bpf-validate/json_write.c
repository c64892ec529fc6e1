// SPDX-License-Identifier: LGPL-2.1-or-later
/* JSON strings written to stdout, for every writer of a document
 * (report.c, compare_report.c, info.c, annot_out.c): valid UTF-8 whatever
 * bytes an object holds.  json.c reads JSON; this writes it. */
#include <stdio.h>
#include <string.h>

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

/* One code point as \uXXXX, a surrogate pair above the BMP. */
static void u_escape(unsigned long cp)
{
	if (cp >= 0x10000) {
		cp -= 0x10000;
		printf("\\u%04lx\\u%04lx", 0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
	} else {
		printf("\\u%04lx", cp);
	}
}

/* S as JSON in ASCII, as Python's json.dump writes it (ensure_ascii), and
 * DEL escaped too: bpf-core-check's document, byte for byte as it was. */
void bv_json_ascii(const char *s)
{
	static const char esc[] = "\"\"\\\\\nn\rr\tt\bb\ff";
	const unsigned char *p = (const unsigned char *)s;

	putchar('"');
	while (*p) {
		const char *e = *p < 0x80 ? strchr(esc, *p) : NULL;
		int n = utf8_len(p);
		unsigned long cp;

		if (e && (e - esc) % 2 == 0) {
			printf("\\%c", e[1]);
		} else if (*p < 0x20 || *p == 0x7f) {
			u_escape(*p);
		} else if (*p < 0x80) {
			putchar(*p);
		} else if (!n) {
			u_escape(0xfffd);
		} else {
			cp = *p & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
			for (int i = 1; i < n; i++)
				cp = cp << 6 | (p[i] & 0x3f);
			if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
			    (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
				cp = 0xfffd;
				n = 0;
			}
			u_escape(cp);
		}
		p += n ? n : 1;
	}
	putchar('"');
}
