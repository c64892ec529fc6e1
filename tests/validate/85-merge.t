# bpf-validate --merge, from fixture documents (tests/validate/merge/: what
# bpf-validate --json writes on bookworm's 6.1, 6.12 and sid, with no VM):
# the table, the JSON and the exit for all-pass, a rejection, no-target on
# an old kernel with --kernels-min, 77; a malformed or foreign document is
# one line and exit 1; bpf-vm-verify's boot files; a host document of this
# run merged as it is.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

F=$BPFBUILD_TOP/tests/validate/merge
k61=6.1.0-57-cloud-amd64 k612=6.12.118+deb12-cloud-amd64 ksid=7.2.13+deb14-cloud-amd64
# jcheck FILE EXPR WHAT [OTHER]: EXPR over the document d (and OTHER as h).
jcheck() {
	python3 - "$1" "$2" "${4:-$1}" <<'PY' || { head -c 3000 "$1"; echo; fail "JSON: $3"; }
import json, sys
d = json.load(open(sys.argv[1]))
h = json.load(open(sys.argv[3]))
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}
merge() { run_bv "$T/out" "$T/err" --merge "$@"; }
# one_line WHAT PATTERN: stderr is that one line, stdout empty, exit 1.
one_line() {
	assert_eq "$1: exit" 1 "$rc"
	assert_eq "$1: lines on stderr" 1 "$(wc -l <"$T/err")"
	assert_grep "$2" "$T/err" "$1"
	[ ! -s "$T/out" ] || fail "$1: a report despite the error: $(head -3 "$T/out")"
}

# All pass.
merge "$k612=$F/pass-6.12.json" "$ksid=$F/pass-sid.json"
assert_eq "all pass: exit" 0 "$rc"
assert_grep "^OBJECT +PROGRAM +SECTION +${k612//+/\\+} +${ksid//+/\\+}$" "$T/out" "header"
assert_grep "^lsm_exec_audit\.bpf\.o +count_open +kprobe/do_sys_openat2 +pass +pass$" "$T/out"
assert_grep "^2 kernels, 3 programs: 6 pass$" "$T/out"

# One kernel rejects: exit 1, the verifier's reason and the log's last lines.
merge "$k612=$F/pass-6.12.json" "$ksid=$F/reject-sid.json"
assert_eq "a rejection: exit" 1 "$rc"
assert_grep "^lsm_exec_audit\.bpf\.o +count_open +kprobe/do_sys_openat2 +pass +rejected$" "$T/out"
assert_grep "^lsm_exec_audit\.bpf\.o: count_open on ${ksid//+/\\+}: rejected: R1 invalid mem access 'scalar' \(\./lsm_exec_audit\.bpf\.c:31\)$" "$T/out"
assert_eq "log lines shown" 8 "$(grep -c '^    ' "$T/out")"
merge --json "$k612=$F/pass-6.12.json" "$ksid=$F/reject-sid.json"
assert_eq "a rejection: --json exit" 1 "$rc"
grep -q 'caf\\u00e9\.c' "$T/out" || fail "non-ASCII is not written as \\u escapes"
python3 - "$T/out" "$k612" "$ksid" <<'PY' || fail "the merged JSON"
import json, sys
d = json.load(open(sys.argv[1]))
v = {p["program"]: p["verdicts"] for p in d["programs"]}
assert d["exit"] == 1 and d["host"] is None, d["exit"]
assert v["count_open"] == {sys.argv[2]: "pass", sys.argv[3]: "rejected"}, v
assert [k["name"] for k in d["kernels"]] == sys.argv[2:] and d["kernels"][1]["exit"] == 1
assert d["kernels"][1]["objects"][1]["programs"][1]["log"][-2].endswith("caf\u00e9.c:31")
assert all(p["result"] is None for p in d["programs"])
PY

