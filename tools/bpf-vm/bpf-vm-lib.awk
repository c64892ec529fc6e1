# bpf-vm-lib.awk: functions shared by bpf-vm-report and bpf-core-check.
# POSIX awk (tested with mawk: no strtonum, gensub or gawk arrays).  Run
# it with LC_ALL=C so that strings are bytes.
#
#   lib_init()            call first (the byte tables)
#   jstr(s)               s as a JSON string, escaped as Python's json.dump
#                         does by default (ensure_ascii: \uXXXX for non-ASCII)
#   jnull(s)              jstr(s), or null for the empty string
#   ulen(s)               length in characters (UTF-8), as Python's len()
#   ljust(s, w)           s padded with blanks to w characters
#   rtrim(s)              s without trailing white space
#   hex(s)                the number of a hexadecimal string (0x optional)
#   base_name(p)          the part after the last "/", as os.path.basename
#   jparse(text, root)    parses one JSON document (see below)
#
# jparse fills, for every value at PATH (root, then SUBSEP KEY for object
# members, SUBSEP INDEX for array elements, counted from 0):
#   JT[PATH]   its type: o(bject) a(rray) s(tring) n(umber) b(oolean) z(null)
#   JV[PATH]   a scalar's value (strings decoded to UTF-8 bytes)
#   JN[PATH]   how many members or elements an object or array has
#   JK[PATH, I] the Ith key of an object (in document order)
#   JS[PATH]   the value written back out as Python's json.dump writes it
#              (", " and ": " separators); jser(PATH) redoes it after a
#              change to JS of a member or element.
# It returns 1, or 0 with JERR set to the reason.

function lib_init(    i) {
	for (i = 1; i < 256; i++) {
		CHR[i] = sprintf("%c", i)
		ORD[CHR[i]] = i
	}
	HEXD = "0123456789abcdef"
}

function hex(s,    n, i) {
	s = tolower(s)
	sub(/^0x/, "", s)
	n = 0
	for (i = 1; i <= length(s); i++)
		n = n * 16 + index(HEXD, substr(s, i, 1)) - 1
	return n
}

