# A Meson consumer with LSM, fentry and tracepoint programs and one plain
# test per program (tests/vm/consumer/meson.build), configured with the
# module's -Dbpfbuild:validate-kernels=<bookworm's 6.1>:
# - the summary says so;
# - meson test passes under CI=true: the host refuses the LSM and fentry
#   programs (each says so, with the type) and the VM verifies them;
# - BPF_VALIDATE_KERNELS="" at test time: those two are "not verified:
#   host refuses TYPE", SKIP without CI, and FAIL under CI=true;
# - validate-kernels with a bpf-vm-verify that does not exist: one ERROR
#   line (with no bpf-validate installed or buildable: meson/bad-input.t;
#   with none installed, the subproject builds it: meson/subproject-validator.t).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
. "$(dirname "$0")/../meson/lib-meson.sh"

src=$T/src
mkdir -p "$src/subprojects"
cp "$BPFBUILD_TOP"/tests/vm/consumer/meson.build "$BPFBUILD_TOP"/tests/vm/progs/{lsm_file_open,fentry_vfs_unlink,core_guarded}.bpf.c "$src/"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
k61=$(basename "$K61")

meson setup "$T/b" "$src" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" -Dbpfbuild:bpf-compiler=clang \
	-Dbpfbuild:bpf-vm-verify="$VM_TOOLS/bpf-vm-verify" -Dbpfbuild:validate-kernels="$k61" >"$T/setup.log" 2>&1 \
	|| { cat "$T/setup.log"; fail "meson setup"; }
assert_grep "^ +validation +: .*bpf-validate, then every object in VMs: ${k61//./\\.}\$" "$T/setup.log" "summary"
meson compile -C "$T/b" >"$T/compile.log" 2>&1 || { cat "$T/compile.log"; fail "meson compile"; }
# No fixed Meson limit over the VM boots, which bpf-vm-verify bounds by
# their work (issue 46 item 10): 300 s killed sound three-kernel runs.
meson introspect --tests "$T/b" | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    if t["suite"] == ["test:bpf-verifier"] or "bpf-verifier" in " ".join(t["suite"]):
        print(t["name"], t["timeout"])' >"$T/timeouts"
[ -s "$T/timeouts" ] || fail "no bpf-verifier tests in meson introspect --tests"
assert_no_grep ' [1-9][0-9]*$' "$T/timeouts" "the verifier tests' Meson timeouts with VM kernels"

# The host's own verdict decides what the VM must take over.
refuses=()
for p in lsm_file_open fentry_vfs_unlink; do
	rc=0; env -u CI "$BPF_VALIDATE" "$T/b/$p.bpf.o" >"$T/host.$p" 2>&1 || rc=$?
	[ $rc = 0 ] || { assert_eq "$p on the host" 77 "$rc"; refuses+=("$p"); }
done
note "the host refuses: ${refuses[*]:-nothing}"
declare -A type=([lsm_file_open]=lsm [fentry_vfs_unlink]=tracing)
prog() { case $1 in lsm_file_open) echo vm_file_open ;; fentry_vfs_unlink) echo vm_vfs_unlink ;; esac; }

rc=0
CI=true meson test -C "$T/b" --print-errorlogs >"$T/test.log" 2>&1 || rc=$?
log=$T/b/meson-logs/testlog.txt
[ $rc = 0 ] || { cat "$log"; fail "meson test under CI=true with the VM kernel: exit $rc"; }
for p in lsm_file_open fentry_vfs_unlink core_guarded; do
	assert_grep "[ :]$p +OK" "$T/test.log" "meson test"
done
for p in "${refuses[@]}"; do
	assert_grep "^$p\\.bpf\\.o: $(prog "$p"): refused: host kernel refuses ${type[$p]} programs" "$log" "$p (host)"
	assert_grep "^$p\\.bpf\\.o +$(prog "$p") +\\S+ +pass\$" "$log" "$p (the VM's table)"
	assert_grep "^$p\\.bpf\\.o: $(prog "$p"): host kernel refuses ${type[$p]} programs; verified in VM ${k61//./\\.}\$" "$log" "$p"
done

if [ ${#refuses[@]} -gt 0 ]; then
	# No VM kernel at test time.
	rc=0
	BPF_VALIDATE_KERNELS= CI= meson test -C "$T/b" >"$T/novm.log" 2>&1 || rc=$?
	assert_eq "meson test without CI and without VM kernels" 0 "$rc"
	for p in "${refuses[@]}"; do
		assert_grep "[ :]$p +SKIP" "$T/novm.log" "meson test without VM kernels"
		assert_grep "^$p\\.bpf\\.o: $(prog "$p"): not verified: host refuses ${type[$p]}\$" "$log" "$p without VM kernels"
	done
	assert_grep "[ :]core_guarded +OK" "$T/novm.log" "meson test without VM kernels"
	rc=0
	BPF_VALIDATE_KERNELS= CI=true meson test -C "$T/b" >"$T/novm-ci.log" 2>&1 || rc=$?
	[ $rc != 0 ] || fail "meson test under CI=true without VM kernels passed"
	for p in "${refuses[@]}"; do
		assert_grep "[ :]$p +FAIL" "$T/novm-ci.log" "meson test under CI=true without VM kernels"
	done
	assert_grep 'CI=true: a program verified neither on the host nor in a VM is a failure' "$log"
fi

# Bad configurations: one line, naming the cause.
line=$(setup_fails "$T/bad1.log" "$T/bad1" "$src" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" \
	-Dbpfbuild:validate-kernels="$k61" -Dbpfbuild:bpf-vm-verify="$T/nowhere/bpf-vm-verify")
echo "$line" | grep -q 'nowhere/bpf-vm-verify' || fail "the error does not name the missing bpf-vm-verify: $line"