# No target on 6.1 (the kfuncs came later): no failure by the exits, nor
# by --policy, whose default reports it (the loader switches the program
# off there); a failure when --require names it, unless the program
# declares 6.12 and newer.
merge "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
assert_eq "no-target: exit" 0 "$rc"
merge --json --policy "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
assert_eq "no-target, --policy: exit" 0 "$rc"
jcheck "$T/out" '[(p["role"], p["result"], p["verdicts"]["'"$k61"'"]) for p in d["programs"] if p["program"] == "prio_weights"] == [("default", "pass", "no-target")]' "no-target by default"
merge --policy --require prio_weights "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
assert_eq "no-target, --policy --require: exit" 1 "$rc"
assert_grep "^FAIL tc_iter_num\.bpf\.o: prio_weights: required, but no-target on $k61$" "$T/out"
merge --policy --require prio_weights --kernels-min 6.12 "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
assert_eq "no-target, --require, --kernels-min 6.12: exit" 0 "$rc"
# No target on any kernel tried: reported, not failed, but not called a
# pass either: the closing line, the one a user sees, names it, and its
# note names the declaration that would verify it (issue 48, item 4).
merge --policy "$k61=$F/old-6.1.json"
assert_eq "no-target everywhere: exit" 0 "$rc"
assert_grep "^note tc_iter_num\.bpf\.o: prio_weights: verified on no kernel: none tried has its attach target .*--attach-target PROG=FUNC, or F1\|F2 where it picks per kernel" "$T/out"
assert_grep "^pass: 0 of 3 programs fail; verified on no kernel: prio_weights$" "$T/out"
# The same policy over the host alone (no VM): one column.
merge --policy --host-json "$F/old-6.1.json"
assert_eq "the host alone: exit" 0 "$rc"
assert_grep "^tc_iter_num\.bpf\.o +prio_weights +tc +no-target$" "$T/out"
merge --policy --require prio_weights --host-json "$F/old-6.1.json"
assert_eq "the host alone, --require: exit" 1 "$rc"
assert_grep "^FAIL tc_iter_num\.bpf\.o: prio_weights: required, but no-target on host$" "$T/out"
merge --policy --kernels-min 6.12 "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
assert_eq "no-target, --kernels-min 6.12: exit" 0 "$rc"
assert_grep "^tc_iter_num\.bpf\.o +prio_weights +tc +not-applicable +pass$" "$T/out"
assert_grep "^not-applicable: kernels older than 6\.12 \(declared\)$" "$T/out"
assert_grep "^pass: 0 of 3 programs fail$" "$T/out"
merge --policy --kernels-min prio_weights=6.12 --require nosuch "$k61=$F/old-6.1.json"
assert_eq "--require nosuch: exit" 1 "$rc"
assert_grep "^FAIL no program named nosuch" "$T/out"
merge --json --policy --optional prio_weights "$k61=$F/old-6.1.json" "$k612=$F/pass-6.12.json"
jcheck "$T/out" '[(p["role"], p["result"]) for p in d["programs"] if p["program"] == "prio_weights"] == [("optional", "pass")] and d["exit"] == 0' "--optional"

# Alternatives whose only present member the host refuses (an LSM program
# beside one whose target the host lacks): the host does not decide the
# group, the other kernels do; with none, the refused one is verified
# nowhere (77), not failed.
python3 - "$F/old-6.1.json" >"$T/refused-host.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for o in d["objects"]:
    for p in o["programs"]:
        p["verdict"] = {"audit_exec": "refused", "count_open": "no-target"}.get(p["name"], p["verdict"])
json.dump(d, sys.stdout)
PY
merge --policy --alternatives audit_exec,count_open --host-json "$T/refused-host.json" "$k612=$F/pass-6.12.json"
assert_eq "alternatives, the present one refused on the host: exit" 0 "$rc"
# (77 is a skip; CI=true makes it 1, as below.)
rc=0; env -u CI "$BPF_VALIDATE" --merge --policy --alternatives audit_exec,count_open \
	--host-json "$T/refused-host.json" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "the same, the host alone: exit" 77 "$rc"
assert_no_grep "^FAIL" "$T/out"
assert_grep "^note lsm_exec_audit\.bpf\.o: audit_exec: verified on no kernel" "$T/out"

