#!/bin/bash
# Maps sized at run time (issue 18), in every kernel of the matrix: the
# object of tests/validate/progs/loader_sized.bpf.c (a stack-trace map and
# a hash sized by the loader, a perf-event array, a ring buffer, a
# hash-of-maps whose inner map the loader supplies) passes bpf-validate on
# the host and in the 6.1, 6.12 and sid VMs, each report listing what was
# prepared; and its loader (tests/vm/loader-sized/) loads it on each of
# those kernels, so the verdict is what the loader finds.
. "$(dirname "$0")/../lib.sh"
own_bpffs
. "$(dirname "$0")/lib-vm.sh"
here=$BPFBUILD_TOP/tests/vm/loader-sized
clang_bpf_object "$BPFBUILD_TOP/tests/validate/progs/loader_sized.bpf.c" "$T/loader_sized.bpf.o" -I"$VM_OBJ"
"$BPFTOOL" gen skeleton "$T/loader_sized.bpf.o" name loader_sized_bpf >"$T/loader_sized.skel.h" ||
	fail "bpftool gen skeleton"
cc -O2 -Wall -Werror -I"$T" "$here/loader_sized.c" -o "$T/loader_sized" -lbpf || fail "the loader does not build"

note "bpf-validate: host and VMs"
env -u CI "$BPF_VALIDATE" --json "$T/loader_sized.bpf.o" >"$T/host.json" || fail "rejected on the host"
rc=0
"$VM_TOOLS/bpf-vm-verify" --json "${KARGS[@]}" "$T/loader_sized.bpf.o" >"$T/vm.json" 2>"$T/vm.err" || rc=$?
cat "$T/vm.err"
assert_eq "bpf-vm-verify exit" 0 "$rc"
python3 - "$T/vm.json" <<'PY' || fail "verdicts"
import json, sys
vm = json.load(open(sys.argv[1]))
names = {p["program"] for p in vm["programs"]}
assert names == {"on_switch", "on_exec"}, names
for p in vm["programs"]:
    cells = {k["name"]: p["verdicts"][k["name"]] for k in vm["kernels"]}
    print(p["program"], cells)
    assert set(cells.values()) == {"pass"}, cells
PY
assert_grep "max_entries 0 -> 1" "$T/host.json" "the host's report of what was prepared"

note "the loader: host and VMs"
pin=$BPFFS/loader-sized
mkdir "$pin" || fail "cannot make $pin"
rc=0; "$T/loader_sized" "$pin" >"$T/host-loader.log" 2>&1 || rc=$?
pinned=no; [ -e "$pin/counts" ] && pinned=yes
rm -rf "$pin"
cat "$T/host-loader.log"
assert_eq "the loader on the host" 0 "$rc"
assert_eq "counts pinned on the host" yes "$pinned"
rc=0
"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" --run "$here/run.sh" "$T/loader_sized" >"$T/run.log" 2>&1 || rc=$?
cat "$T/run.log"
assert_eq "the loader in the VMs" 0 "$rc"
[ "$(grep -c "loaded on_switch and on_exec" "$T/run.log")" -eq "$(echo "$KERNELS" | wc -l)" ] ||
	fail "the loader did not load on every kernel"
echo ok
