# README.md's autotools fragments, as they stand, build the README's Meson
# consumer (tests/meson/consumer, whose meson.build meson/readme-snippet.t
# takes from README.md): the same program names, so its loader's
# #include "write-counter.skel.h" holds in either build.  The fragments
# named write_counter, write-counter/write_counter.bpf.c: a loader that
# switched builds broke (issue 49).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

# fragment HEADER: the README's code block whose first line is HEADER.
fragment() {
	awk -v h="$1" '/^```/ { if (on) exit; start = 1; next }
		start && $0 == h { on = 1 } start { start = 0 } on' "$BPFBUILD_TOP/README.md"
}
p=$T/c
mkdir -p "$p" && cp "$BPFBUILD_TOP/tests/meson/consumer/"* "$p/" || fail "cannot copy the consumer"
# The fragment is configure.ac's middle: AC_INIT before it, the outputs after.
{
	echo 'AC_INIT([readme-consumer], [1])'
	echo 'AC_CONFIG_AUX_DIR([build-aux])'
	fragment '# configure.ac'
	echo 'AC_PROG_CC'
	echo 'AC_CONFIG_FILES([Makefile])'
	echo 'AC_OUTPUT'
} >"$p/configure.ac"
fragment '# Makefile.am' >"$p/Makefile.am"
grep -q '^AX_BPF_PROGRAM' "$p/configure.ac" || fail "README.md: no '# configure.ac' fragment with AX_BPF_PROGRAM"
grep -q '^BPF_OBJECTS' "$p/Makefile.am" || fail "README.md: no '# Makefile.am' fragment with BPF_OBJECTS"
ac_consumer_reconf "$p"
mkdir "$p/b"
(cd "$p/b" && ../configure --with-bpf-compiler=clang) >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "configure of the README's fragments"; }
make -C "$p/b" -j2 >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "make of the README's fragments"; }
for f in socket-bind.bpf.o write-counter.bpf.o write-counter.skel.h write-counter; do
	[ -s "$p/b/$f" ] || fail "the README's autotools fragments build no $f"
done
