#!/bin/bash
# The verifier tests' policies through autotools (issue 18): the programs
# of tests/vm/policy.t in a consumer made by bpfbuildize, each object's
# declarations in NAME_BPF_VALIDATE_FLAGS, verified on the host and in the
# 6.1 and 6.12 VMs under CI=true.  The verdicts are Meson's.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
src=$T/src
mkdir -p "$src"
cp "$BPFBUILD_TOP"/tests/vm/policy-autotools/configure.ac "$BPFBUILD_TOP"/tests/vm/policy-autotools/Makefile.am "$src/"
for n in io_uring_submit tc_iter_num lsm_exec_audit; do cp "$BPFBUILD_TOP/tests/vm/progs/$n.bpf.c" "$src/"; done
(cd "$src" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/bootstrap.log" 2>&1 ||
	{ cat "$T/bootstrap.log"; fail "bpfbuildize + autoreconf failed"; }
mkdir -p "$T/b"
(cd "$T/b" && "$src/configure" BPF_VALIDATE="$BPF_VALIDATE" BPF_VM_VERIFY="$VM_TOOLS/bpf-vm-verify" \
	--with-bpf-validate-kernels="$K61,$K612") >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "configure failed"; }
make -C "$T/b" >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "make failed"; }

# check LOG MAKE-ARGS...: make check under CI=true; the exit is its own.
check() {
	local log=$1; shift
	CI=true make -C "$T/b" check "$@" >"$log" 2>&1
}
rc=0; check "$T/check.log" || rc=$?
cat "$T/check.log"
[ "$rc" -ne 0 ] || fail "make check passed, but lsm_exec_audit's kprobe is rejected everywhere"
assert_grep "^PASS: io_uring_submit\\.bpf\\.o\$" "$T/check.log"
assert_grep "^PASS: tc_iter_num\\.bpf\\.o\$" "$T/check.log"
assert_grep "^FAIL: lsm_exec_audit\\.bpf\\.o\$" "$T/check.log"
assert_grep "^# FAIL: +1\$" "$T/check.log"
# The declarations reached the VMs: the kernel range shows in the table.
assert_grep "^tc_iter_num\\.bpf\\.o +prio_weights +tc +pass +not-applicable +pass\$" "$T/b/tc_iter_num.bpf.log" "tc_iter_num's table"
assert_grep "^lsm_exec_audit\\.bpf\\.o +audit_exec +\\S+ +pass +pass\$" "$T/b/lsm_exec_audit.bpf.log" "the LSM program, verified in the VMs"

# Declared required instead, the other two fail as well.
rc=0; check "$T/check2.log" POLICY_IO_URING='--require submit_sqe,submit_req' POLICY_TC='--require prio_weights' || rc=$?
grep -E "^(PASS|FAIL|SKIP|ERROR):" "$T/check2.log" || :
assert_grep "^FAIL: io_uring_submit\\.bpf\\.o\$" "$T/check2.log"
assert_grep "^FAIL: tc_iter_num\\.bpf\\.o\$" "$T/check2.log"
assert_grep "submit_req: required, but no-target on ${K61##*/}" "$T/b/io_uring_submit.bpf.log" "io_uring_submit's failure"
echo ok
