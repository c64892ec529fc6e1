# bpf-vm-lib.awk: functions for bpf-core-check's output.  POSIX awk
# (tested with mawk: no strtonum, gensub or gawk arrays).  Run it with
# LC_ALL=C so that strings are bytes.  It writes JSON, never reads it:
# reports are read by bpf-validate --merge.
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
#   print_table(T, rows, cols)  a table in columns

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
