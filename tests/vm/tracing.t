# LSM and fentry programs: the host refuses them (reported as refused, with
# the reason); each VM of the matrix, booted with lsm=...,bpf, verifies them.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
objs=("$VM_OBJ/lsm_file_open.bpf.o" "$VM_OBJ/fentry_vfs_unlink.bpf.o")

rc=0
env -u CI "$BPF_VALIDATE" --json "${objs[@]}" >"$T/host.json" 2>"$T/host.err" || rc=$?
cat "$T/host.json" "$T/host.err"
if [ $rc = 0 ]; then
	note "this host kernel verifies tracing programs itself"
else
	assert_eq "host bpf-validate exit" 77 "$rc"
	json_check "$T/host.json" 'all(p["verdict"] == "refused" and "refuses" in (p["error"] or "") for o in d["objects"] for p in o["programs"]) and len(d["objects"]) == 2' "host: refused with the reason"
	env -u CI "$BPF_VALIDATE" "${objs[@]}" >"$T/host.txt" 2>&1 || :
	assert_grep "vm_file_open: refused: host kernel refuses lsm programs" "$T/host.txt"
	assert_grep "vm_vfs_unlink: refused: host kernel refuses tracing programs" "$T/host.txt"
fi

rc=0
"$VM_TOOLS/bpf-vm-verify" --json "${KARGS[@]}" "${objs[@]}" >"$T/vm.json" 2>"$T/vm.err" || rc=$?
cat "$T/vm.err"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    for o in k["objects"]:
        for p in o["programs"]:
            print("%-28s %-26s %-16s %s" % (k["name"], p["section"], p["name"], p["verdict"]))
' "$T/vm.json"
assert_eq "bpf-vm-verify exit" 0 "$rc"
json_check "$T/vm.json" 'len(d["kernels"]) == 3 and all("bpf" in (k["lsm"] or "").split(",") and len(k["objects"]) == 2 and all(p["verdict"] == "pass" and p["insns"] for o in k["objects"] for p in o["programs"]) for k in d["kernels"])' "every kernel verifies the LSM and fentry programs, BPF LSM active"
json_check "$T/vm.json" 'sorted(p["type"] for o in d["kernels"][0]["objects"] for p in o["programs"]) == ["lsm", "tracing"]' "program types"
