#!/bin/bash
# src_test of both examples packages under the stand-in: as root the
# kernel verifies every object (pass); without privilege (setpriv, no
# capabilities, as portage's userpriv) bpf-validate exits 77 after its
# static checks, and meson test / make check report SKIP with the reason
# while the phase succeeds.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"
. "$(dirname "$0")/e2e-lib.sh"

for kind in meson autotools; do
	e2e_examples "$kind" clang unpriv
	np=$E2E_OUT/test-nopriv.log root=$E2E_OUT/test-root.log
	assert_grep '^>>> phase test \(0, CapEff 0000000000000000\)$' "$np" "$kind: the unprivileged test phase"
	assert_grep '^>>> test phase done$' "$np" "$kind: the unprivileged test phase succeeds"
	assert_grep '^>>> test phase done$' "$root" "$kind: the test phase as root"
	assert_no_grep '^die:' "$np" "$kind (unprivileged)"
	if [ "$kind" = meson ]; then
		assert_grep '^Skipped: +[1-9][0-9]* *$' "$np" "$kind unprivileged: SKIPs"
		# meson 1.0 prints every count, meson 1.12 only the non-zero ones.
		assert_no_grep '^Ok: +[1-9]' "$np" "$kind unprivileged: no pass"
		assert_no_grep '^Fail: +[1-9]' "$np" "$kind unprivileged: no failure"
		# The reason, in the test log of the unprivileged run.
		assert_grep 'not verified: bpf\(\) denied \(Operation not permitted\): the verifier needs CAP_BPF' \
			"$E2E_OUT/logs-nopriv/testlog.txt" "$kind unprivileged: the reason"
		assert_grep '^Ok: +[1-9][0-9]* *$' "$root" "$kind as root: passes"
		# The LSM example, refused by this host kernel: BPF_VALIDATE_KERNELS.
		assert_grep '^restrict_fs\.bpf\.o: restrict_fs: (host kernel refuses lsm programs; verified in VM 6\.1\.|.*pass)' \
			"$E2E_OUT/logs-root/testlog.txt" "$kind as root: restrict_fs"
		assert_no_grep '^Skipped: +[1-9]' "$root" "$kind as root: no skip"
	else
		assert_grep '^# SKIP: +[1-9][0-9]*$' "$np" "$kind unprivileged: SKIPs"
		assert_grep '^# PASS: +0$' "$np" "$kind unprivileged: no pass"
		assert_grep '^# FAIL: +0$' "$np" "$kind unprivileged: no failure"
		assert_grep '^SKIP: socket-bind/socket_bind\.bpf\.o$' "$np" "$kind unprivileged: socket_bind"
		assert_grep 'not verified: bpf\(\) denied \(Operation not permitted\): the verifier needs CAP_BPF' \
			"$E2E_OUT/logs-nopriv/socket_bind.bpf.log" "$kind unprivileged: the reason"
		assert_grep '^# PASS: +[1-9][0-9]*$' "$root" "$kind as root: passes"
		assert_grep '^# SKIP: +0$' "$root" "$kind as root: no skip"
	fi
	note "$kind: unprivileged: $(grep -E '^(Skipped|# SKIP):' "$np" | tr -s ' '); as root: $(grep -E '^(Ok|# PASS):' "$root" | tr -s ' ')"
done
echo "e2e src_test: ok"
