// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The JSON reader of --merge.  Strict RFC 8259 syntax; strings are decoded
 * to UTF-8 (\u0000, and a lone surrogate, become U+FFFD, since C strings
 * end at NUL).  Input may come from a guest's serial port, so every failure
 * is a message, never a crash: nesting is capped, and a NUL byte is an error.
 * The tree it builds: json_tree.c.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bpf-validate.h"
#include "json.h"

#define MAX_DEPTH 64	/* bpf-validate's documents nest 5 deep */

struct parser {
	const char *p, *start, *end;
	char *why;
};

static void *fail(struct parser *ps, const char *what)
{
	if (!ps->why) {
		if (ps->p >= ps->end)
			ps->why = xasprintf("expecting %s, but the text ends at byte %zu",
					    what, (size_t)(ps->p - ps->start));
		else
			ps->why = xasprintf("expecting %s at byte %zu", what,
					    (size_t)(ps->p - ps->start));
	}
	return NULL;
}

static void skip_ws(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' ||
				   *ps->p == '\t' || *ps->p == '\r'))
		ps->p++;
}

static void put_utf8(char **out, size_t *len, unsigned cp)
{
	char *o = *out + *len;

	if (cp < 0x80) {
		o[0] = cp;
		*len += 1;
	} else if (cp < 0x800) {
		o[0] = 0xc0 | cp >> 6;
		o[1] = 0x80 | (cp & 0x3f);
		*len += 2;
	} else if (cp < 0x10000) {
		o[0] = 0xe0 | cp >> 12;
		o[1] = 0x80 | (cp >> 6 & 0x3f);
		o[2] = 0x80 | (cp & 0x3f);
		*len += 3;
	} else {
		o[0] = 0xf0 | cp >> 18;
		o[1] = 0x80 | (cp >> 12 & 0x3f);
		o[2] = 0x80 | (cp >> 6 & 0x3f);
		o[3] = 0x80 | (cp & 0x3f);
		*len += 4;
	}
}

static int hex4(const char *p, const char *end)
{
	int v = 0;

	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		int c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* The string at ps->p (on its opening quote), decoded; NULL on error. */
static char *parse_string(struct parser *ps)
{
	/* Decoded text is never longer than the escaped: \uXXXX is 6 bytes
	 * for at most 3, a surrogate pair 12 for 4. */
	const char *q = ++ps->p;
	size_t len = 0;
	char *out;

	while (q < ps->end && *q != '"')
		q += (*q == '\\' && q + 1 < ps->end) ? 2 : 1;
	out = xcalloc(1, q - ps->p + 1);
	for (;;) {
		unsigned char c;
		int cp, lo;

		if (ps->p >= ps->end) {
			free(out);
			return fail(ps, "'\"'");
		}
		c = *ps->p;
		if (c == '"') {
			ps->p++;
			out[len] = 0;
			return out;
		}
		if (c < 0x20) {
			free(out);
			return fail(ps, "no control character in a string");
		}
		if (c != '\\') {
			out[len++] = c;
			ps->p++;
			continue;
		}
		if (ps->end - ps->p < 2) {
			free(out);
			return fail(ps, "a valid escape");
		}
		c = ps->p[1];
		ps->p += 2;
		switch (c) {
		case 'n': out[len++] = '\n'; continue;
		case 't': out[len++] = '\t'; continue;
		case 'r': out[len++] = '\r'; continue;
		case 'b': out[len++] = '\b'; continue;
		case 'f': out[len++] = '\f'; continue;
		case '"': case '\\': case '/': out[len++] = c; continue;
		case 'u': break;
		default:
			ps->p -= 2;
			free(out);
			return fail(ps, "a valid escape");
		}
		cp = hex4(ps->p, ps->end);
		if (cp < 0) {
			ps->p -= 2;
			free(out);
			return fail(ps, "a valid escape");
		}
		ps->p += 4;
		if (cp >= 0xd800 && cp <= 0xdbff && ps->end - ps->p >= 6 &&
		    ps->p[0] == '\\' && ps->p[1] == 'u' &&
		    (lo = hex4(ps->p + 2, ps->end)) >= 0xdc00 && lo <= 0xdfff) {
			ps->p += 6;
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		} else if (cp >= 0xd800 && cp <= 0xdfff) {
			cp = 0xfffd;
		}
		if (cp == 0)
			cp = 0xfffd;
		put_utf8(&out, &len, cp);
	}
}

static bool is_digit(const char *p, const char *end)
{
	return p < end && *p >= '0' && *p <= '9';
}

static struct bv_jval *parse_number(struct parser *ps)
{
	const char *s = ps->p, *p = s;
	struct bv_jval *v;

	if (p < ps->end && *p == '-')
		p++;
	if (!is_digit(p, ps->end))
		return fail(ps, "a value");
	if (*p == '0')
		p++;
	else
		while (is_digit(p, ps->end))
			p++;
	if (p < ps->end && *p == '.') {
		if (!is_digit(++p, ps->end)) {
			ps->p = p;
			return fail(ps, "a digit");
		}
		while (is_digit(p, ps->end))
			p++;
	}
	if (p < ps->end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < ps->end && (*p == '+' || *p == '-'))
			p++;
		if (!is_digit(p, ps->end)) {
			ps->p = p;
			return fail(ps, "a digit");
		}
		while (is_digit(p, ps->end))
			p++;
	}
	v = bv_json_new(BVJ_NUM);
	v->s = xasprintf("%.*s", (int)(p - s), s);
	ps->p = p;
	return v;
}

