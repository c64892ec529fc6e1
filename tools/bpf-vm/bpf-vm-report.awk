# bpf-vm-report.awk: the body of bpf-vm-report (see there).  Needs
# bpf-vm-lib.awk and bpf-vm-policy.awk.  Variables: work, count, json
# (yes|no), require (yes|no), policy (yes|no), hostjson (a file or "");
# ARGV[1..]: the objects as given to bpf-vm-verify.  Everything happens in
# BEGIN: the work files are read with getline.

function slurp(path,    line, out, n) {
	out = ""
	n = 0
	while ((getline line < path) > 0)
		out = out (n++ ? "\n" : "") line
	close(path)
	return out
}

function strip(s) {
	sub(/^[ \t\r\n\f\v]+/, "", s)
	return rtrim(s)
}

# /objs/N/BASENAME -> the Nth object given on the command line
function guest_to_host(path,    p, n, i) {
	n = split(path, p, "/")
	if (n == 4 && p[1] == "" && p[2] == "objs" && p[3] ~ /^[0-9]+$/) {
		i = p[3] + 0
		if (i >= 1 && i <= nobjs)
			return OBJ[i]
	}
	return path
}

# secs_json(s): a number of seconds as Python writes a float, or null.
function secs_json(s) {
	if (s ~ /^[0-9]+$/) return (s + 0) ".0"
	if (s ~ /^[0-9]*\.[0-9]+$/) {
		sub(/^0+/, "", s)
		sub(/^\./, "0.", s)
		while (s ~ /\.[0-9]*[0-9]0$/) sub(/0$/, "", s)
		return s
	}
	return "null"
}

# read_kernel(n): fills K*[n] from the work files of boot n.
function read_kernel(n,    base, data, line, m, i, word, rest, body, in_json, rc, doc, o, root) {
	base = ENVIRON["BPFVM_WORK"] "/k" n
	KNAME[n] = strip(slurp(base ".name"))
	KZ[n] = strip(slurp(base ".vmlinuz"))
	KREL[n] = ""; KRELSET[n] = 0
	KLSM[n] = ""; KLSMSET[n] = 0
	KERR[n] = strip(slurp(base ".error"))
	KEXIT[n] = 1
	KNOBJ[n] = 0
	KNERR[n] = 0
	KSECS[n] = secs_json(strip(slurp(base ".secs")))
	body = ""; in_json = 0; rc = ""
	data = base ".data"
	while ((getline line < data) > 0) {
		gsub(/\r/, "", line)
		if (substr(line, 1, 8) == "@@BPFVM ") {
			rest = substr(line, 9)
			i = index(rest, " ")
			if (i) { word = substr(rest, 1, i - 1); rest = substr(rest, i + 1) }
			else { word = rest; rest = "" }
			if (word == "release") { KREL[n] = rest; KRELSET[n] = 1 }
			else if (word == "lsm") { KLSM[n] = rest; KLSMSET[n] = 1 }
			else if (word == "begin") in_json = 1
			else if (word == "end") {
				in_json = 0
				rc = strip(rest) ~ /^[0-9]+$/ ? strip(rest) + 0 : ""
			} else if (word == "stderr")
				KSTDERR[n, KNERR[n]++] = rest
		} else if (in_json)
			body = body line "\n"
	}
	close(data)
	if (KERR[n] == "") {
		if (rc == "")
			KERR[n] = "the guest's output is incomplete"
		else {
			root = "k" n
			if (!jparse(body, root) || JT[root] != "o") {
				if (JERR == "") JERR = "not a JSON object"
				if (rc == 132)	# SIGILL: the host's binaries outran the emulated CPU
					KERR[n] = "the guest's validator died of an illegal instruction: " \
						"it or a library it loads was built for a CPU this VM does not " \
						"emulate (-march=native? TCG has no AVX-512); use KVM (-cpu host), " \
						"or a bpf-validate built for x86-64-v3 or older"
				else
					KERR[n] = "the guest's validator printed no JSON (exit " rc "): " \
						(KNERR[n] ? KSTDERR[n, 0] : JERR)
			} else {
				if (JT[root, "objects"] == "a") {
					KNOBJ[n] = JN[root, "objects"]
					for (i = 0; i < KNOBJ[n]; i++) {
						o = root SUBSEP "objects" SUBSEP i
						if (JT[o] != "o") continue
						if (!((o, "path") in JT)) {
							JK[o, JN[o]++] = "path"
							JT[o, "path"] = "s"
						}
						JV[o, "path"] = guest_to_host(JT[o, "path"] == "s" ? JV[o, "path"] : "")
						JS[o, "path"] = jstr(JV[o, "path"])
						jser(o)
					}
				}
				KEXIT[n] = rc
			}
		}
	}
	if (KERR[n] != "") KEXIT[n] = 1
	if (KEXIT[n] == 77 && require == "yes") KEXIT[n] = 1
}

