#!/bin/bash
# Issue 28, items 1 and 6, in every kernel of the matrix (6.1, 6.12, sid's
# 7.2), one boot per kernel for bpf-validate and one for the loader:
#  - progs/stack_sized.bpf.c (a stack-trace map declaring only key_size,
#    sized by its loader) passes bpf-validate on the host and in each VM,
#    each report listing the value size it was given; its loader
#    (loader-verdict/stack_sized.c: sets value_size and max_entries, loads,
#    pins nothing) loads it on the host and in each VM, as the verdict says;
#  - progs/bad_deref.bpf.c's bad_lookup is rejected on each kernel, and each
#    rejection names the verifier's own reason (7.2 ends its log with
#    statistics lines of a new form: tests/validate/57-vlog-reason.t).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
here=$BPFBUILD_TOP/tests/vm/loader-verdict
progs=$BPFBUILD_TOP/tests/validate/progs
for n in stack_sized bad_deref; do
	clang_bpf_object "$progs/$n.bpf.c" "$T/$n.bpf.o" -I"$VM_OBJ" || fail "$n.bpf.c does not compile"
done
"$BPFTOOL" gen skeleton "$T/stack_sized.bpf.o" name stack_sized_bpf >"$T/stack_sized.skel.h" ||
	fail "bpftool gen skeleton"
cc -O2 -Wall -Werror -I"$T" "$here/stack_sized.c" -o "$T/stack_sized" -lbpf || fail "the loader does not build"
nk=$(echo "$KERNELS" | wc -l)
reason="R0 invalid mem access 'map_value_or_null'"

note "bpf-validate: host and VMs"
env -u CI "$BPF_VALIDATE" --json "$T/stack_sized.bpf.o" >"$T/host.json" || fail "stack_sized rejected on the host"
rc=0
"$VM_TOOLS/bpf-vm-verify" --json --keep "$T/keep" "${KARGS[@]}" "$T/stack_sized.bpf.o" "$T/bad_deref.bpf.o" \
	>"$T/vm.json" 2>"$T/vm.err" || rc=$?
cat "$T/vm.err"
assert_eq "bpf-vm-verify exit (bad_lookup is rejected)" 1 "$rc"
python3 - "$T/vm.json" "$reason" <<'PY' || fail "verdicts"
import json, os, sys
vm, reason = json.load(open(sys.argv[1])), sys.argv[2]
want = {"off_cpu": "pass", "good_lookup": "pass", "bad_lookup": "rejected"}
for p in vm["programs"]:
    cells = {k["name"]: p["verdicts"][k["name"]] for k in vm["kernels"]}
    print(p["program"], cells)
    assert set(cells.values()) == {want[p["program"]]}, cells
assert {p["program"] for p in vm["programs"]} == set(want)
for k in vm["kernels"]:
    assert not k["error"], k["error"]
    objs = {os.path.basename(o["path"]): o for o in k["objects"]}
    bad = {p["name"]: p for p in objs["bad_deref.bpf.o"]["programs"]}["bad_lookup"]
    print(k["release"], "bad_lookup:", bad["error"], "| prepared:", objs["stack_sized.bpf.o"]["prepared"][0])
    assert bad["error"] == reason, (k["release"], bad["error"])
    assert bad["log"][-1] == reason, (k["release"], bad["log"])
    assert objs["stack_sized.bpf.o"]["prepared"][0].startswith("map stackmap: value_size 0 -> "), k["release"]
PY
# The table's rejection lines, from the same boots.
"$VM_TOOLS/bpf-vm-report" --work "$T/keep" --count "$nk" -- "$T/stack_sized.bpf.o" "$T/bad_deref.bpf.o" \
	>"$T/table" 2>&1 || :
grep ': bad_lookup on ' "$T/table" || :
[ "$(grep -c ": bad_lookup on .*: rejected: $reason " "$T/table")" -eq "$nk" ] ||
	{ cat "$T/table"; fail "a rejection line lacks the verifier's reason"; }
assert_grep "map stackmap: value_size 0 -> " "$T/host.json" "the host's report of what was prepared"

note "the loader: host and VMs"
rc=0; "$T/stack_sized" >"$T/host-loader.log" 2>&1 || rc=$?
cat "$T/host-loader.log"
assert_eq "the loader on the host" 0 "$rc"
rc=0
"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" --run "$here/run.sh" "$T/stack_sized" >"$T/run.log" 2>&1 || rc=$?
cat "$T/run.log"
assert_eq "the loader in the VMs" 0 "$rc"
[ "$(grep -c "^   loaded off_cpu$" "$T/run.log")" -eq "$nk" ] || fail "the loader did not load on every kernel"
echo ok
