# Issue 32: bpf-vm-verify --annotated-load-only reaches the guest's
# bpf-validate: in sid's kernel, a program whose __flag makes it fail is
# rejected (its verdict is the test load's), a __failure program whose
# level-1 trace overflows the log is judged as accepted, __retval is judged
# by a test run (bpf-vm-verify passes --test-run to its guests: issue 46),
# and the exit is the validator's (1: that annotation does not hold).  One
# boot.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
A=$BPFBUILD_TOP/tests/validate/annot
for s in annotated long_trace; do
	clang_bpf_object "$A/$s.bpf.c" "$T/$s.bpf.o" -I"$A" || fail "$s.bpf.c does not compile"
done
rc=0
"$VM_TOOLS/bpf-vm-verify" --json --annotated-load-only --kernel "$KSID" --timeout 600 \
	"$T/annotated.bpf.o" "$T/long_trace.bpf.o" >"$T/out.json" 2>"$T/err" || rc=$?
cat "$T/err"
[ $rc = 1 ] || fail "exit $rc, expected 1 (long_trace's __failure is accepted)"
json_check "$T/out.json" '(lambda p: p["strict_read"]["verdict"] == "rejected"
	and p["strict_read"]["annotation"]["result"] == "as-annotated"
	and p["passes"]["verdict"] == "pass" and p["passes"]["insns"] > 0
	and p["passes"]["annotation"]["returned"] == 2
	and p["mixes_every_turn"]["verdict"] == "pass"
	and p["mixes_every_turn"]["annotation"]["why"] == "annotated __failure, but the verifier accepted it")(
	{q["name"]: q for o in d["kernels"][0]["objects"] for q in o["programs"]})' \
	"the guest's verdicts are the test loads'"
err=$("$VM_TOOLS/bpf-vm-verify" --annotated-load-only --run /dev/null --kernel "$KSID" /bin/true 2>&1) &&
	fail "--annotated-load-only with --run was taken"
[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [[ $err == *"--annotated-load-only is for the verifier"* ]] ||
	fail "--annotated-load-only with --run: $err"
echo "ok: the guest judged by the test loads alone"
