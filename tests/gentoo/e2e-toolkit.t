#!/bin/bash
# dev-util/bpfbuild end to end under the stand-in: the working tree as its
# source, setup .. install into ${D} with the user's CFLAGS; ${D} holds
# bpf-validate, the aclocal macros, the Meson module and bpfbuild.pc, and
# bpfbuild.pc points at them.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"
. "$(dirname "$0")/e2e-lib.sh"

e2e_toolkit
log=$E2E_TOOLKIT_LOG
D=$E2E_BROOT
for ph in setup unpack prepare configure compile test install; do
	assert_grep "^>>> phase $ph$" "$log" "phases"
done
assert_grep "^meson setup --prefix=/usr " "$log" "src_configure"
# src_test runs the engine's tests, and not the whole suite: that one needs
# root and QEMU, and its gentoo area would run this ebuild again.
assert_grep "engine/decide\.t +OK" "$log" "src_test"
assert_no_grep "bpfbuild:(gentoo|vm) /|(gentoo|vm) - bpfbuild:" "$log" "src_test"

[ -x "$D/usr/bin/bpf-validate" ] || fail "usr/bin/bpf-validate not installed"
"$D/usr/bin/bpf-validate" --help >"$T/help" 2>&1 || fail "the installed bpf-validate does not run: $(head -n 3 "$T/help")"
# The VM tools: links in usr/bin that work where ${D} lies (relative), to
# scripts that find their helper files beside them.
for t in bpf-vm-kernels bpf-vm-verify bpf-core-check; do
	[ -L "$D/usr/bin/$t" ] || fail "usr/bin/$t is not installed as a link"
	case $(readlink "$D/usr/bin/$t") in /*) fail "usr/bin/$t: an absolute link: $(readlink "$D/usr/bin/$t")" ;; esac
done
"$D/usr/bin/bpf-vm-kernels" list >"$T/list" 2>&1 || fail "the installed bpf-vm-kernels does not run: $(head -n 3 "$T/list")"
rc=0; "$D/usr/bin/bpf-vm-verify" --validator "$D/usr/bin/bpf-validate" --kernel /nonexistent "$BPFBUILD_TOP/tests/validate/progs/xdp_pass.bpf.c" >"$T/v" 2>&1 || rc=$?
assert_eq "bpf-vm-verify, installed, on a missing kernel" 1 "$rc"
assert_grep 'no such kernel image or cache directory: /nonexistent' "$T/v" "the installed bpf-vm-verify"

# The aclocal dir: exactly the toolkit's ax_*.m4, unchanged.
want=$(cd "$BPFBUILD_TOP/autoconf-macros" && ls ax_*.m4 | tr '\n' ' ')
assert_eq "usr/share/aclocal" "$want" "$(cd "$D/usr/share/aclocal" && ls | tr '\n' ' ')"
for f in $want; do
	cmp -s "$D/usr/share/aclocal/$f" "$BPFBUILD_TOP/autoconf-macros/$f" || fail "usr/share/aclocal/$f differs"
done
[ -f "$D/usr/share/bpfbuild/bpfbuild.am" ] || fail "the Automake fragment is not installed"

[ ! -e "$D/usr/bin/bpf-vm-report" ] || fail "usr/bin/bpf-vm-report is installed: it is bpf-vm-verify's internal half"
[ -x "$D/usr/share/bpfbuild/bpf-vm/bpf-vm-report" ] || fail "usr/share/bpfbuild/bpf-vm/bpf-vm-report is not installed"

# The engine: exactly engine/, its scripts executable (the C helpers'
# sources there, e.g. bpfbuild-btf-sort.c, are not scripts).
E=$D/usr/share/bpfbuild/engine
diff -r "$BPFBUILD_TOP/engine" "$E" >"$T/diff" || { cat "$T/diff"; fail "usr/share/bpfbuild/engine differs from engine/"; }
for f in "$E"/bpfbuild-*; do
	case $f in *.c | *.h | *.in | *.awk) continue ;; esac
	[ -x "$f" ] || fail "${f#"$D"}: not executable"
done
# The Meson subproject: the adapter, and the engine through a relative link.
M=$D/usr/share/bpfbuild/meson/bpfbuild
for f in meson.build meson_options.txt $(cd "$BPFBUILD_TOP" && find meson-modules/bpfbuild -type f); do
	cmp -s "$BPFBUILD_TOP/$f" "$M/$f" || fail "usr/share/bpfbuild/meson/bpfbuild/$f differs from the checkout's"
done
case $(readlink "$M/engine") in /*|'') fail "usr/share/bpfbuild/meson/bpfbuild/engine: not a relative link: $(readlink "$M/engine")" ;; esac
[ "$(cd "$M/engine" && pwd -P)" = "$(cd "$E" && pwd -P)" ] || fail "usr/share/bpfbuild/meson/bpfbuild/engine does not lead to usr/share/bpfbuild/engine"

# bpfbuild.pc, read the way a consumer reads it, relocated into ${D}.
pc=$D/usr/share/pkgconfig/bpfbuild.pc
[ -f "$pc" ] || fail "usr/share/pkgconfig/bpfbuild.pc not installed"
pcv() { PKG_CONFIG_PATH=$D/usr/share/pkgconfig PKG_CONFIG_LIBDIR=/nonexistent PKG_CONFIG_SYSROOT_DIR=$D \
	pkg-config --variable="$1" bpfbuild; }
assert_eq "pc mesondir" "$M" "$(pcv mesondir)"
assert_eq "pc enginedir" "$E" "$(pcv enginedir)"
assert_eq "pc aclocaldir" "$D/usr/share/aclocal" "$(pcv aclocaldir)"
assert_eq "pc bpf_validate" "$D/usr/bin/bpf-validate" "$(pcv bpf_validate)"
assert_eq "pc amfragment" "$D/usr/share/bpfbuild/bpfbuild.am" "$(pcv amfragment)"
assert_grep '^prefix=/usr$' "$pc"

# Nothing else: no BPF objects, no stray directories.
(cd "$D" && find . -type f | sort) >"$T/files"
assert_no_grep '\.bpf\.o$' "$T/files" "the toolkit image"
assert_no_grep '.' <(grep -vE '^\./usr/(bin|share/(aclocal|bpfbuild|pkgconfig|man|doc))/' "$T/files") "stray files"
note "$(wc -l <"$T/files") files installed"
echo "e2e toolkit: ok"