function base_name(p) {
	sub(/.*\//, "", p)
	return p
}

function rtrim(s) {
	sub(/[ \t\r\n\f\v]+$/, "", s)
	return s
}

function ulen(s,    t) {
	t = s
	# UTF-8 continuation bytes 0x80-0xbf do not start a character.
	return length(s) - gsub(/[\200-\277]/, "", t)
}

function ljust(s, w,    n) {
	n = ulen(s)
	while (n++ < w)
		s = s " "
	return s
}

# print_table(T, rows, cols): T[0..rows, 1..cols] in columns two spaces
# apart, each as wide as its widest cell (row 0 is the header).
function print_table(T, rows, cols,    W, r, c, line) {
	for (c = 1; c <= cols; c++) {
		W[c] = 0
		for (r = 0; r <= rows; r++) if (ulen(T[r, c]) > W[c]) W[c] = ulen(T[r, c])
	}
	for (r = 0; r <= rows; r++) {
		line = ""
		for (c = 1; c <= cols; c++) line = line (c > 1 ? "  " : "") ljust(T[r, c], W[c])
		print rtrim(line)
	}
}

function u4hex(n) {
	return sprintf("\\u%04x", n)
}

function jstr(s,    out, i, n, c, o, len, cp, k, b) {
	if (s !~ /[^ -~]/ && s !~ /["\\]/)
		return "\"" s "\""
	out = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		o = ORD[c]
		if (c == "\"") out = out "\\\""
		else if (c == "\\") out = out "\\\\"
		else if (o == 10) out = out "\\n"
		else if (o == 13) out = out "\\r"
		else if (o == 9) out = out "\\t"
		else if (o == 8) out = out "\\b"
		else if (o == 12) out = out "\\f"
		else if (o < 32 || o == 127) out = out u4hex(o)
		else if (o < 128) out = out c
		else {
			# UTF-8 sequence -> code point; anything invalid -> U+FFFD.
			if (o >= 194 && o <= 223) { len = 2; cp = o - 192 }
			else if (o >= 224 && o <= 239) { len = 3; cp = o - 224 }
			else if (o >= 240 && o <= 244) { len = 4; cp = o - 240 }
			else len = 0
			for (k = 1; k < len; k++) {
				b = ORD[substr(s, i + k, 1)]
				if (b < 128 || b > 191) { len = 0; break }
				cp = cp * 64 + b - 128
			}
			if (len == 3 && (cp < 2048 || (cp >= 55296 && cp <= 57343))) len = 0
			if (len == 4 && (cp < 65536 || cp > 1114111)) len = 0
			if (len == 0) { out = out "\\ufffd"; continue }
			i += len - 1
			if (cp >= 65536) {
				cp -= 65536
				out = out u4hex(55296 + int(cp / 1024)) u4hex(56320 + cp % 1024)
			} else
				out = out u4hex(cp)
		}
	}
	return "\"" out "\""
}

function jnull(s) {
	return s == "" ? "null" : jstr(s)
}

# utf8(cp): the UTF-8 bytes of code point cp.
function utf8(cp) {
	if (cp < 128) return CHR[cp]
	if (cp < 2048) return CHR[192 + int(cp / 64)] CHR[128 + cp % 64]
	if (cp < 65536) return CHR[224 + int(cp / 4096)] CHR[128 + int(cp / 64) % 64] CHR[128 + cp % 64]
	return CHR[240 + int(cp / 262144)] CHR[128 + int(cp / 4096) % 64] CHR[128 + int(cp / 64) % 64] CHR[128 + cp % 64]
}

# ---- the parser: J is the text, JP the position, JL its length

function jparse(text, root) {
	J = text
	JP = 1
	JL = length(J)
	JERR = ""
	_jval(root)
	if (JERR != "") return 0
	_jws()
	if (JP <= JL) { JERR = "extra data at char " (JP - 1); return 0 }
	return 1
}

function _jfail(what) {
	if (JERR == "")
		JERR = "expecting " what " at char " (JP - 1)
	return ""
}

function _jws(    c) {
	while (JP <= JL) {
		c = substr(J, JP, 1)
		if (c != " " && c != "\n" && c != "\t" && c != "\r") break
		JP++
	}
}

function jser(path,    out, i, n, sep) {
	n = JN[path]
	if (JT[path] == "o") {
		out = "{"
		for (i = 0; i < n; i++)
			out = out (i ? ", " : "") jstr(JK[path, i]) ": " JS[path SUBSEP JK[path, i]]
		out = out "}"
	} else {
		out = "["
		for (i = 0; i < n; i++)
			out = out (i ? ", " : "") JS[path SUBSEP i]
		out = out "]"
	}
	JS[path] = out
	return out
}

function _jval(path,    c, n, k, m, s) {
	_jws()
	c = substr(J, JP, 1)
	if (c == "{") {
		JP++
		JT[path] = "o"
		n = 0
		_jws()
		if (substr(J, JP, 1) == "}") JP++
		else while (1) {
			_jws()
			if (substr(J, JP, 1) != "\"") return _jfail("a key")
			k = _jstring()
			if (JERR != "") return ""
			_jws()
			if (substr(J, JP, 1) != ":") return _jfail("':'")
			JP++
			if (!((path, k) in JSEEN)) {
				JSEEN[path, k] = 1
				JK[path, n++] = k
			}
			_jval(path SUBSEP k)
			if (JERR != "") return ""
			_jws()
			c = substr(J, JP, 1)
			JP++
			if (c == "}") break
			if (c != ",") { JP--; return _jfail("',' or '}'") }
		}
		JN[path] = n
		return jser(path)
	}
	if (c == "[") {
		JP++
		JT[path] = "a"
		n = 0
		_jws()
		if (substr(J, JP, 1) == "]") JP++
		else while (1) {
			_jval(path SUBSEP n++)
			if (JERR != "") return ""
			_jws()
			c = substr(J, JP, 1)
			JP++
			if (c == "]") break
			if (c != ",") { JP--; return _jfail("',' or ']'") }
		}
		JN[path] = n
		return jser(path)
	}
	if (c == "\"") {
		JT[path] = "s"
		JV[path] = _jstring()
		return JS[path] = jstr(JV[path])
	}
	s = substr(J, JP, 64)
	if (match(s, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/)) {
		JT[path] = "n"
		JV[path] = substr(s, 1, RLENGTH)
		JP += RLENGTH
		return JS[path] = JV[path]
	}
	if (substr(s, 1, 4) == "true" || substr(s, 1, 5) == "false") {
		JT[path] = "b"
		JV[path] = substr(s, 1, 4) == "true" ? "true" : "false"
		JP += length(JV[path])
		return JS[path] = JV[path]
	}
	if (substr(s, 1, 4) == "null") {
		JT[path] = "z"
		JV[path] = ""
		JP += 4
		return JS[path] = "null"
	}
	return _jfail("a value")
}

# _jstring: the decoded string at JP (which is on its opening quote).
function _jstring(    out, s, i, c, cp, lo) {
	JP++
	out = ""
	while (1) {
		if (JP > JL) { _jfail("'\"'"); return "" }
		s = substr(J, JP, 512)
		i = match(s, /["\\]/)
		if (i == 0) {
			if (s ~ /[\001-\037]/) { _jfail("no control character"); return "" }
			out = out s
			JP += length(s)
			continue
		}
		if (i > 1) {
			if (substr(s, 1, i - 1) ~ /[\001-\037]/) { _jfail("no control character"); return "" }
			out = out substr(s, 1, i - 1)
		}
		JP += i
		if (substr(s, i, 1) == "\"")
			return out
		c = substr(J, JP, 1)
		JP++
		if (c == "n") out = out "\n"
		else if (c == "t") out = out "\t"
		else if (c == "r") out = out "\r"
		else if (c == "b") out = out "\b"
		else if (c == "f") out = out "\f"
		else if (c == "\"" || c == "\\" || c == "/") out = out c
		else if (c == "u" && substr(J, JP, 4) ~ /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/) {
			cp = hex(substr(J, JP, 4))
			JP += 4
			if (cp >= 55296 && cp <= 56319 && substr(J, JP, 2) == "\\u" &&
			    substr(J, JP + 2, 4) ~ /^[dD][c-fC-F][0-9a-fA-F][0-9a-fA-F]$/) {
				lo = hex(substr(J, JP + 2, 4))
				JP += 6
				cp = 65536 + (cp - 55296) * 1024 + (lo - 56320)
			} else if (cp >= 55296 && cp <= 57343)
				cp = 65533
			if (cp == 0) cp = 65533	# awk strings cannot hold NUL
			out = out utf8(cp)
		} else { JP -= 2; _jfail("a valid escape"); return "" }
	}
}
