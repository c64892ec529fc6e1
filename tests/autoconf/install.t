# The toolkit's install puts the m4 files in $datadir/aclocal and the Meson
# module (the helper scripts) where bpfbuild.pc says: a consumer with only
# AX_BPF in configure.ac and the installed bpfbuild.am builds, checks, and
# finds bpf-validate and bpf-vm-verify through bpfbuild.pc.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

toolkit_build
dest=$T/dest
meson install -C "$BPFBUILD_TEST_RUN/toolkit" --destdir "$dest" >"$T/install.log" 2>&1 ||
	{ cat "$T/install.log"; fail "meson install of the toolkit"; }
pc=$(find "$dest" -name bpfbuild.pc | head -n 1)
[ -n "$pc" ] || fail "no bpfbuild.pc installed"
aclocal_dir=$(find "$dest" -path '*/aclocal/ax_bpf.m4' -printf '%h\n' | head -n 1)
[ -n "$aclocal_dir" ] || fail "ax_bpf.m4 is not installed in an aclocal directory"
for m in ax_bpf ax_prog_bpf_cc ax_prog_bpftool ax_bpf_vmlinux_h ax_bpfbuild_dir ax_prog_bpf_validate ax_bpf_program; do
	[ -f "$aclocal_dir/$m.m4" ] || fail "$m.m4 is not installed"
done
# The .pc file names the real prefix: point a copy of it into DESTDIR.
mkdir "$T/pc"
prefix=$(pkg-config --variable=prefix "$pc")
sed "s|^prefix=.*|prefix=$dest$prefix|" "$pc" >"$T/pc/bpfbuild.pc"
export PKG_CONFIG_PATH=$T/pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
unset BPF_VALIDATE
fragment=$(pkg-config --variable=amfragment bpfbuild)
[ -f "$fragment" ] || fail "bpfbuild.pc amfragment=$fragment is not a file"

# A consumer: one uapi program, nothing vendored.
p=$T/proj
mkdir -p "$p/m4"
cp "$BPFBUILD_TOP/examples/socket-bind/socket_bind.bpf.c" "$BPFBUILD_TOP/examples/socket-bind/socket_bind.h" "$p/"
cp "$fragment" "$p/m4/bpfbuild.am"
cat >"$p/configure.ac" <<'AC'
AC_INIT([consumer], [1.0])
AC_CONFIG_AUX_DIR([build-aux])
AC_CONFIG_MACRO_DIRS([m4])
AM_INIT_AUTOMAKE([foreign -Wall -Wno-portability])
AX_BPF
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat >"$p/Makefile.am" <<'AM'
ACLOCAL_AMFLAGS = -I m4
include $(top_srcdir)/m4/bpfbuild.am
if HAVE_BPF
BPF_OBJECTS += socket_bind.bpf.o
endif
EXTRA_DIST += socket_bind.h
AM
(cd "$p" && ACLOCAL_PATH=$aclocal_dir autoreconf -fi) >"$T/autoreconf.log" 2>&1 ||
	{ cat "$T/autoreconf.log"; fail "autoreconf of the consumer with the installed macros"; }
grep -q 'ax_bpf.m4' "$p/aclocal.m4" || fail "aclocal did not take AX_BPF from $aclocal_dir"
mkdir "$p/b"
(cd "$p/b" && ../configure) >"$T/configure.log" 2>&1 || { cat "$T/configure.log"; fail "configure of the consumer"; }
cat "$T/configure.log"
enginedir=$(pkg-config --variable=enginedir bpfbuild)
assert_grep "^checking for the bpfbuild helper scripts\\.\\.\\. $enginedir\$" "$T/configure.log" "configure"
# Every script the rules run, the generated vmlinux.h's writer too.
for f in bpfbuild-cc bpfbuild-vmlinux-h bpfbuild-validate-test; do
	[ -x "$enginedir/$f" ] || fail "$f is not installed in the engine directory $enginedir"
done
assert_grep "^checking for bpf-validate\\.\\.\\. .*$dest.*/bpf-validate\$" "$T/configure.log" "configure"
# bpf-vm-verify too, for --with-bpf-validate-kernels (bpfbuild.pc's bpf_vm_verify).
assert_grep "^checking for bpf-vm-verify\\.\\.\\. .*$dest.*/bpf-vm-verify\$" "$T/configure.log" "configure"
make -C "$p/b" -j2 check >"$T/check.log" 2>&1 || { cat "$T/check.log" "$p/b/test-suite.log"; fail "make check of the consumer"; }
cat "$T/check.log"
assert_grep '^PASS: socket_bind\.bpf\.o$' "$T/check.log" "make check"

# The installed bpfbuildize knows where the install put the macros, the
# fragment and the scripts; pointed into DESTDIR, it vendors them.
bz=$(find "$dest" -path '*/bin/bpfbuildize' | head -n 1)
[ -n "$bz" ] && [ -x "$bz" ] || fail "bpfbuildize is not installed in a bin directory"
for v in aclocaldir amfragment enginedir; do
	grep -q "^$v='$prefix/" "$bz" || fail "the installed bpfbuildize has no $v under $prefix: $(grep "^$v=" "$bz")"
done
sed "s#^\(aclocaldir\|amfragment\|enginedir\)='$prefix/#\1='$dest$prefix/#" "$bz" >"$T/bpfbuildize"
q=$T/vendored
mkdir "$q"
cp "$p/configure.ac" "$p/Makefile.am" "$p/socket_bind.bpf.c" "$p/socket_bind.h" "$q/"
(cd "$q" && sh "$T/bpfbuildize" --copy) >"$T/bz.log" 2>&1 || { cat "$T/bz.log"; fail "the installed bpfbuildize"; }
for f in m4/ax_bpf.m4 m4/bpfbuild.am build-aux/bpfbuild/bpfbuild-probe build-aux/bpfbuild/probes/core.bpf.c; do
	[ -f "$q/$f" ] || fail "the installed bpfbuildize did not put $f"
done
cmp "$q/m4/bpfbuild.am" "$BPFBUILD_TOP/autoconf-macros/bpfbuild.am" || fail "the installed bpfbuildize put another bpfbuild.am"