function kernel_json(n,    out, i) {
	out = "{\"name\": " jstr(KNAME[n]) ", \"vmlinuz\": " jstr(KZ[n]) \
		", \"release\": " (KRELSET[n] ? jstr(KREL[n]) : "null") \
		", \"lsm\": " (KLSMSET[n] ? jstr(KLSM[n]) : "null") \
		", \"seconds\": " KSECS[n] ", \"error\": " jnull(KERR[n]) \
		", \"exit\": " KEXIT[n] ", \"objects\": ["
	for (i = 0; i < KNOBJ[n]; i++)
		out = out (i ? ", " : "") JS["k" n, "objects", i]
	out = out "], \"stderr\": ["
	for (i = 0; i < KNERR[n]; i++)
		out = out (i ? ", " : "") jstr(KSTDERR[n, i])
	return out "]}"
}

# s(path): a string member ("" when absent or not a string); t(path): truthy
function s(path) { return JT[path] == "s" ? JV[path] : "" }
function truthy(path) {
	return (path in JT) && JT[path] != "z" && !(JT[path] == "s" && JV[path] == "") && \
		!(JT[path] == "b" && JV[path] == "false") && !(JT[path] == "n" && JV[path] + 0 == 0) && \
		!((JT[path] == "a" || JT[path] == "o") && JN[path] == 0)
}
function getd(path, dflt) { return (path in JT) ? (JT[path] == "z" ? "None" : JV[path]) : dflt }

function addrow(obj, prog, sec,    key) {
	key = obj SUBSEP prog SUBSEP sec
	if (!(key in ROWIDX)) {
		ROWIDX[key] = ++nrows
		ROW[nrows, 1] = obj; ROW[nrows, 2] = prog; ROW[nrows, 3] = sec
	}
	return ROWIDX[key]
}

function detail(line) { DETAIL[++ndetail] = line }

# read_host(): the host's bpf-validate --json (hostjson) as kernel 0.
function read_host(    root) {
	root = "k0"
	KNAME[0] = "host"; KZ[0] = ""; KERR[0] = ""; KNOBJ[0] = 0; KNERR[0] = 0
	if (!jparse(slurp(hostjson), root) || JT[root] != "o") {
		print "bpf-vm-verify: the host's bpf-validate --json cannot be read: " \
			(JERR != "" ? JERR : "not a JSON object") > "/dev/stderr"
		exit 1
	}
	KREL[0] = s(root SUBSEP "kernel"); KRELSET[0] = 1
	KEXIT[0] = getd(root SUBSEP "exit", 1)
	if (JT[root, "objects"] == "a") KNOBJ[0] = JN[root, "objects"]
}

function vjson(r,    out, n) {
	out = "{"
	for (n = first; n <= count; n++)
		out = out (n > first ? ", " : "") jstr(KNAME[n]) ": " \
			(((r, n) in CELL) ? jstr(CELL[r, n]) : (KERR[n] != "" ? "\"boot-failed\"" : "null"))
	return out "}"
}

