# bpf-vm-policy.awk: which kernels count for a program, and whether the
# verdicts of every kernel tried (the host's and each VM's) make its test
# pass.  Used by bpf-vm-report.awk.  From the environment (BPFVM_REQUIRED,
# _OPTIONAL, _ALTS, _KMIN, _KONLY: bpf-vm-report's options):
#   required, optional, alternatives  program names, comma-separated;
#                 alternatives holds groups separated by ";"
#   kmin          the lowest kernel release the programs support ("" none),
#                 or PROG=VERSION for one program, comma-separated
#   konly         the kernels they support: names or releases, comma-separated
#
# A program is required unless --optional or --alternatives names it:
# required  it passes on every kernel in range that verified it;
# optional  it passes on at least one of them (if any verified it);
# a group of alternatives  on each such kernel, at least one member passes.
# "Verified" means pass, rejected or no-target: refused and not-run are
# left to the other kernels, and a kernel out of range is not-applicable.

function pol_init(    i, j, n, a, g, m, b) {
	required = ENVIRON["BPFVM_REQUIRED"]; optional = ENVIRON["BPFVM_OPTIONAL"]
	alternatives = ENVIRON["BPFVM_ALTS"]; kmin = ENVIRON["BPFVM_KMIN"]; konly = ENVIRON["BPFVM_KONLY"]
	n = split(required, a, ",")
	for (i = 1; i <= n; i++) if (a[i] != "") { ROLE[a[i]] = "required"; NAMED[a[i]] = 1 }
	n = split(optional, a, ",")
	for (i = 1; i <= n; i++) if (a[i] != "") { ROLE[a[i]] = "optional"; NAMED[a[i]] = 1 }
	# --kernels-min VER for every program, PROG=VER for one
	n = split(kmin, a, ",")
	for (i = 1; i <= n; i++) {
		if (a[i] == "") continue
		j = index(a[i], "=")
		if (j) KMINP[substr(a[i], 1, j - 1)] = substr(a[i], j + 1)
		else KMIN_ALL = a[i]
	}
	ngroups = split(alternatives, g, ";")
	for (i = 1; i <= ngroups; i++) {
		GROUP[i] = g[i]
		m = split(g[i], b, ",")
		for (j = 1; j <= m; j++) if (b[j] != "") {
			ROLE[b[j]] = "alternative"; GROUPOF[b[j]] = i; NAMED[b[j]] = 1
		}
	}
}

# vercmp(a, b): <0, 0, >0 as release a is older, as old, newer than b,
# comparing b's numeric parts only (6.12 vs 6.12.118+deb12: equal).
function vercmp(a, b,    pa, pb, na, nb, i) {
	na = split(a, pa, /[^0-9]+/)
	nb = split(b, pb, /[^0-9]+/)
	for (i = 1; i <= nb; i++) {
		if (pb[i] == "") continue
		if (i > na || pa[i] == "") return -1
		if (pa[i] + 0 != pb[i] + 0) return pa[i] - pb[i]
	}
	return 0
}

# in_range(name, release, prog): whether the kernels prog declares include
# this one.  A kernel named in konly matches by name, release, or release
# prefix ("6.12" matches 6.12.118+deb12-cloud-amd64).
function in_range(name, release, prog,    a, n, i, p, min) {
	min = (prog in KMINP) ? KMINP[prog] : KMIN_ALL
	if (min != "" && release != "" && vercmp(release, min) < 0) return 0
	if (konly == "") return 1
	n = split(konly, a, ",")
	for (i = 1; i <= n; i++) {
		p = a[i]
		if (p == "") continue
		if (p == name || p == release) return 1
		if (index(release, p) == 1 && substr(release, length(p) + 1, 1) ~ /[-.+]/) return 1
		if (index(name, p) == 1 && substr(name, length(p) + 1, 1) ~ /[-.+]/) return 1
	}
	return 0
}

function range_text(    t) {
	if (kmin != "") t = "kernels older than " kmin
	if (konly != "") t = t (t == "" ? "" : ", and ") "kernels other than " konly
	return t
}

function verified(v) { return v == "pass" || v == "rejected" || v == "no-target" }

# pol_eval(nrows, first, last): sets RESULT[r] ("pass"/"fail") and WHY[r]
# from CELL[r, n] (n = first..last; "not-applicable" already applied) and
# ROW[r, 2] (the program); returns the number of failures.
function pol_eval(nrows, first, last,    r, n, prog, role, bad, npass, nver, fails, g, any, ok, k, why) {
	fails = 0
	for (r = 1; r <= nrows; r++) {
		prog = ROW[r, 2]
		SEEN[prog] = 1
		role = (prog in ROLE) ? ROLE[prog] : "required"
		RROLE[r] = role
		bad = ""; npass = 0; nver = 0
		for (n = first; n <= last; n++) {
			if (!((r, n) in CELL) || !verified(CELL[r, n])) continue
			nver++
			if (CELL[r, n] == "pass") npass++
			else bad = bad (bad == "" ? "" : ", ") CELL[r, n] " on " KNAME[n]
		}
		RESULT[r] = "pass"; WHY[r] = ""
		if (prog == "-")	# an object that cannot be used
			for (n = first; n <= last; n++)
				if (((r, n) in CELL) && CELL[r, n] == "error") WHY[r] = "the object cannot be used on " KNAME[n]
		if (role == "required" && bad != "") WHY[r] = "required, but " bad
		if (role == "optional" && nver > 0 && npass == 0) WHY[r] = "optional, but loads on no kernel: " bad
		if (WHY[r] != "") { RESULT[r] = "fail"; fails++ }
	}
	# A group fails on a kernel where a member was verified and none passes.
	for (g = 1; g <= ngroups; g++) {
		why = ""
		for (n = first; n <= last; n++) {
			any = 0; ok = 0
			for (r = 1; r <= nrows; r++) {
				if (GROUPOF[ROW[r, 2]] != g || !((r, n) in CELL) || !verified(CELL[r, n])) continue
				any = 1
				if (CELL[r, n] == "pass") ok = 1
			}
			if (any && !ok) why = why (why == "" ? "" : ", ") KNAME[n]
		}
		if (why == "") continue
		for (r = 1; r <= nrows; r++)
			if (GROUPOF[ROW[r, 2]] == g && RESULT[r] == "pass") {
				RESULT[r] = "fail"; fails++
				WHY[r] = "none of the alternatives " GROUP[g] " loads on " why
			}
	}
	for (k in NAMED)
		if (!(k in SEEN)) {
			fails++
			NOPROG[++nnoprog] = k
		}
	return fails
}
