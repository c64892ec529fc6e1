# --host=aarch64-linux-gnu: the uapi-only example's object is BPF, its
# compile line has __TARGET_ARCH_arm64 and arm64's <asm/...> dir, and the
# verifier test is skipped with the reason (the running kernel is x86's),
# VM kernels or not.
. "$(dirname "$0")/../lib.sh"

p=$T/p
mkdir -p "$p/m4" "$p/build-aux"
cp "$BPFBUILD_TOP"/autoconf-macros/*.m4 "$BPFBUILD_TOP/autoconf-macros/bpfbuild.am" "$p/m4/"
cp -R "$BPFBUILD_TOP/engine" "$p/build-aux/bpfbuild"
cp "$BPFBUILD_TOP"/examples/socket-bind/socket_bind.bpf.c "$BPFBUILD_TOP"/examples/socket-bind/socket_bind.h "$p/"
cat >"$p/configure.ac" <<'AC'
AC_INIT([cross-consumer], [1])
AC_CONFIG_AUX_DIR([build-aux])
AC_CONFIG_MACRO_DIRS([m4])
AM_INIT_AUTOMAKE([foreign subdir-objects])
AX_BPF
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat >"$p/Makefile.am" <<'AM'
ACLOCAL_AMFLAGS = -I m4
include $(top_srcdir)/m4/bpfbuild.am
BPF_OBJECTS += socket_bind.bpf.o
BPF_VM_LOADERS += socket_bind
AM
(cd "$p" && autoreconf -fi) >"$T/autoreconf.log" 2>&1 || { cat "$T/autoreconf.log"; fail "autoreconf"; }
mkdir "$T/b"
# VM kernels change nothing there: the VMs run the build machine's CPU.
(cd "$T/b" && "$p/configure" --host=aarch64-linux-gnu --with-bpf-compiler=clang \
	--with-bpf-validate-kernels=6.1.0-57-cloud-amd64 BPF_VM_VERIFY="$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify") >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "cross configure fails"; }
assert_grep '^ +validation +: skipped: the target \(aarch64\) is not the running kernel.s \(x86_64\)$' "$T/configure.log" "summary"
make -C "$T/b" V=1 >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "cross build fails"; }
readelf -h "$T/b/socket_bind.bpf.o" | grep -q 'Machine: *Linux BPF' || fail "not a BPF object"
assert_grep '-D__TARGET_ARCH_arm64' "$T/make.log" "compile line"
assert_grep '-idirafter (/usr/aarch64-linux-gnu/include|/usr/include/aarch64-linux-gnu) ' "$T/make.log" "compile line"
make -C "$T/b" check >"$T/check.log" 2>&1 || true
assert_grep '^SKIP: socket_bind' "$T/check.log" "cross verifier test"
assert_no_grep 'VM' "$T/b/socket_bind.bpf.log" "the cross verifier test's log"
# No functional test in the VMs either: the loaders are not for their CPU.
assert_no_grep '[-]vm-' "$T/check.log" "cross make check"
