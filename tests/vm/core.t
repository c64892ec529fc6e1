# An unguarded CO-RE read of task_struct.saved_state (absent from 6.1) fails
# the offline check for 6.1, naming the relocation, the program, the source
# line and the kernel, and fails the 6.1 VM run the same way.  The read
# guarded by bpf_core_field_exists passes both.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
k61=$(basename "$K61")

# Offline (no VM, no privilege): bpftool's own CO-RE logic per kernel BTF.
rc=0
"$VM_TOOLS/bpf-core-check" "${KARGS[@]}" "$VM_OBJ/core_unguarded.bpf.o" >"$T/off" 2>&1 || rc=$?
cat "$T/off"
assert_eq "bpf-core-check exit (unguarded)" 1 "$rc"
assert_grep "^core_unguarded\.bpf\.o: core_unguarded: relo #0 <byte_off> struct task_struct\.saved_state .*: no matching targets found in kernel ${k61//+/\\+} \([^ ]*core_unguarded\.bpf\.c:[0-9]+\)$" "$T/off"
assert_eq "failing kernels" 1 "$(grep -c 'no matching targets found in kernel' "$T/off")"
assert_grep "^core_unguarded\.bpf\.o +1 +FAIL\(1\) +ok +ok$" "$T/off" "offline table"

rc=0
"$VM_TOOLS/bpf-core-check" "${KARGS[@]}" "$VM_OBJ/core_guarded.bpf.o" >"$T/off-g" 2>&1 || rc=$?
cat "$T/off-g"
assert_eq "bpf-core-check exit (guarded)" 0 "$rc"
assert_grep "^core_guarded\.bpf\.o +2 +ok \(1 guarded\) +ok +ok$" "$T/off-g" "offline table"

# The JSON names the relocation's status per kernel.
"$VM_TOOLS/bpf-core-check" --json --kernel "$K61" "$VM_OBJ/core_guarded.bpf.o" "$VM_OBJ/core_unguarded.bpf.o" >"$T/off.json" || :
json_check "$T/off.json" '[r["status"] for r in d["objects"][0]["kernels"][0]["relocations"]] == ["absent", "guarded"] and [r["status"] for r in d["objects"][1]["kernels"][0]["relocations"]] == ["failed"] and d["exit"] == 1' "offline JSON"

# A bpftool whose debug log words the relocations otherwise ("relocation #0"
# for "relo #0") must not pass the unguarded object as holding none: the
# relocations the log names differ from the object's (bpf-validate --info).
mkdir -p "$T/bin"
cat >"$T/bin/bpftool" <<SH
#!/bin/sh
"$BPFTOOL" "\$@" 2>&1 | sed 's/: relo #/: relocation #/'
SH
chmod +x "$T/bin/bpftool"
rc=0
"$VM_TOOLS/bpf-core-check" --bpftool "$T/bin/bpftool" --kernel "$K61" "$VM_OBJ/core_unguarded.bpf.o" >"$T/reworded" 2>&1 || rc=$?
cat "$T/reworded"
assert_eq "bpf-core-check exit, another log wording" 1 "$rc"
assert_grep "^core_unguarded\.bpf\.o on ${k61//+/\\+}: bpftool's log does not match the object's 1 CO-RE relocation\(s\) \(1 not in the log, the first tracepoint/sched/sched_process_exec #0\)" "$T/reworded"
# And without a bpf-validate to read the object: one line, exit 1.
rc=0
BPF_VALIDATE=$T/none "$VM_TOOLS/bpf-core-check" --kernel "$K61" "$VM_OBJ/core_unguarded.bpf.o" >"$T/nov" 2>&1 || rc=$?
assert_eq "bpf-core-check exit, no validator" 1 "$rc"
assert_eq "its message" "bpf-core-check: $T/none: not an executable; fix --validator or BPF_VALIDATE" "$(cat "$T/nov")"

# In the 6.1 VM: libbpf poisons the unresolved read and the verifier rejects it.
rc=0
"$VM_TOOLS/bpf-vm-verify" --kernel "$K61" "$VM_OBJ/core_guarded.bpf.o" "$VM_OBJ/core_unguarded.bpf.o" >"$T/vm" 2>&1 || rc=$?
cat "$T/vm"
assert_eq "bpf-vm-verify exit on 6.1" 1 "$rc"
assert_grep "^core_guarded\.bpf\.o +core_guarded +tracepoint/sched/sched_process_exec +pass$" "$T/vm"
assert_grep "^core_unguarded\.bpf\.o +core_unguarded +tracepoint/sched/sched_process_exec +rejected$" "$T/vm"
assert_grep "^core_unguarded\.bpf\.o: core_unguarded on ${k61//+/\\+}: rejected:" "$T/vm"
assert_grep "failed to resolve CO-RE relocation <byte_off> .*struct task_struct\.saved_state" "$T/vm" "the VM's verifier log"