function prog_json(r) {
	return "{\"object\": " jstr(ROW[r, 1]) ", \"program\": " jstr(ROW[r, 2]) \
		", \"section\": " jstr(ROW[r, 3]) ", \"role\": " jstr(RROLE[r]) \
		", \"verdicts\": " vjson(r) ", \"result\": " (policy == "yes" ? jstr(RESULT[r]) : "null") \
		", \"why\": " jnull(WHY[r]) "}"
}

BEGIN {
	lib_init()
	pol_init()
	nobjs = 0
	for (i = 1; i < ARGC; i++)
		OBJ[++nobjs] = ARGV[i]
	ARGC = 1
	count += 0
	first = 1
	hostjson = ENVIRON["BPFVM_HOST"]
	if (hostjson != "") { first = 0; read_host() }
	for (n = 1; n <= count; n++)
		read_kernel(n)


	# A kernel that could not boot or verify: one line on stderr, whatever the format.
	for (n = 1; n <= count; n++)
		if (KERR[n] != "")
			print "bpf-vm-verify: " KNAME[n] ": " KERR[n] > "/dev/stderr"

	# ---- the program x kernel cells (host first, when given)
	nrows = 0; ndetail = 0
	for (n = first; n <= count; n++) {
		for (i = 0; i < KNOBJ[n]; i++) {
			o = "k" n SUBSEP "objects" SUBSEP i
			obj = base_name((o, "path") in JT ? s(o SUBSEP "path") : "?")
			if (ENVIRON["BPFVM_ONLY"] != "" && obj != ENVIRON["BPFVM_ONLY"]) continue
			if (truthy(o SUBSEP "error")) {
				r = addrow(obj, "-", "-")
				CELL[r, n] = "error"
				detail(obj " on " KNAME[n] ": " getd(o SUBSEP "error", ""))
			}
			st = o SUBSEP "static" SUBSEP "errors"
			if (JT[o, "static"] == "o" && JT[st] == "a")
				for (e = 0; e < JN[st]; e++) {
					detail(obj " on " KNAME[n] ": " getd(st SUBSEP e, ""))
					if (policy == "yes") CELL[addrow(obj, "-", "-"), n] = "error"
				}
			ps = o SUBSEP "programs"
			np = JT[ps] == "a" ? JN[ps] : 0
			for (k = 0; k < np; k++) {
				p = ps SUBSEP k
				r = addrow(obj, getd(p SUBSEP "name", "?"), getd(p SUBSEP "section", "?"))
				v = getd(p SUBSEP "verdict", "?")
				if (!in_range(KNAME[n], KREL[n], ROW[r, 2])) v = "not-applicable"
				CELL[r, n] = v
				if (v != "pass" && v != "not-applicable" && n > 0) {
					src = truthy(p SUBSEP "source") ? " (" getd(p SUBSEP "source") ")" : ""
					err = truthy(p SUBSEP "error") ? getd(p SUBSEP "error") : ""
					detail(obj ": " ROW[r, 2] " on " KNAME[n] ": " v ": " err src)
					lg = p SUBSEP "log"
					if (JT[lg] == "a")
						for (l = (JN[lg] > 8 ? JN[lg] - 8 : 0); l < JN[lg]; l++)
							detail("    " getd(lg SUBSEP l, ""))
				}
			}
		}
	}
	nfail = pol_eval(nrows, first, count)
	# A kernel's exit 1 fails the run; with a policy, only a kernel that
	# could not verify does: the policy judges the verdicts and the errors.
	bad = 0; skipped = 0
	for (n = 1; n <= count; n++) {
		if (KEXIT[n] != 0 && KEXIT[n] != 77 && (policy != "yes" || KERR[n] != "")) bad = 1
		if (KEXIT[n] == 77) skipped = 1
	}
	# With a policy, it decides; without, the validators' exits do (a
	# rejection fails, no-target does not).
	if (policy == "yes")
		final = (bad || nfail) ? 1 : (skipped ? 77 : 0)
	else
		final = bad ? 1 : (skipped ? 77 : 0)

	if (json == "yes") {
		out = "{\"kernels\": ["
		for (n = 1; n <= count; n++)
			out = out (n > 1 ? ", " : "") kernel_json(n)
		out = out "], \"host\": " (first == 0 ? JS["k0"] : "null")
		out = out ", \"range\": {\"min\": " jnull(kmin) ", \"only\": " jnull(konly) "}, \"programs\": ["
		for (r = 1; r <= nrows; r++)
			out = out (r > 1 ? ", " : "") prog_json(r)
		print out "], \"exit\": " final "}"
		exit final
	}

	allerr = 1
	for (n = 1; n <= count; n++)
		if (KERR[n] == "") allerr = 0
	if (allerr && first) exit final

	# The host's column, when a policy declares something: otherwise the
	# host's own table, printed before, says it (and the VMs' table keeps
	# the form its readers know).
	tf = (first == 0 && (required != "" || optional != "" || alternatives != "" || \
		kmin != "" || konly != "")) ? 0 : 1
	ncols = 3 + count - tf + 1
	T[0, 1] = "OBJECT"; T[0, 2] = "PROGRAM"; T[0, 3] = "SECTION"
	for (n = tf; n <= count; n++) T[0, 4 + n - tf] = KNAME[n]
	for (r = 1; r <= nrows; r++) {
		for (c = 1; c <= 3; c++) T[r, c] = ROW[r, c]
		for (n = tf; n <= count; n++)
			T[r, 4 + n - tf] = ((r, n) in CELL) ? CELL[r, n] : (KERR[n] != "" ? "boot-failed" : "-")
	}
	nt = nrows
	if (nrows == 0) {
		nt = 1
		T[1, 1] = T[1, 2] = T[1, 3] = "-"
		for (n = tf; n <= count; n++) T[1, 4 + n - tf] = KERR[n] != "" ? "boot-failed" : "-"
	}
	print_table(T, nt, ncols)
	print ""
	if (tf == 0)
		printf "host: release %s, bpf-validate exit %d\n", KREL[0], KEXIT[0]
	for (n = 1; n <= count; n++) {
		if (KERR[n] != "") continue
		secs = KSECS[n] == "null" ? "-" : sprintf("%.1fs", KSECS[n])
		printf "kernel %s: release %s, lsm %s, boot+verify %s, exit %d\n", KNAME[n],
			KRELSET[n] ? KREL[n] : "None", KLSMSET[n] ? KLSM[n] : "None", secs, KEXIT[n]
	}
	for (i = 1; i <= ndetail; i++) print DETAIL[i]

	# "N kernels, N programs: N pass, N rejected" (verdicts in sorted order;
	# the VMs', not the host's)
	nv = 0
	for (key in CELL) {
		split(key, kk, SUBSEP)
		if (kk[2] == 0) continue
		v = CELL[key]
		if (!(v in VCOUNT)) VNAME[++nv] = v
		VCOUNT[v]++
	}
	for (i = 2; i <= nv; i++)
		for (j = i; j > 1 && VNAME[j - 1] > VNAME[j]; j--) {
			t = VNAME[j]; VNAME[j] = VNAME[j - 1]; VNAME[j - 1] = t
		}
	summary = ""
	for (i = 1; i <= nv; i++) summary = summary (i > 1 ? ", " : "") VCOUNT[VNAME[i]] " " VNAME[i]
	printf "%d kernels, %d programs: %s\n", count, nrows, summary == "" ? "nothing verified" : summary
	if (policy == "yes") {
		if (kmin != "" || konly != "") print "not-applicable: " range_text() " (declared)"
		for (r = 1; r <= nrows; r++)
			if (RESULT[r] == "fail")
				print "FAIL " ROW[r, 1] ": " ROW[r, 2] ": " WHY[r]
		for (i = 1; i <= nnoprog; i++)
			print "FAIL no program named " NOPROG[i] " (named by --require, --optional or --alternatives)"
		printf "%s: %d of %d programs fail\n", nfail ? "FAIL" : "pass", nfail - nnoprog, nrows
	}
	exit final
}
