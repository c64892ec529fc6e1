#!/usr/bin/awk -f
# bpfbuild-validate-json.awk: reads one `bpf-validate --json` document
# (tools/bpf-validate/README.md) and prints what the host did not verify,
# one line each:
#   OBJ: PROG: host kernel refuses TYPE programs   (verdict "refused")
#   OBJ: not verified on the host: SKIP            (the object's "skip")
#   OBJ: PROG: no target on the host kernel        (verdict "no-target")
# Run it with LC_ALL=C: strings are bytes, passed through as they are.
# A document it cannot read ends it with exit 2 and one line on stderr, so
# that no verdict is ever guessed from a half-read document.
#
# A small JSON reader, not a pattern match on the text: a path may hold
# quotes, commas, braces or ": refused:".  seg[1..d] is the path to the
# value being read: keys in objects, indexes in arrays.

function fail(why) {
	printf "bpfbuild-validate-test: cannot read bpf-validate --json: %s\n", why > "/dev/stderr"
	bad = 1
	exit 2
}

# hexval(H): the value of four hex digits.
function hexval(h,    k, v) {
	v = 0
	for (k = 1; k <= 4; k++)
		v = v * 16 + index("0123456789abcdef", tolower(substr(h, k, 1))) - 1
	return v
}

# utf8(CP): the bytes of code point CP (bpf-validate escapes only control
# characters and U+FFFD).
function utf8(cp) {
	if (cp < 128)
		return sprintf("%c", cp)
	if (cp < 2048)
		return sprintf("%c%c", 192 + int(cp / 64), 128 + cp % 64)
	return sprintf("%c%c%c", 224 + int(cp / 4096), 128 + int(cp / 64) % 64, 128 + cp % 64)
}

# str(): the string starting at doc[pos] (a quote); leaves pos after it.
function str(    out, c, e, h) {
	out = ""
	pos++
	while (pos <= n) {
		c = substr(doc, pos, 1)
		if (c == "\"") {
			pos++
			return out
		}
		if (c == "\\") {
			e = substr(doc, pos + 1, 1)
			pos += 2
			if (e == "\"" || e == "\\" || e == "/") out = out e
			else if (e == "n") out = out "\n"
			else if (e == "t") out = out "\t"
			else if (e == "r") out = out "\r"
			else if (e == "b") out = out "\b"
			else if (e == "f") out = out "\f"
			else if (e == "u") {
				h = substr(doc, pos, 4)
				if (h !~ /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/)
					fail("bad \\u escape")
				out = out utf8(hexval(h))
				pos += 4
			} else
				fail("bad escape \\" e)
			continue
		}
		out = out c
		pos++
	}
	fail("unterminated string")
}

# scalar(): a number, true, false or null at pos ("" for null).
function scalar(    rest) {
	rest = substr(doc, pos)
	if (match(rest, /^(true|false|null|-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)/) == 0)
		fail("unexpected character '" substr(doc, pos, 1) "'")
	pos += RLENGTH
	return substr(rest, 1, RLENGTH) == "null" ? "" : substr(rest, 1, RLENGTH)
}

# value(V): a scalar or string read at depth d, whose path is seg[1..d].
function value(v) {
	if (d == 3 && seg[1] == "objects") {
		if (seg[3] == "path") path[seg[2]] = v
		else if (seg[3] == "skip") skip[seg[2]] = v
	} else if (d == 5 && seg[1] == "objects" && seg[3] == "programs") {
		k = seg[2] SUBSEP seg[4]
		if (seg[5] == "name") pname[k] = v
		else if (seg[5] == "type") ptype[k] = v
		else if (seg[5] == "verdict") pverdict[k] = v
		if (seg[4] + 1 > nprogs[seg[2]]) nprogs[seg[2]] = seg[4] + 1
	} else if (d == 1 && seg[1] == "exit")
		have_exit = 1
	if (d == 2 && seg[1] == "objects" && seg[2] + 1 > nobj) nobj = seg[2] + 1
}

# One line per program or object; newlines in names become blanks.
function line(s) {
	gsub(/[\n\r]/, " ", s)
	print s
}

{ doc = doc $0 "\n" }

END {
	if (bad) exit 2
	n = length(doc)
	pos = 1
	d = 0		# depth; kind[d] "{" or "["; want[d]: a key comes next
	top = 0
	while (pos <= n) {
		c = substr(doc, pos, 1)
		if (c ~ /[ \t\n\r]/) { pos++; continue }
		if (d > 0 && kind[d] == "{" && want[d] && c != "}") {
			if (c != "\"") fail("expected a key")
			seg[d] = str()
			while (substr(doc, pos, 1) ~ /[ \t\n\r]/) pos++
			if (substr(doc, pos, 1) != ":") fail("expected ':'")
			pos++
			want[d] = 0
			continue
		}
		if (d == 0 && top) fail("text after the document")
		if (c == "{" || c == "[") {
			if (d == 0) top = 1
			if (d == 2 && seg[1] == "objects" && seg[2] + 1 > nobj) nobj = seg[2] + 1
			kind[++d] = c
			want[d] = (c == "{")
			seg[d] = 0
			pos++
			if (c == "[") {
				while (substr(doc, pos, 1) ~ /[ \t\n\r]/) pos++
				if (substr(doc, pos, 1) == "]") { d--; pos++ }
			}
			continue
		}
		if (c == "}" || c == "]") {
			if (d == 0 || (c == "}") != (kind[d] == "{")) fail("unbalanced '" c "'")
			d--
			pos++
			continue
		}
		if (c == ",") {
			if (d == 0) fail("unexpected ','")
			if (kind[d] == "[") seg[d]++
			else want[d] = 1
			pos++
			continue
		}
		if (d == 0) fail("not a JSON object")
		value(c == "\"" ? str() : scalar())
	}
	if (!top || d != 0) fail("the document ends early")
	if (!have_exit) fail("no \"exit\": not bpf-validate's document")
	for (o = 0; o < nobj; o++) {
		if (skip[o] != "")
			line(path[o] ": not verified on the host: " skip[o])
		for (p = 0; p < nprogs[o]; p++)
			if (pverdict[o, p] == "refused")
				line(path[o] ": " pname[o, p] ": host kernel refuses " ptype[o, p] " programs")
			else if (pverdict[o, p] == "no-target")
				line(path[o] ": " pname[o, p] ": no target on the host kernel")
	}
}