# A kernel that could not verify (77): 77, or 1 under --require-kernel or CI=true.
sed 's/"exit":0}$/"exit":77}/' "$F/pass-6.12.json" >"$T/skip.json"
env -u CI "$BPF_VALIDATE" --merge "$k612=$T/skip.json" >"$T/out" 2>"$T/err" && rc=0 || rc=$?
assert_eq "a skip: exit" 77 "$rc"
merge --require-kernel "$k612=$T/skip.json"
assert_eq "a skip, --require-kernel: exit" 1 "$rc"
rc=0; CI=true "$BPF_VALIDATE" --merge "$k612=$T/skip.json" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "a skip, CI=true: exit" 1 "$rc"

# Unusable input: one line naming the file, the cause and the fix.
merge "$k61=$F/truncated.json"
one_line "a truncated document" "^bpf-validate: .*/truncated\.json: cannot be merged: expecting .* ends at byte 300; give a file that bpf-validate --json wrote$"
merge "$k612=$F/pass-6.12.json" "x=$F/compare.json"
one_line "a --compare document" "compare\.json: cannot be merged: no \"objects\" list: not bpf-validate --json output"
merge "x=$T/missing.json"
one_line "a missing file" "missing\.json: cannot be merged: No such file or directory"
merge "$F/pass-6.12.json"
one_line "no KERNEL=" "is no KERNEL=FILE"
merge --host-json "$F/truncated.json" "$k612=$F/pass-6.12.json"
one_line "a bad --host-json" "truncated\.json: cannot be merged"
run_bv "$T/out" "$T/err" --policy "$F/pass-6.12.json"
one_line "--policy without --merge" "^bpf-validate: --policy belongs to --merge"
merge --tap "$k612=$F/pass-6.12.json"
one_line "--merge --tap" "no --tap with it"

# bpf-vm-verify's boot files: the guest's serial port (CRs and all), its
# paths mapped to the host's objects; a guest whose JSON is cut off is a
# column that failed, with one line.
W=$T/boots; mkdir "$W"
i=0
for k in "old-6.1 $k61" "reject-sid $ksid"; do
	i=$((i + 1)) f=${k% *} name=${k#* }
	echo "$name" >"$W/k$i.name"; echo "/cache/$name/vmlinuz" >"$W/k$i.vmlinuz"
	echo 4.50 >"$W/k$i.secs"; : >"$W/k$i.error"
	{ printf '@@BPFVM release %s\r\n@@BPFVM lsm landlock,bpf\r\n@@BPFVM begin\r\n' "$name"
	  sed -e 's#build/tc_iter_num#/objs/1/tc_iter_num#' -e 's#build/lsm_exec#/objs/2/lsm_exec#' "$F/$f.json"
	  printf '\r\n@@BPFVM end %s\r\n' "$(sed 's/.*"exit":\([0-9]*\)}$/\1/' "$F/$f.json")"; } >"$W/k$i.data"
done
echo cut >"$W/k3.name"; : >"$W/k3.error"; echo 2 >"$W/k3.secs"
printf '@@BPFVM begin\n{"objects": [{"path": \n@@BPFVM end 1\n' >"$W/k3.data"
merge --json --boot-dir "$W" --boots 3 --guest-object src/tc_iter_num.bpf.o --guest-object src/lsm_exec_audit.bpf.o
assert_eq "boots: exit" 1 "$rc"
assert_eq "boots: lines on stderr" 1 "$(wc -l <"$T/err")"
assert_grep "^bpf-vm-verify: cut: the guest's validator printed no JSON \(exit 1\): expecting a value" "$T/err"
jcheck "$T/out" '[o["path"] for o in d["kernels"][0]["objects"]] == ["src/tc_iter_num.bpf.o", "src/lsm_exec_audit.bpf.o"] and d["kernels"][0]["seconds"] == 4.5 and d["kernels"][0]["lsm"] == "landlock,bpf" and d["kernels"][2]["error"] and d["programs"][0]["verdicts"]["cut"] == "boot-failed"' "boots"

# This host's own document, merged as it is.
run_bv "$T/host.json" "$T/err" --json "$OBJ/xdp_pass.o" "$OBJ/bad_deref.o" || :
merge --json "here=$T/host.json"
jcheck "$T/out" '[(p["program"], p["verdicts"]["here"]) for p in d["programs"]] == [(q["name"], q["verdict"]) for o in h["objects"] for q in o["programs"]] and len(d["programs"]) >= 2' "the host's document" "$T/host.json"
