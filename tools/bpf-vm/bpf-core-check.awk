# bpf-core-check.awk: the body of bpf-core-check (see there).  Needs
# bpf-vm-lib.awk.  Three modes, by the variable "mode":
#
# mode=sections  input: readelf -SW OBJ.  Prints "BTF_OFF BTF_SIZE
#                EXT_OFF EXT_SIZE" (decimal) when the object has both .BTF
#                and .BTF.ext.
#
# mode=info      input: readelf -SW OBJ, od -An -v -tu1 of .BTF, the same of
#                .BTF.ext, readelf -sW OBJ (in that order).  For every CO-RE
#                relocation in .BTF.ext prints
#                    R <TAB> SECTION <TAB> INDEX <TAB> PROGRAM <TAB> FILE:LINE
#                PROGRAM: the function symbol holding the relocated
#                instruction; FILE:LINE: the line info at or before it (the
#                compiler's attribution, as it is); either may be empty.
#
# mode=analyze   input: the info lines, then bpftool -d gen min_core_btf's
#                output.  Variables: rc (bpftool's exit), obj, oi, ki.
#                Prints "K <TAB> oi <TAB> ki <TAB> ERROR" and one line per
#                relocation, sorted by section and index:
#                    R <TAB> oi <TAB> ki <TAB> SECTION <TAB> INDEX <TAB> KIND
#                      <TAB> SPEC <TAB> MATCHED <TAB> RESULT <TAB> PROGRAM
#                      <TAB> SOURCE <TAB> STATUS
#                Whether a relocation matched is bpftool's (libbpf's) word;
#                this only reads it.
#
# mode=report    no input; ENVIRON: CORE_RECORDS (the analyze lines of all
#                objects and kernels), CORE_KNAMES (kernel names, one a line),
#                CORE_JSON (yes|no); ARGV: the objects.  Prints the table or
#                the JSON document and exits 0 or 1.

BEGIN {
	FS = "\t"
	lib_init()
	if (mode == "report") {
		report()
		exit final
	}
	if (mode == "sections" || mode == "info")
		FS = " "
	# Which input this is, by name (an empty input has no first line).
	for (i = 1; i < ARGC; i++) FIDX[ARGV[i]] = i
	nrel = 0
}

{ nfile = FIDX[FILENAME] }

