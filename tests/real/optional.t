#!/bin/bash
# One program that does not build must not stop the rest (issue 18.5): in
# tests/real/optional/, xdp-len.bpf.c has a typo and is declared optional
# (Meson: '--optional' in its args; autotools: xdp_len_BPF_OPTIONAL).  The
# build goes on, xdp-count is verified, xdp-len's test is a SKIP naming the
# compiler's error, its loader would stop at the stub skeleton's #error; a
# fixed source is built again; declared required, it fails the build.
. "$(dirname "$0")/../lib.sh"
toolkit_build
src=$T/src
mkdir -p "$src/subprojects"
cp "$BPFBUILD_TOP"/tests/real/optional/* "$src/"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"

note "Meson"
meson setup "$T/mb" "$src" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" >"$T/setup.log" 2>&1 ||
	{ tail -n 30 "$T/setup.log"; fail "meson setup"; }
meson compile -C "$T/mb" >"$T/compile.log" 2>&1 || { tail -n 30 "$T/compile.log"; fail "meson compile stopped at the optional program"; }
assert_grep "error: no member named 'data_endd'|has no member named .data_endd." "$T/compile.log" "the compiler's error, shown"
assert_grep "bpfbuild-cc: xdp-len\\.bpf\\.o: optional program not built: .*data_endd" "$T/compile.log"
assert_grep "^#error \"xdp-len\\.bpf\\.o: optional BPF program not built: .*data_endd" "$T/mb/xdp-len.skel.h" "the stub skeleton"
rc=0; CI=true meson test -C "$T/mb" >"$T/test.log" 2>&1 || rc=$?
cat "$T/test.log"
assert_eq "meson test (a SKIP fails nothing)" 0 "$rc"
assert_grep "[ :]xdp-count\\.bpf\\.o +OK" "$T/test.log"
assert_grep "[ :]xdp-len\\.bpf\\.o +SKIP" "$T/test.log"
assert_grep "xdp-len\\.bpf\\.o: not built \\(optional program\\): .*data_endd" "$T/mb/meson-logs/testlog.txt"
# A loader of the optional program stops at the stub's #error.
printf '#include "xdp-len.skel.h"\nint main(void) { return 0; }\n' >"$T/loader.c"
if cc -I"$T/mb" -c "$T/loader.c" -o "$T/loader.o" 2>"$T/loader.err"; then fail "a loader compiled against the stub skeleton"; fi
assert_grep "optional BPF program not built" "$T/loader.err"

note "the source fixed: built and verified"
sed -i 's/data_endd/data_end/' "$src/xdp-len.bpf.c"
meson compile -C "$T/mb" >"$T/compile2.log" 2>&1 || { tail -n 30 "$T/compile2.log"; fail "meson compile of the fixed source"; }
if grep -q "not built" "$T/compile2.log"; then fail "the fixed source did not build"; fi
rc=0; CI=true meson test -C "$T/mb" >"$T/test2.log" 2>&1 || rc=$?
assert_eq "meson test, fixed" 0 "$rc"
assert_grep "[ :]xdp-len\\.bpf\\.o +OK" "$T/test2.log"

note "required: the build fails"
sed -i 's/data_end /data_endd /' "$src/xdp-len.bpf.c"
grep -q data_endd "$src/xdp-len.bpf.c" || fail "the typo could not be put back"
meson configure "$T/mb" -Dxdp_len_args=[] >/dev/null
if meson compile -C "$T/mb" >"$T/compile3.log" 2>&1; then fail "a required program that does not compile passed the build"; fi
assert_grep "data_endd" "$T/compile3.log"

note "autotools"
rm -rf "$src/subprojects"
cp "$BPFBUILD_TOP"/tests/real/optional/xdp-len.bpf.c "$src/"
(cd "$src" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/bootstrap.log" 2>&1 ||
	{ cat "$T/bootstrap.log"; fail "bpfbuildize + autoreconf failed"; }
mkdir -p "$T/ab"
(cd "$T/ab" && "$src/configure" BPF_VALIDATE="$BPF_VALIDATE") >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "configure failed"; }
make -C "$T/ab" >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "make stopped at the optional program"; }
assert_grep "bpfbuild-cc: xdp-len\\.bpf\\.o: optional program not built: .*data_endd" "$T/make.log"
rc=0; CI=true make -C "$T/ab" check >"$T/check.log" 2>&1 || rc=$?
cat "$T/check.log"
assert_eq "make check (a SKIP fails nothing)" 0 "$rc"
assert_grep "^PASS: xdp-count\\.bpf\\.o\$" "$T/check.log"
assert_grep "^SKIP: xdp-len\\.bpf\\.o\$" "$T/check.log"
assert_grep "not built \\(optional program\\): .*data_endd" "$T/ab/xdp-len.bpf.log"
rc=0; make -C "$T/ab" xdp_len_BPF_OPTIONAL= -B xdp-len.bpf.o >"$T/make2.log" 2>&1 || rc=$?
[ "$rc" -ne 0 ] || fail "make of a required program that does not compile passed"
echo ok
