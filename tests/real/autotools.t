#!/bin/bash
# The real-style programs of tests/real/consumer through autotools, after
# bpfbuildize: the same programs built or skipped as with Meson, their
# per-program flags (port_filter_BPF_CFLAGS), vmlinux.h inside the project,
# "make check" green (verifier tests), and objects and skeletons byte for
# byte those of the Meson build.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-real.sh"
toolkit_build
src=$T/src
real_copy "$src"
rm -rf "$src/subprojects"
(cd "$src" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/bootstrap.log" 2>&1 ||
	{ cat "$T/bootstrap.log"; fail "bpfbuildize + autoreconf failed"; }
mkdir -p "$T/ab"
(cd "$T/ab" && "$src/configure" --with-vmlinux-h="$src/x86/vmlinux.h" BPF_VALIDATE="$BPF_VALIDATE") \
	>"$T/configure.log" 2>&1 || { tail -n 30 "$T/configure.log"; fail "configure failed"; }
make -C "$T/ab" >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "make failed"; }
make -C "$T/ab" check >"$T/check.log" 2>&1 || { cat "$T/ab/test-suite.log" 2>/dev/null | tail -n 40; fail "make check failed"; }
assert_grep "^# FAIL: +0" "$T/check.log" "make check"
assert_grep "^    -D__x86_64__ +: glibc_default \(" "$T/configure.log" "the BPF flags summary"

note "the Meson build of the same tree"
mkdir -p "$src/subprojects"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
meson setup "$T/mb" "$src" -Dbpfbuild:vmlinux-h-path=x86/vmlinux.h >"$T/meson.log" 2>&1 ||
	{ tail -n 30 "$T/meson.log"; fail "meson setup failed"; }
meson compile -C "$T/mb" >>"$T/meson.log" 2>&1 || { tail -n 30 "$T/meson.log"; fail "meson compile failed"; }
for p in sock-bind deny-proto runq-hist sock-kern exec-parent fs-hist port-filter; do
	if [ -f "$T/mb/$p.bpf.o" ]; then
		[ -f "$T/ab/$p.bpf.o" ] || fail "$p: built by Meson, not by autotools"
		cmp "$T/mb/$p.bpf.o" "$T/ab/$p.bpf.o" || fail "$p.bpf.o differs between Meson and autotools"
		cmp "$T/mb/$p.skel.h" "$T/ab/$p.skel.h" || fail "$p.skel.h differs between Meson and autotools"
		note "$p: identical"
	else
		[ ! -f "$T/ab/$p.bpf.o" ] || fail "$p: built by autotools, skipped by Meson"
		assert_grep "skipping BPF program $p:" "$T/configure.log" "configure"
		note "$p: skipped by both"
	fi
done
echo "ok"