static bool word(struct parser *ps, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n))
		return false;
	ps->p += n;
	return true;
}

static struct bv_jval *parse_value(struct parser *ps, int depth);

/* An object or array; ps->p is on its opening bracket. */
static struct bv_jval *parse_container(struct parser *ps, int depth)
{
	bool obj = *ps->p == '{';
	char close = obj ? '}' : ']';
	struct bv_jval *c = bv_json_new(obj ? BVJ_OBJ : BVJ_ARR);

	if (depth >= MAX_DEPTH) {
		bv_json_free(c);
		return fail(ps, "less nesting (64 levels at most)");
	}
	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return c;
	}
	for (;;) {
		struct bv_jval *v;
		char *key = NULL;

		skip_ws(ps);
		if (obj) {
			if (ps->p >= ps->end || *ps->p != '"')
				goto bad_key;
			key = parse_string(ps);
			if (!key)
				goto bad;
			skip_ws(ps);
			if (ps->p >= ps->end || *ps->p != ':') {
				free(key);
				fail(ps, "':'");
				goto bad;
			}
			ps->p++;
		}
		v = parse_value(ps, depth + 1);
		if (!v) {
			free(key);
			goto bad;
		}
		if (obj) {
			bv_json_add(c, key, v);
			free(key);
		} else {
			bv_json_push(c, NULL, v);
		}
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			return c;
		}
		if (ps->p >= ps->end || *ps->p != ',') {
			fail(ps, obj ? "',' or '}'" : "',' or ']'");
			goto bad;
		}
		ps->p++;
	}
bad_key:
	fail(ps, "a key");
bad:
	bv_json_free(c);
	return NULL;
}

static struct bv_jval *parse_value(struct parser *ps, int depth)
{
	struct bv_jval *v;

	skip_ws(ps);
	if (ps->p >= ps->end)
		return fail(ps, "a value");
	switch (*ps->p) {
	case '{':
	case '[':
		return parse_container(ps, depth);
	case '"': {
		char *s = parse_string(ps);

		if (!s)
			return NULL;
		v = bv_json_new(BVJ_STR);
		v->s = s;
		return v;
	}
	}
	if (word(ps, "true") || word(ps, "false")) {
		v = bv_json_new(BVJ_BOOL);
		v->s = xstrdup(ps->p[-1] == 'e' && ps->p[-2] == 'u' ? "true" : "false");
		return v;
	}
	if (word(ps, "null"))
		return bv_json_new(BVJ_NULL);
	return parse_number(ps);
}

struct bv_jval *bv_json_parse(const char *text, size_t len, char **why)
{
	struct parser ps = { .p = text, .start = text, .end = text + len };
	const char *nul = memchr(text, 0, len);
	struct bv_jval *v;

	*why = NULL;
	if (nul) {
		*why = xasprintf("a NUL byte at byte %zu", (size_t)(nul - text));
		return NULL;
	}
	v = parse_value(&ps, 0);
	if (v) {
		skip_ws(&ps);
		if (ps.p < ps.end) {
			ps.why = xasprintf("extra data at byte %zu", (size_t)(ps.p - text));
			bv_json_free(v);
			v = NULL;
		}
	}
	*why = ps.why;
	return v;
}
