# bpf-core-check.awk: the body of bpf-core-check (see there).  Needs
# bpf-vm-lib.awk.  Two modes, by the variable "mode":
#
# mode=analyze   input: the "object" and "relo" lines of bpf-validate --info
#                OBJ, then bpftool -d gen min_core_btf's output.
#                Variables: rc (bpftool's exit), obj, oi, ki.
#                Prints "K <TAB> oi <TAB> ki <TAB> ERROR" and one line per
#                relocation, sorted by section and index:
#                    R <TAB> oi <TAB> ki <TAB> SECTION <TAB> INDEX <TAB> KIND
#                      <TAB> SPEC <TAB> MATCHED <TAB> RESULT <TAB> PROGRAM
#                      <TAB> SOURCE <TAB> STATUS
#                Whether a relocation matched is bpftool's (libbpf's) word;
#                this only reads it, and fails (a K error) unless the log
#                names exactly the relocations the object holds, each with
#                the object's kind.
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
	# Which input this is, by name (an empty input has no first line).
	for (i = 1; i < ARGC; i++) FIDX[ARGV[i]] = i
	nrel = 0
}

{ nfile = FIDX[FILENAME] }

# bpf-validate --info: "relo SECTION INDEX KIND TYPE_ID ACCESS PROGRAM
# FILE:LINE", and "object PATH MACHINE ERROR".
mode == "analyze" && nfile == 1 {
	if ($1 == "relo") {
		HAVE[$2, $3] = 1
		HKIND[$2, $3] = $4
		PROG[$2, $3] = $7
		SRC[$2, $3] = $8
		nhave++
	} else if ($1 == "object" && $4 != "")
		INFOERR = $4
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

# coverage(): "" when bpftool's log named exactly the object's relocations,
# with their kinds; else why not.  A log in a wording this does not read
# would otherwise look like an object without relocations: "ok".
function coverage(    key, k, miss, extra, kind, fs, fi) {
	for (key in HAVE) {
		if (!(key in DECL)) {
			split(key, k, SUBSEP)
			if (!miss++ || k[1] "" < fs "" || (k[1] "" == fs "" && k[2] < fi)) {
				fs = k[1]; fi = k[2] + 0
			}
		} else if (KIND[key] != HKIND[key]) {
			split(key, k, SUBSEP)
			kind = k[1] " #" k[2] ": <" KIND[key] "> in the log, <" HKIND[key] "> in the object"
		}
	}
	for (key in DECL)
		if (!(key in HAVE)) extra++
	if (!miss && !extra && kind == "") return ""
	return "bpftool's log does not match the object's " nhave " CO-RE relocation(s) (" \
		(miss ? miss " not in the log, the first " fs " #" fi : extra ? extra " in the log only" : kind) \
		"): its debug output is in a form bpf-core-check does not read; check " bpftool
}

function analyze(    i, j, t, key, err, k, g, gt, status) {
	err = ""
	if (rc != 0)
		err = "bpftool gen min_core_btf failed: " (lastplain != "" ? lastplain : lastline != "" ? lastline : "exit " rc)
	if (err == "" && INFOERR != "")
		err = obj ": cannot read it: " INFOERR
	if (err == "")
		err = coverage()
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
	if (mode == "analyze")
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
