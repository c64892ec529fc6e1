# Many large objects in one boot (issue 32: the selftests' 788 objects of
# gcc-bpf 14, which keep their DWARF, are 190 MiB): the guest gets memory
# for what its initramfs holds, so every object is verified instead of the
# guest booting without room to unpack them ("the guest's validator
# printed no JSON": no /proc, no /tmp).  40 objects of 6 MiB each (a real
# program with a section of random bytes that no loader reads; not a
# .note: LLVM 21's objcopy checks a note's layout), in sid's kernel.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
command -v llvm-objcopy >/dev/null || fail "no llvm-objcopy (Debian: llvm)"
obj=$VM_OBJ/core_guarded.bpf.o
objs=()
for i in $(seq 40); do
	head -c 6000000 /dev/urandom >"$T/pad"
	llvm-objcopy --add-section .bpfbuild.pad="$T/pad" --set-section-flags .bpfbuild.pad=readonly \
		"$obj" "$T/big$i.bpf.o" || fail "llvm-objcopy"
	objs+=("$T/big$i.bpf.o")
done
rm -f "$T/pad"
rc=0
"$VM_TOOLS/bpf-vm-verify" --json --kernel "$KSID" --timeout 600 "${objs[@]}" >"$T/out.json" 2>"$T/err" || rc=$?
cat "$T/err"
[ $rc = 0 ] || fail "bpf-vm-verify exit $rc on 40 objects of 6 MiB"
json_check "$T/out.json" '(len(d["kernels"][0]["objects"]) == 40 and d["kernels"][0]["error"] is None
	and all(p["verdict"] == "pass" for o in d["kernels"][0]["objects"] for p in o["programs"]))' \
	"every one of the 40 objects verified, every program passing"
echo "ok: 40 objects of 6 MiB verified in $(python3 -c "import json; print(json.load(open('$T/out.json'))['kernels'][0]['seconds'])") s"
