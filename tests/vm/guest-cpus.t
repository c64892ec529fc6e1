# Issue 32: a guest of two vCPUs verifies with two validators, each on every
# other object, and its report is the one a single validator writes: the
# same objects in the same order, the same verdicts and messages, the same
# exit (a rejected program: 1).  One boot of sid's kernel each way; the
# guest says how many validators it ran (bpf-vm-shares.sh).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
clang_bpf_object "$BPFBUILD_TOP/tests/validate/progs/bad_deref.bpf.c" "$T/bad_deref.bpf.o" -I"$VM_OBJ" ||
	fail "bad_deref.bpf.c does not compile"
objs=("$VM_OBJ"/*.bpf.o "$T/bad_deref.bpf.o")
for n in 1 2; do
	rc=0
	"$VM_TOOLS/bpf-vm-verify" --json --guest-cpus $n --kernel "$KSID" --timeout 600 --keep "$T/keep$n" \
		"${objs[@]}" >"$T/out$n.json" 2>"$T/err$n" || rc=$?
	cat "$T/err$n"
	[ $rc = 1 ] || fail "--guest-cpus $n: exit $rc, expected 1 (bad_deref's program is rejected)"
	tr -d '\r' <"$T/keep$n/k1.data" | grep -x "@@BPFVM validators $n" >/dev/null ||
		fail "--guest-cpus $n: the guest did not run $n validators ($(grep -a '@@BPFVM validators' "$T/keep$n/k1.data"))"
done
# Times differ from boot to boot; nothing else may.
python3 - "$T/out1.json" "$T/out2.json" "${#objs[@]}" <<'PY' || fail "the two reports differ"
import json, re, sys
def doc(path):
    k = json.load(open(path))["kernels"][0]
    for o in k["objects"]:
        for p in o["programs"]:
            p.pop("verify_usec", None)
            p["log"] = [re.sub(r"\d+ usec", "N usec", l) for l in p["log"]]
    return k["objects"], k["exit"], k["error"]
one, two = doc(sys.argv[1]), doc(sys.argv[2])
assert len(one[0]) == int(sys.argv[3]), "not every object is in the report"
for a, b in zip(one[0], two[0]):
    if a != b:
        print("first difference:", a["path"], "|", b["path"])
        sys.exit(1)
sys.exit(0 if one == two else 1)
PY
echo "ok: ${#objs[@]} objects, one validator and two, the same report and exit"
err=$("$VM_TOOLS/bpf-vm-verify" --guest-cpus 0 --kernel "$KSID" "${objs[0]}" 2>&1) && fail "--guest-cpus 0 was taken"
[ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && [[ $err == *"--guest-cpus takes a number"* ]] || fail "--guest-cpus 0: $err"
err=$("$VM_TOOLS/bpf-vm-verify" --guest-cpus 2 --attach-target a=b --kernel "$KSID" "${objs[0]}" 2>&1) &&
	fail "--guest-cpus 2 with --attach-target was taken"
[[ $err == *"drop --guest-cpus"* ]] || fail "--guest-cpus with --attach-target: $err"
echo "ok: a bad --guest-cpus and one with --attach-target get one line each"
