# bpf-validate built with ASan+UBSan (its own Meson build dir) runs the static
# checks and the verifier over every test object, good and bad, with leak
# detection on and any sanitizer report fatal.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

b=$T/asan
meson setup "$b" "$BPFBUILD_TOP" -Db_sanitize=address,undefined -Db_lundef=false \
	-Dbuildtype=debug >"$T/setup.log" 2>&1 || { tail -20 "$T/setup.log"; fail "meson setup"; }
meson compile -C "$b" >"$T/build.log" 2>&1 || { tail -20 "$T/build.log"; fail "ASan build"; }
bv=$b/tools/bpf-validate/bpf-validate
ldd "$bv" >"$T/ldd"	# not piped into grep -q: pipefail + SIGPIPE
if ! grep -q 'libasan' "$T/ldd" || ! grep -q 'libubsan' "$T/ldd"; then
	fail "the build is not sanitized"
fi
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98

# The host may refuse lsm programs (77) or load them (0).
expect() {	# expect "ALLOWED-EXITS" ARGS...
	local want=$1; shift
	rc=0; env -u CI "$bv" "$@" >"$T/out" 2>"$T/err" || rc=$?
	if grep -qE 'Sanitizer|runtime error' "$T/err"; then
		head -40 "$T/err"; fail "sanitizer report for: $*"
	fi
	case " $want " in *" $rc "*) ;; *) cat "$T/err"; fail "exit $rc (wanted $want) for: $*" ;; esac
}
head -c 2048 /dev/urandom >"$T/garbage.o"
head -c 700 "$OBJ/core_tp.o" >"$T/truncated.o"

expect 0 "$OBJ/xdp_pass.o" "$OBJ/cgroup_bind4.o" "$OBJ/core_tp.o" "$OBJ/gcc_bind4.o"
expect 0 --json "$OBJ/xdp_pass.o" "$OBJ/core_tp.o"
expect 1 --tap "$OBJ/bad_deref.o"
assert_grep 'rejected at .*bad_deref\.bpf\.c:[0-9]+' "$T/out" "ASan build's report"
expect "0 77" "$OBJ/lsm_open.o"
expect 1 "$OBJ/bogus_sec.o" "$OBJ/gcc_core.o"
expect 1 --static-only "$OBJ/gcc_core.o" "$T/garbage.o" "$T/truncated.o" /bin/true
expect 1 "$T/garbage.o" "$T/missing.o" "$OBJ/xdp_pass.o"
expect 1 --static-only "$OBJ"/*.o
# --info on the crafted objects of past findings, which fail after their
# section table was read.
expect 1 --info "$BPFBUILD_TOP"/tests/validate/fuzz-regress/*.o
expect 1 --info --json "$BPFBUILD_TOP"/tests/validate/fuzz-regress/*.o
# Everything at once, through the per-program fallback path.
expect "1" --json "$OBJ"/*.o
# --merge reads documents: good ones, a rejection, and every malformed one.
M=$BPFBUILD_TOP/tests/validate/merge
expect 0 --merge --json --policy --kernels-min 6.12 "a=$M/old-6.1.json" "b=$M/pass-6.12.json"
expect 1 --merge "a=$M/pass-6.12.json" "b=$M/reject-sid.json" --host-json "$M/pass-sid.json"
expect 1 --merge "a=$M/truncated.json"
for f in "$BPFBUILD_TOP"/tests/validate/fuzz-regress-json/*; do expect 1 --merge "x=$f"; done
