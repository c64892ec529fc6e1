# restrict_fs, the LSM example: its object passes bpf-validate's static
# checks (no privilege, no kernel needed), with its CO-RE relocations.  On
# a kernel that refuses LSM programs (this host), its loader says so in
# one line with exit 3, and bpf-validate independently finds the same
# refusal; on one that runs them, the functional test must pass.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-examples.sh"

examples_build clang -Dbpf-compiler=clang
obj=$EX_BUILD/restrict_fs.bpf.o
[ -s "$obj" ] || fail "restrict_fs.bpf.o was not built"
"$BPF_VALIDATE" --static-only "$obj" >"$T/static" 2>&1 || { cat "$T/static"; fail "static validation of restrict_fs.bpf.o failed"; }
cat "$T/static"
assert_grep 'restrict_fs +lsm/file_open +not-run' "$T/static" "bpf-validate --static-only"
assert_grep '[1-9][0-9]* CO-RE relocations' "$T/static" "bpf-validate --static-only"
assert_no_grep '(error|warning):' "$T/static" "bpf-validate --static-only"

[ "$(id -u)" = 0 ] || { note "not root: the loader's kernel check is left out"; exit 0; }
rc=0
"$EX_BUILD/restrict_fs" --deny-fs tmpfs --try /proc/version >"$T/out" 2>"$T/err" || rc=$?
cat "$T/out" "$T/err"
case $rc in
3)
	assert_eq "the loader's stderr" "restrict_fs: the host kernel refuses lsm programs (EPERM)" "$(cat "$T/err")"
	rc=0
	# Without CI=true, which would turn the refusal (77) into a failure (1).
	CI='' "$BPF_VALIDATE" "$obj" >"$T/full" 2>&1 || rc=$?
	cat "$T/full"
	assert_eq "bpf-validate exit on a host that refuses lsm" 77 "$rc"
	assert_grep 'restrict_fs: refused: host kernel refuses lsm programs' "$T/full" "bpf-validate"
	# Run by hand, the functional test skips (77) on this proof alone.
	rc=0
	CI='' sh "$BPFBUILD_TOP/examples/restrict-fs/test-restrict-fs.sh" "$EX_BUILD/restrict_fs" >"$T/fn" 2>&1 || rc=$?
	cat "$T/fn"
	assert_eq "test-restrict-fs.sh exit where lsm is refused" 77 "$rc"
	;;
0)
	note "this kernel runs LSM programs: the functional test must pass"
	sh "$BPFBUILD_TOP/examples/restrict-fs/test-restrict-fs.sh" "$EX_BUILD/restrict_fs" || fail "restrict_fs functional test"
	;;
*) fail "restrict_fs exit $rc (expected 3: refused, or 0)" ;;
esac
