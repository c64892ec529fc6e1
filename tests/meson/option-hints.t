# Every hint the Meson adapter prints names an option as the user must type
# it: -Dbpfbuild:NAME=... in a consumer (issue 34), -DNAME=... where the
# consumer declares NAME itself (bpfbuild yields to it), at configure time
# and in the verifier test's SKIP alike.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"
. "$(dirname "$0")/lib-consumer.sh"
missing=$T/nonexistent/vmlinux.h

# consumer DIR [copy]: the README's consumer; "copy" declares bpfbuild's
# options in its own meson_options.txt.
consumer() {
	readme_consumer "$1"
	ln -s "$BPFBUILD_TOP" "$1/subprojects/bpfbuild"
	if [ "${2:-}" = copy ]; then
		sed 's/, yield : true//' "$BPFBUILD_TOP/meson_options.txt" >"$1/meson_options.txt"
	fi
}
consumer "$T/plain"
consumer "$T/copy" copy

line=$(setup_fails "$T/1.log" "$T/b1" "$T/plain" -Dbpfbuild:vmlinux-h=provided -Dbpfbuild:vmlinux-h-path="$missing")
echo "$line" | grep -qF "is not a file; pass -Dbpfbuild:vmlinux-h-path=/path/to/vmlinux.h (relative: from the project's source root) or use -Dbpfbuild:vmlinux-h=generated" ||
	fail "plain consumer, vmlinux-h-path: $line"
line=$(setup_fails "$T/2.log" "$T/b2" "$T/plain" -Dbpfbuild:bpf-validate="$T")
echo "$line" | grep -qF "is a directory, not a program; pass -Dbpfbuild:bpf-validate=/path/to/bpf-validate" ||
	fail "plain consumer, bpf-validate: $line"
line=$(setup_fails "$T/3.log" "$T/b3" "$T/plain" -Dbpfbuild:bpf-vm-verify="$T/missing")
echo "$line" | grep -qF "is not found or not executable; pass -Dbpfbuild:bpf-vm-verify=/path/to/bpf-vm-verify" ||
	fail "plain consumer, bpf-vm-verify: $line"

# Where the consumer declares the option, its top-level name is the one.
line=$(setup_fails "$T/4.log" "$T/b4" "$T/copy" -Dvmlinux-h=provided -Dvmlinux-h-path="$missing")
echo "$line" | grep -qF "pass -Dvmlinux-h-path=/path/to/vmlinux.h (relative: from the project's source root) or use -Dvmlinux-h=generated" ||
	fail "consumer declaring the options, vmlinux-h-path: $line"

# The verifier test's hint, where the host refuses a program and no VM
# kernel is configured: a consumer of one LSM program, as real ones are.
mkdir -p "$T/lsm/subprojects"
ln -s "$BPFBUILD_TOP" "$T/lsm/subprojects/bpfbuild"
cp "$BPFBUILD_TOP/tests/validate/progs/lsm_open.bpf.c" "$T/lsm/"
cat >"$T/lsm/meson.build" <<'EOF'
project('lsm-consumer', 'c')
bpf = subproject('bpfbuild').get_variable('bpf')
if bpf['enabled'] and bpf['needs']['vmlinux'].length() == 0
	t = custom_target('lsm_open', input : 'lsm_open.bpf.c', output : ['lsm_open.bpf.o', 'lsm_open.skel.h'],
		kwargs : bpf['target'] + {'depfile' : 'lsm_open.bpf.o.d'})
	test('lsm_open.bpf.o', bpf['validate'], args : t[0], kwargs : bpf['test'])
endif
EOF
meson setup "$T/b5" "$T/lsm" >"$T/5.log" 2>&1 || { tail -n 30 "$T/5.log"; fail "the LSM consumer does not configure"; }
assert_grep 'validation *: .*no VM kernels \(-Dbpfbuild:validate-kernels\)' "$T/5.log" "the summary"
grep -q 'lsm_open.bpf.o' "$T/b5/build.ninja" || skip "no vmlinux.h here: the LSM program is not built"
rc=0
CI='' BPF_VALIDATE_KERNELS='' meson test -C "$T/b5" >"$T/6.log" 2>&1 || rc=$?
log=$T/b5/meson-logs/testlog.txt
grep -q 'not verified: host refuses lsm' "$log" || skip "this host verifies LSM programs: no SKIP whose hint to read"
assert_grep 'no VM kernel is configured to verify it: set -Dbpfbuild:validate-kernels=K,\.\.\. \(Meson\)' "$log" "the SKIP's hint"
