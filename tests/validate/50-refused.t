# This host kernel refuses lsm programs (EPERM, even as root).  bpf-validate
# proves it with a trivial lsm/file_open program and reports "refused", not
# "rejected": exit 77, or 1 under CI=true.  The XDP program in the same
# object is still verified.  The verifier test (bpfbuild-validate-test)
# with no VM kernel under CI=true says one verdict, a failure, in its
# closing line, its exit and its record.
. "$(dirname "$0")/../lib.sh"
own_bpffs
. "$(dirname "$0")/common.sh"

# Ask bpftool, independently, whether this kernel loads the lsm program.
pin=$BPFFS/refused
if "$BPFTOOL" prog load "$OBJ/lsm_open.o" "$pin" type lsm >"$T/bpftool.log" 2>&1; then
	rm -f "$pin"
	refuses=no
else
	# The kernel's answer, not a pin that failed.
	assert_grep "Operation not permitted|-EPERM" "$T/bpftool.log" "bpftool's lsm load"
	refuses=yes
fi
note "bpftool says the kernel refuses lsm programs: $refuses"

rc=0; env -u CI "$BPF_VALIDATE" --json "$OBJ/lsm_open.o" >"$T/out.json" 2>"$T/err" || rc=$?
json_assert "$T/out.json" 'p["xdp_ok"]["verdict"] == "pass" and p["xdp_ok"]["insns"] > 0' "XDP beside it verified"
if [ $refuses = no ]; then
	# A kernel with the BPF LSM active: then it must simply pass.
	assert_eq "exit where lsm programs load" 0 "$rc"
	json_assert "$T/out.json" 'p["allow_open"]["verdict"] == "pass"' "lsm program passes"
	exit 0
fi
assert_eq "exit where the host refuses lsm (stderr: $(cat "$T/err"))" 77 "$rc"
json_assert "$T/out.json" 'p["allow_open"]["verdict"] == "refused" and p["allow_open"]["type"] == "lsm"
	and p["allow_open"]["error"].startswith("host kernel refuses lsm programs")' "refused, with the reason"

rc=0; env -u CI "$BPF_VALIDATE" "$OBJ/lsm_open.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "table exit" 77 "$rc"
assert_grep 'lsm_open\.o: allow_open: refused: host kernel refuses lsm programs' "$T/out"
assert_no_grep ': rejected' "$T/out"

rc=0; env CI=true "$BPF_VALIDATE" "$OBJ/lsm_open.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "exit under CI=true" 1 "$rc"
assert_eq "one line on stderr" 1 "$(wc -l <"$T/err")"
assert_grep 'could not run \(host kernel refuses lsm programs.*CI=true' "$T/err"

rc=0; env -u CI "$BPF_VALIDATE" --tap "$OBJ/lsm_open.o" >"$T/out.tap" 2>"$T/err" || rc=$?
assert_eq "TAP exit" 77 "$rc"
assert_grep '^ok [0-9]+ - .*allow_open \(lsm/file_open\) # SKIP refused: host kernel refuses lsm' "$T/out.tap"

note "the verifier test under CI=true, no VM kernel: one verdict"
mkdir "$T/ci"
cp "$OBJ/lsm_open.o" "$T/ci/"
rc=0; env CI=true BPF_VALIDATE_KERNELS= sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" \
	--validator "$BPF_VALIDATE" -- "$T/ci/lsm_open.o" >"$T/ci.log" 2>&1 || rc=$?
assert_eq "the verifier test's exit under CI=true (log: $(tail -n 5 "$T/ci.log"))" 1 "$rc"
assert_grep '^FAIL [^ ]*lsm_open\.o: allow_open: verified on no kernel \(CI=true or --require-kernel: a skipped kernel check fails\)$' \
	"$T/ci.log" "the verifier test's FAIL line"
assert_grep '^FAIL: 1 of 2 programs fail$' "$T/ci.log" "the verifier test's closing line"
assert_no_grep '^pass: ' "$T/ci.log" "the verifier test's closing line"
record=$T/ci/.bpfbuild-verdicts/lsm_open.o.verdict
assert_grep '^exit 1$' "$record" "the record's exit"
sed -n 's/^json //p' "$record" >"$T/ci-record.json"
python3 - "$T/ci-record.json" <<'PY' || fail "the record's JSON: $(cat "$T/ci-record.json")"
import json, sys
d = json.load(open(sys.argv[1]))
r = {p["program"]: p["result"] for p in d["programs"]}
sys.exit(0 if d["exit"] == 1 and r == {"allow_open": "fail", "xdp_ok": "pass"} else 1)
PY
# The same with the bpftool fallback (no bpf-validate installed).
rm -rf "$T/ci/.bpfbuild-verdicts"
rc=0; env CI=true BPF_VALIDATE_KERNELS= BPFTOOL="$BPFTOOL" sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" \
	--validator "$BPFBUILD_TOP/engine/bpfbuild-validate-fallback" --no-vm 'the validator is bpftool' \
	-- "$T/ci/lsm_open.o" >"$T/ci-fallback.log" 2>&1 || rc=$?
assert_eq "the fallback's verifier test under CI=true (log: $(tail -n 3 "$T/ci-fallback.log"))" 1 "$rc"
assert_grep 'CI=true: a skipped kernel check is a failure' "$T/ci-fallback.log" "the fallback's verifier test"
assert_grep '^exit 1$' "$record" "the fallback's record"

note "the verifier test with its validator not built (meson test --no-rebuild): one line, no record"
rm -rf "$T/ci/.bpfbuild-verdicts"
rc=0; env -u CI sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" --validator "$T/unbuilt/bpf-validate" \
	-- "$T/ci/lsm_open.o" >"$T/unbuilt.log" 2>&1 || rc=$?
assert_eq "exit with no validator" 1 "$rc"
assert_eq "one line" 1 "$(wc -l <"$T/unbuilt.log")"
assert_grep '^bpfbuild-validate-test: the validator .*/unbuilt/bpf-validate is not built: the tests build it, so run meson test without --no-rebuild \(or make check\)$' "$T/unbuilt.log"
[ ! -e "$T/ci/.bpfbuild-verdicts" ] || fail "a record was written with no validator"
