# A fresh Meson consumer that adds bpfbuild as the README says (a copy of
# the toolkit in subprojects/bpfbuild: the files of the installed wrap
# archive), on a machine with no bpf-validate installed, gets the real
# validator: the subproject builds bpf-validate for the build machine and
# finds its own VM tools, so the summary names it, "meson test" prints its
# report (not "bpftool prog loadall"'s), and -Dbpfbuild:validate-kernels
# configures and verifies in that VM (one boot).  Where it cannot be built,
# the fallback's reason: meson/bad-input.t.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"
. "$(dirname "$0")/lib-consumer.sh"

vm_kernel_61


# Nothing of the toolkit installed: neither on PATH nor known to pkg-config.
without_toolkit "$T/sys"

# The README's consumer, and beside its programs one the host may refuse
# (an LSM program), which the VM verifies.
readme_consumer "$T/c"
subproject_copy "$T/c/subprojects/bpfbuild"
cp "$BPFBUILD_TOP/tests/vm/progs/lsm_file_open.bpf.c" "$T/c/"
cat >>"$T/c/meson.build" <<'EOF'
lsm = custom_target('lsm_file_open', input : files('lsm_file_open.bpf.c'),
  output : ['lsm_file_open.bpf.o', 'lsm_file_open.skel.h'], kwargs : bpf['target'])
test('lsm_file_open.bpf.o', bpf['validate'], args : lsm[0], kwargs : bpf['test'])
EOF

meson setup "$T/b" "$T/c" -Dbpfbuild:bpf-compiler=clang >"$T/setup.log" 2>&1 ||
	{ tail -n 20 "$T/setup.log"; fail "the consumer does not configure"; }
built="$T/b/subprojects/bpfbuild/\\S+/bpf-validate \\(built for the build machine from the subproject's tools/bpf-validate: none installed\\)"
assert_grep "^ +validation +: $built, no VM kernels" "$T/setup.log" "the summary"
# Built by meson test alone (its tests depend on it), not by a full build.
meson test -C "$T/b" --print-errorlogs write-counter.bpf.o socket-bind.bpf.o >"$T/test.log" 2>&1 ||
	{ tail -n 40 "$T/test.log"; fail "meson test fails"; }
assert_grep '^Ok: +2 *$' "$T/test.log" "meson test"
log=$T/b/meson-logs/testlog.txt
# bpf-validate's per-program table; the fallback prints "OBJ: loaded".
assert_grep '^write-counter\.bpf\.o +[a-z_]+ +\S+ +pass +[0-9]+ ' "$log" "the host's report"
assert_grep '^1 object, [0-9]+ programs?: [0-9]+ pass, 0 rejected' "$log" "the host's report"
assert_no_grep ': loaded$' "$log" "the host's report"

# The VM kernel, with the subproject's own bpf-vm-verify: one test, one boot.
meson setup --reconfigure "$T/b" "$T/c" -Dbpfbuild:validate-kernels=$k61 >"$T/setup-k.log" 2>&1 ||
	{ tail -n 20 "$T/setup-k.log"; fail "the consumer does not configure with validate-kernels=$k61"; }
assert_grep "^ +validation +: $built, then every object in VMs: ${k61//./\\.}\$" "$T/setup-k.log" "the summary"
CI=true meson test -C "$T/b" --print-errorlogs lsm_file_open.bpf.o >"$T/test-k.log" 2>&1 ||
	{ tail -n 40 "$T/test-k.log"; fail "meson test with validate-kernels=$k61 fails"; }
assert_grep "^kernel ${k61//./\\.}: release .*, exit 0\$" "$log" "the VM's boot"
assert_grep "^lsm_file_open\\.bpf\\.o +vm_file_open +.* pass\$" "$log" "the VM's table"
