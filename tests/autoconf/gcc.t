# --with-bpf-compiler=gcc behaves as the Meson build does with gcc-bpf 12:
# the uapi-only program is built and passes, the CO-RE one is skipped with
# the reason, the same in both.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
ac_build gcc --with-bpf-compiler=gcc
examples_build gcc -Dbpf-compiler=gcc
log=$AC_BUILD.configure.log
assert_grep '^checking for a BPF compiler\.\.\. .*bpf-gcc \(gcc ' "$log" "configure"
assert_grep '^ +socket_bind +: yes$' "$log" "summary"
assert_grep '^ +write_counter +: no \(core: ' "$log" "summary"

# The same skip, for the same reasons, as the Meson module says.
meson_skip=$(grep -o 'skipping BPF program write_counter: .*' "$EX_BUILD.setup.log") ||
	fail "the Meson build does not skip write_counter with gcc"
ac_skip=$(grep -o 'skipping BPF program write_counter: .*' "$log") ||
	fail "configure does not say why write_counter is skipped"
assert_eq "skip reason (autotools vs Meson)" "$meson_skip" "$ac_skip"
echo "$ac_skip" | grep -q 'atomics: ' || fail "the reason lacks the atomics probe: $ac_skip"

# The same outputs exist in both builds.
[ -s "$AC_BUILD/socket-bind/socket_bind.bpf.o" ] && [ -s "$AC_BUILD/socket-bind/socket_bind.skel.h" ] ||
	fail "socket_bind was not built"
[ -s "$EX_BUILD/socket_bind.bpf.o" ] || fail "the Meson build has no socket_bind.bpf.o"
[ ! -e "$AC_BUILD/write-counter/write_counter.bpf.o" ] || fail "write_counter.bpf.o was built with gcc-bpf"
[ ! -e "$EX_BUILD/write_counter.bpf.o" ] || fail "the Meson build has write_counter.bpf.o with gcc-bpf"
[ ! -e "$AC_BUILD/write_counter" ] || fail "the write_counter loader was built"

# make check: the functional test passes; the verifier test gives the
# verdict that "meson test" gives for the same object and validator.
make -C "$AC_BUILD" -j2 check >"$T/check.log" 2>&1 || true
cat "$T/check.log"
assert_grep '^PASS: socket_bind\.test$' "$T/check.log" "make check"
assert_grep '^# TOTAL: +2$' "$T/check.log" "make check"
ac_verdict=$(sed -n 's/^:test-result: //p' "$AC_BUILD/socket-bind/socket_bind.bpf.trs")
meson test -C "$EX_BUILD" --no-rebuild socket_bind.bpf.o >"$T/meson-test.log" 2>&1 || true
meson_verdict=$(sed -n 's/.*socket_bind\.bpf\.o *\(OK\|SKIP\|FAIL\).*/\1/p' "$T/meson-test.log" | head -n 1)
[ "$meson_verdict" = OK ] && meson_verdict=PASS
assert_eq "verifier verdict for socket_bind.bpf.o (autotools vs meson test)" "$meson_verdict" "$ac_verdict"
if [ "$ac_verdict" != PASS ]; then
	sed 's/^/    /' "$AC_BUILD/socket-bind/socket_bind.bpf.log"
	echo "NOTE: $BPF_VALIDATE gives $ac_verdict for gcc-bpf 12's socket_bind.bpf.o in both builds"
	[ "$ac_verdict" != SKIP ] || [ "${CI:-}" != true ] || fail "CI=true: a skipped kernel check is a failure"
fi
