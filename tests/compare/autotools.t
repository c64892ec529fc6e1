# configure --enable-bpf-compare; make bpf-compare: the same comparison as
# meson.t through the autoconf macros and bpfbuild.am, in a minimal
# consumer (AX_BPF, AX_BPF_PROGRAM, BPF_OBJECTS).  The rows, the flag and
# the reason agree with what bpfbuild-probe says of the second compiler,
# and the --json numbers are the kernel's own.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-compare.sh"

toolkit_build
p=$T/p
mkdir -p "$p/m4" "$p/build-aux"
cp "$BPFBUILD_TOP"/autoconf-macros/* "$p/m4/"
ln -s "$BPFBUILD_TOP/engine" "$p/build-aux/bpfbuild"
cmp_sources "$p/src"
cat >"$p/configure.ac" <<'AC'
AC_INIT([compare-consumer], [0.1])
AC_CONFIG_SRCDIR([src/socket_bind.bpf.c])
AC_CONFIG_AUX_DIR([build-aux])
AC_CONFIG_MACRO_DIRS([m4])
AM_INIT_AUTOMAKE([foreign subdir-objects -Wall -Wno-portability])
PKG_PROG_PKG_CONFIG
AX_BPF
AX_BPF_PROGRAM([socket_bind])
AX_BPF_PROGRAM([write_counter], [core atomics vmlinux])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat >"$p/Makefile.am" <<'AM'
ACLOCAL_AMFLAGS = -I m4
include $(top_srcdir)/m4/bpfbuild.am
if BPF_PROGRAM_SOCKET_BIND
BPF_OBJECTS += src/socket_bind.bpf.o
endif
if BPF_PROGRAM_WRITE_COUNTER
BPF_OBJECTS += src/write_counter.bpf.o
endif
AM
(cd "$p" && autoreconf -fi) >"$T/autoreconf.log" 2>&1 || { cat "$T/autoreconf.log"; fail "autoreconf failed"; }
mkdir "$T/b"
(cd "$T/b" && "$p/configure" --enable-bpf-compare BPF_VALIDATE="$BPF_VALIDATE") >"$T/configure.log" 2>&1 ||
	{ cat "$T/configure.log"; fail "configure --enable-bpf-compare failed"; }
left=$(sed -n 's/^checking for a BPF compiler\.\.\. .* (\(gcc\|clang\) .*/\1/p' "$T/configure.log")
right=$([ "$left" = clang ] && echo gcc || echo clang)
assert_grep "^checking for a $right BPF compiler to compare with\\.\\.\\. /" "$T/configure.log" "configure"
assert_grep "^ +compare +: .*\\($right .*\\): make bpf-compare" "$T/configure.log" "configure summary"
cmp_expect "$right"
if [ -n "$CMP_WC_WHY" ]; then
	assert_grep "^configure: bpf-compare: $right does not build write_counter: " "$T/configure.log" "configure"
fi

make -C "$T/b" bpf-compare >"$T/table" 2>&1 || { cat "$T/table"; fail "make bpf-compare failed"; }
cat "$T/table"
first=$(grep -A1 '^ *OBJECT ' "$T/table" | tail -n 1)
if [ -n "$CMP_WC_WHY" ]; then
	case $first in
	"!!  write_counter  count_write "*" pass   not built ($CMP_WC_WHY)") ;;
	*) fail "write_counter is not flagged first with the reason: $first" ;;
	esac
	[ ! -e "$T/b/src/write_counter.$right.bpf.o" ] || fail "write_counter.$right.bpf.o was built"
else
	assert_no_grep '^!!' "$T/table" "table"
fi
assert_grep '^ +socket_bind +socket_bind4 +[1-9][0-9]*/[1-9][0-9]* \([0-9.]+\) .* pass +pass$' "$T/table" "table"
[ -s "$T/b/src/socket_bind.$right.bpf.o" ] && [ -s "$T/b/src/socket_bind_$right.skel.h" ] ||
	fail "socket_bind was not built with $right"

make -s -C "$T/b" bpf-compare BPF_COMPARE_ARGS=--json >"$T/json" 2>"$T/json.err" ||
	{ cat "$T/json" "$T/json.err"; fail "make bpf-compare BPF_COMPARE_ARGS=--json failed"; }
(cd "$T/b" && cmp_check_json "$T/json" "$left" "$right")

# Without the option, the target says what to do.
make -C "$T/b" distclean >/dev/null 2>&1 || fail "make distclean failed"
[ ! -e "$T/b/bpf-compare.why" ] || fail "distclean left bpf-compare.why"
(cd "$T/b" && "$p/configure" BPF_VALIDATE="$BPF_VALIDATE") >"$T/configure2.log" 2>&1 || fail "configure failed"
! make -C "$T/b" bpf-compare >"$T/off.log" 2>&1 || fail "make bpf-compare succeeded without --enable-bpf-compare"
assert_grep 'configure with --enable-bpf-compare' "$T/off.log" "make bpf-compare"
