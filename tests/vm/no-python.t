# The bpf-vm tools are POSIX sh (the reports: bpf-validate --merge and
# --core-check): with no python and no awk anywhere on PATH, bpf-core-check
# and bpf-vm-verify (its report) give the same results, and their --json is
# one valid document.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
k61=$(basename "$K61")

# A PATH with everything but python* and any awk.
path_without "$T/bin" 'python*' '*awk'
nopy() { env PATH="$T/bin" "$@"; }
! nopy sh -c 'command -v python3' >/dev/null || fail "python3 still on the test PATH"
! nopy sh -c 'command -v awk' >/dev/null || fail "awk still on the test PATH"
for f in "$VM_TOOLS"/bpf-core-check "$VM_TOOLS"/bpf-vm-report "$VM_TOOLS"/bpf-vm-verify; do
	assert_eq "$(basename "$f")'s interpreter" '#!/bin/sh' "$(head -n 1 "$f")"
done

rc=0
nopy "$VM_TOOLS/bpf-core-check" --kernel "$K61" --kernel "$KSID" \
	"$VM_OBJ/core_guarded.bpf.o" "$VM_OBJ/core_unguarded.bpf.o" >"$T/off" 2>&1 || rc=$?
cat "$T/off"
assert_eq "bpf-core-check exit" 1 "$rc"
assert_grep "^core_guarded\.bpf\.o +2 +ok \(1 guarded\) +ok$" "$T/off"
assert_grep "^core_unguarded\.bpf\.o +1 +FAIL\(1\) +ok$" "$T/off"
assert_grep "^core_unguarded\.bpf\.o: core_unguarded: relo #0 <byte_off> struct task_struct\.saved_state \(0:2 @ offset 28\): no matching targets found in kernel ${k61//+/\\+} \(\./core_unguarded\.bpf\.c:13\)$" "$T/off"
nopy "$VM_TOOLS/bpf-core-check" --json --kernel "$K61" "$VM_OBJ/core_unguarded.bpf.o" >"$T/off.json" || :
json_check "$T/off.json" 'd["exit"] == 1 and [(r["program"], r["source"], r["status"], r["matched"]) for r in d["objects"][0]["kernels"][0]["relocations"]] == [("core_unguarded", "./core_unguarded.bpf.c:13", "failed", False)]' "bpf-core-check --json"

rc=0
nopy "$VM_TOOLS/bpf-vm-verify" --json --kernel "$K61" "$VM_OBJ/core_guarded.bpf.o" "$VM_OBJ/core_unguarded.bpf.o" \
	>"$T/vm.json" 2>"$T/vm.err" || rc=$?
cat "$T/vm.err"
assert_eq "bpf-vm-verify exit" 1 "$rc"
json_check "$T/vm.json" "d['exit'] == 1 and len(d['kernels']) == 1 and d['kernels'][0]['error'] is None and [(o['path'], o['programs'][0]['verdict']) for o in d['kernels'][0]['objects']] == [('$VM_OBJ/core_guarded.bpf.o', 'pass'), ('$VM_OBJ/core_unguarded.bpf.o', 'rejected')]" "bpf-vm-verify --json"
echo "no python: ok"