# ---- readelf -SW: section index -> name, offsets of .BTF / .BTF.ext
(mode == "sections" || mode == "info") && nfile == 1 {
	if ($0 !~ /^ *\[ *[0-9]+\]/) next
	line = $0
	sub(/^ *\[ */, "", line)
	i = index(line, "]")
	idx = substr(line, 1, i - 1) + 0
	split(substr(line, i + 1), f, " ")
	SECNAME[idx] = idx == 0 ? "" : f[1]
	if (idx > 0 && (f[1] == ".BTF" || f[1] == ".BTF.ext")) {
		OFF[f[1]] = hex(f[4])
		SIZE[f[1]] = hex(f[5])
	}
	next
}

mode == "info" && nfile == 2 { for (i = 1; i <= NF; i++) B[nb++] = $i + 0; next }
mode == "info" && nfile == 3 { for (i = 1; i <= NF; i++) E[ne++] = $i + 0; next }
# readelf -sW:  "Num: Value Size Type Bind Vis Ndx Name"
mode == "info" && nfile == 4 {
	if (NF < 8 || $1 !~ /^[0-9]+:$/ || $4 != "FUNC" || $7 !~ /^[0-9]+$/) next
	sec = SECNAME[$7 + 0]
	n = NFUNC[sec]++
	FSTART[sec, n] = hex($2)
	FEND[sec, n] = FSTART[sec, n] + ($3 ~ /^0x/ ? hex($3) : $3 + 0)
	FNAME[sec, n] = $8
	next
}

mode == "analyze" && nfile == 1 {
	if ($1 == "R") {
		HAVE[$2, $3] = 1
		PROG[$2, $3] = $4
		SRC[$2, $3] = $5
	} else if ($1 == "E")
		INFOERR = $2
	next
}

mode == "analyze" && nfile == 2 {
	line = $0
	if (line ~ /[^ \t\r\n\f\v]/) {
		lastline = line
		if (substr(line, 1, 8) != "libbpf: ") lastplain = line
	}
	if (substr(line, 1, 14) != "libbpf: prog '") next
	rest = substr(line, 15)
	q = index(rest, "'")
	if (!q) next
	sec = substr(rest, 1, q - 1)
	rest = substr(rest, q + 1)
	if (substr(rest, 1, 8) != ": relo #" || !match(substr(rest, 9), /^[0-9]+: /)) next
	idx = substr(rest, 9, RLENGTH - 2) + 0
	res = substr(rest, 9 + RLENGTH)
	key = sec SUBSEP idx
	if (match(res, /^<[A-Za-z0-9_]+> \[[0-9]+\] /)) {
		# the relocation itself: "<KIND> [ID] SPEC"
		if (!(key in DECL)) {
			DECL[key] = 1
			RSEC[nrel] = sec
			RIDX[nrel++] = idx
		}
		KIND[key] = substr(res, 2, index(res, ">") - 2)
		SPEC[key] = substr(res, RLENGTH + 1)
		MATCHED[key] = 0
		RESULT[key] = ""
	} else if (key in DECL) {
		if (substr(res, 1, 18) == "matching candidate")
			MATCHED[key] = 1
		else if (RESULT[key] == "" && substr(res, 1, 22) != "non-matching candidate")
			RESULT[key] = res
	}
	next
}

# ---- the object's .BTF / .BTF.ext

function u32(A, p) {
	return A[p] + A[p + 1] * 256 + A[p + 2] * 65536 + A[p + 3] * 16777216
}

function cstr(off,    p, s) {
	p = BTF_STR + off
	s = ""
	while (p < nb && B[p] != 0)
		s = s CHR[B[p++]]
	return s
}

# walk(OFF, LEN, KIND): the records of one .BTF.ext info block, per section.
function walk(off, len, kind,    p, end, rec, sec, n, i) {
	if (!len) return
	p = EXT_HDR + off
	end = p + len
	rec = u32(E, p)
	p += 4
	while (p < end) {
		sec = cstr(u32(E, p))
		n = u32(E, p + 4)
		p += 8
		if (kind == "line") {
			LN[sec] = n
			for (i = 0; i < n; i++) {
				LOFF[sec, i] = u32(E, p)
				LFILE[sec, i] = cstr(u32(E, p + 4))
				LLINE[sec, i] = int(u32(E, p + 12) / 1024)
				p += rec
			}
		} else {
			if (!(sec in CN)) CSEC[ncsec++] = sec
			CN[sec] = n
			for (i = 0; i < n; i++) {
				COFF[sec, i] = u32(E, p)
				p += rec
			}
		}
		if (rec < 1) break
	}
}

# The same choice as sorting and taking the last that qualifies: the
# greatest (start, end, name) function holding the instruction, and the
# greatest (offset, file, line) line info at or before it.
function locate(sec, off,    i, best, src, bo, bf, bl) {
	best = ""
	for (i = 0; i < NFUNC[sec]; i++) {
		if (FSTART[sec, i] <= off && off < (FEND[sec, i] > FSTART[sec, i] ? FEND[sec, i] : FSTART[sec, i] + 1)) {
			if (best == "" || FSTART[sec, i] > FSTART[sec, best] ||
			    (FSTART[sec, i] == FSTART[sec, best] && (FEND[sec, i] > FEND[sec, best] ||
			     (FEND[sec, i] == FEND[sec, best] && FNAME[sec, i] "" > FNAME[sec, best] ""))))
				best = i
		}
	}
	LOC_PROG = best == "" ? "" : FNAME[sec, best]
	src = ""
	for (i = 0; i < LN[sec]; i++) {
		if (LOFF[sec, i] > off) continue
		if (src == "" || LOFF[sec, i] > bo || (LOFF[sec, i] == bo && (LFILE[sec, i] "" > bf "" ||
		    (LFILE[sec, i] "" == bf "" && LLINE[sec, i] > bl)))) {
			src = i
			bo = LOFF[sec, i]; bf = LFILE[sec, i]; bl = LLINE[sec, i]
		}
	}
	LOC_SRC = src == "" ? "" : bf ":" bl
}

# ---- analyze: statuses

function guard_key(spec,    i) {
	if ((i = index(spec, " ("))) spec = substr(spec, 1, i - 1)
	if ((i = index(spec, " = "))) spec = substr(spec, 1, i - 1)
	return spec
}

function is_exists(kind) {
	return kind == "field_exists" || kind == "type_exists" || kind == "enumval_exists" || kind == "type_matches"
}

function clean(s) {
	gsub(/[\t\n]/, " ", s)
	return s
}

function analyze(    i, j, t, key, err, k, g, gt, status) {
	err = ""
	if (rc != 0)
		err = "bpftool gen min_core_btf failed: " (lastplain != "" ? lastplain : lastline != "" ? lastline : "exit " rc)
	if (err == "" && INFOERR != "")
		err = obj ": cannot read BTF.ext: " INFOERR
	print "K\t" oi "\t" ki "\t" clean(err)
	# sort by (section, index)
	for (i = 1; i < nrel; i++)
		for (j = i; j > 0 && (RSEC[j - 1] "" > RSEC[j] "" || (RSEC[j - 1] "" == RSEC[j] "" && RIDX[j - 1] > RIDX[j])); j--) {
			t = RSEC[j]; RSEC[j] = RSEC[j - 1]; RSEC[j - 1] = t
			t = RIDX[j]; RIDX[j] = RIDX[j - 1]; RIDX[j - 1] = t
		}
	for (i = 0; i < nrel; i++) {
		key = RSEC[i] SUBSEP RIDX[i]
		RPROG[key] = (key in HAVE) && PROG[key] != "" ? PROG[key] : RSEC[i]
		RSRC[key] = (key in HAVE) ? SRC[key] : ""
		if (is_exists(KIND[key]) && !MATCHED[key])
			GUARD[RPROG[key], guard_key(SPEC[key])] = 1
	}
	for (i = 0; i < nrel; i++) {
		key = RSEC[i] SUBSEP RIDX[i]
		if (MATCHED[key]) status = "ok"
		else if (is_exists(KIND[key])) status = "absent"	# the check evaluates to false: fine
		else {
			status = "failed"
			k = guard_key(SPEC[key])
			for (g in GUARD) {
				split(g, gt, SUBSEP)
				if (gt[1] != RPROG[key]) continue
				if (k == gt[2] || substr(k, 1, length(gt[2]) + 1) == gt[2] "." ||
				    substr(k, 1, length(gt[2]) + 2) == gt[2] "::") {
					status = "guarded"
					break
				}
			}
		}
		if (RESULT[key] == "") RESULT[key] = MATCHED[key] ? "matched" : "no match"
		print "R\t" oi "\t" ki "\t" RSEC[i] "\t" RIDX[i] "\t" KIND[key] "\t" clean(SPEC[key]) "\t" \
			MATCHED[key] "\t" clean(RESULT[key]) "\t" RPROG[key] "\t" clean(RSRC[key]) "\t" status
	}
}

END {
	if (mode == "sections") {
		if ((".BTF" in OFF) && (".BTF.ext" in OFF))
			print OFF[".BTF"], SIZE[".BTF"], OFF[".BTF.ext"], SIZE[".BTF.ext"]
	} else if (mode == "info") {
		if (nb < 24 || ne < 8) exit
		BTF_STR = u32(B, 4) + u32(B, 16)
		EXT_HDR = u32(E, 4)
		walk(u32(E, 16), u32(E, 20), "line")
		if (EXT_HDR >= 32)
			walk(u32(E, 24), u32(E, 28), "core")
		for (s = 0; s < ncsec; s++) {
			sec = CSEC[s]
			for (i = 0; i < CN[sec]; i++) {
				locate(sec, COFF[sec, i])
				print "R\t" sec "\t" i "\t" LOC_PROG "\t" LOC_SRC
			}
		}
	} else if (mode == "analyze")
		analyze()
}

# ---- report

function report(    f, line, n, r, rf, o, k, i, c, out, ko, nk, key, bad, guarded, cell, lines, nl, ncols, nt) {
	json = ENVIRON["CORE_JSON"]
	nobj = ARGC - 1
	for (i = 1; i < ARGC; i++) OBJ[i] = ARGV[i]
	ARGC = 1
	nk = 0
	f = ENVIRON["CORE_KNAMES"]
	while ((getline line < f) > 0) KNAME[++nk] = line
	close(f)
	final = 0
	f = ENVIRON["CORE_RECORDS"]
	while ((getline line < f) > 0) {
		n = split(line, rf, "\t")
		o = rf[2]; k = rf[3]
		if (rf[1] == "K") {
			i = index(line, "\t"); line = substr(line, i + 1)
			i = index(line, "\t"); line = substr(line, i + 1)
			i = index(line, "\t")
			KERR[o, k] = substr(line, i + 1)
			NR_[o, k] = 0
			if (KERR[o, k] != "") final = 1
		} else if (rf[1] == "R") {
			i = NR_[o, k]++
			for (c = 4; c <= 12; c++) REL[o, k, i, c] = rf[c]
			if (rf[12] == "failed") final = 1
		}
	}
	close(f)

	if (json == "yes") {
		out = "{\"objects\": ["
		for (o = 1; o <= nobj; o++) {
			out = out (o > 1 ? ", " : "") "{\"path\": " jstr(OBJ[o]) ", \"kernels\": ["
			for (k = 1; k <= nk; k++) {
				out = out (k > 1 ? ", " : "") "{\"kernel\": " jstr(KNAME[k]) ", \"error\": " jnull(KERR[o, k]) ", \"relocations\": ["
				for (i = 0; i < NR_[o, k]; i++)
					out = out (i ? ", " : "") "{\"section\": " jstr(REL[o, k, i, 4]) ", \"index\": " REL[o, k, i, 5] \
						", \"kind\": " jstr(REL[o, k, i, 6]) ", \"spec\": " jstr(REL[o, k, i, 7]) \
						", \"matched\": " (REL[o, k, i, 8] ? "true" : "false") ", \"result\": " jstr(REL[o, k, i, 9]) \
						", \"program\": " jstr(REL[o, k, i, 10]) ", \"source\": " jnull(REL[o, k, i, 11]) \
						", \"status\": " jstr(REL[o, k, i, 12]) "}"
				out = out "]}"
			}
			out = out "]}"
		}
		print out "], \"exit\": " final "}"
		return
	}

	ncols = 2 + nk
	T[0, 1] = "OBJECT"; T[0, 2] = "RELOS"
	for (k = 1; k <= nk; k++) T[0, 2 + k] = KNAME[k]
	nl = 0
	for (o = 1; o <= nobj; o++) {
		ko = base_name(OBJ[o])
		n = 0
		for (k = 1; k <= nk; k++) if (NR_[o, k] > n) n = NR_[o, k]
		T[o, 1] = ko; T[o, 2] = n
		for (k = 1; k <= nk; k++) {
			bad = guarded = 0
			for (i = 0; i < NR_[o, k]; i++) {
				if (REL[o, k, i, 12] == "failed") bad++
				if (REL[o, k, i, 12] == "guarded") guarded++
			}
			if (KERR[o, k] != "") {
				cell = "error"
				LINES[++nl] = ko " on " KNAME[k] ": " KERR[o, k]
			} else if (bad)
				cell = "FAIL(" bad ")"
			else
				cell = "ok" (guarded ? " (" guarded " guarded)" : "")
			T[o, 2 + k] = cell
			for (i = 0; i < NR_[o, k]; i++)
				if (REL[o, k, i, 12] == "failed")
					LINES[++nl] = ko ": " REL[o, k, i, 10] ": relo #" REL[o, k, i, 5] " <" REL[o, k, i, 6] "> " \
						REL[o, k, i, 7] ": " REL[o, k, i, 9] " in kernel " KNAME[k] \
						(REL[o, k, i, 11] != "" ? " (" REL[o, k, i, 11] ")" : "")
		}
	}
	nt = nobj
	print_table(T, nt, ncols)
	for (i = 1; i <= nl; i++) print LINES[i]
}
