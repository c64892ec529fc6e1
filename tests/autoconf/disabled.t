# BPF_OBJECTS set unconditionally: with BPF disabled (--disable-bpf, or
# --enable-bpf=auto and no BPF compiler) "make" builds no BPF object and
# says so; asking for one fails with one line.  A program whose
# AX_BPF_PROGRAM needs are not met is left out the same way.  "make dist"
# takes every BPF source and the vendored scripts either way.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_consumer_src
# disabled_build DIR WHY CONFIGURE-ARGS...: configure, make and make check
# pass with no BPF output; make says it leaves both objects out, and WHY.
disabled_build() {
	local b=$1 why=$2; shift 2
	mkdir "$b"
	(cd "$b" && "$CONSUMER/configure" "$@") >"$b.configure.log" 2>&1 ||
		{ tail -n 30 "$b.configure.log"; fail "configure $*"; }
	make -C "$b" -j2 check >"$b.make.log" 2>&1 || { tail -n 30 "$b.make.log"; fail "make check ($*)"; }
	assert_grep "^bpfbuild: not building src/execcount\\.bpf\\.o src/egress_bytes\\.bpf\\.o: BPF disabled: $why\$" "$b.make.log" "make ($*)"
	assert_no_grep 'command not found|--srcroot' "$b.make.log" "make ($*)"
	[ -z "$(find "$b" -name '*.bpf.o' -o -name '*.skel.h')" ] || fail "make built BPF output with BPF disabled ($*)"
	if make -C "$b" src/egress_bytes.bpf.o >"$b.obj.log" 2>&1; then fail "make src/egress_bytes.bpf.o succeeded with BPF disabled"; fi
	assert_grep "^bpfbuild: cannot build src/egress_bytes\\.bpf\\.o: BPF is disabled \\(BPF disabled: $why\\); make its loader conditional" "$b.obj.log" "make src/egress_bytes.bpf.o"
	assert_eq "make src/egress_bytes.bpf.o (lines but make's own)" 1 "$(grep -vc '^make' "$b.obj.log")"
}
disabled_build "$T/off" 'disabled by --enable-bpf=no' --disable-bpf
path_without "$T/nobpf" 'clang*' '*bpf*gcc*' 'bpf-none-*' 'bpf-unknown-*'
PATH=$T/nobpf disabled_build "$T/auto" 'no BPF compiler found.*'

# The tarball of a build without BPF has what a build with BPF needs.
make -C "$T/off" dist >"$T/dist.log" 2>&1 || { tail -n 30 "$T/dist.log"; fail "make dist with BPF disabled"; }
tar -tzf "$T/off/execcount-1.0.tar.gz" >"$T/list"
for f in src/execcount.bpf.c src/egress_bytes.bpf.c build-aux/bpfbuild/bpfbuild-probe build-aux/bpfbuild/probes/core.bpf.c; do
	grep -qx "execcount-1\\.0/$f" "$T/list" || fail "the tarball of a build without BPF lacks $f"
done

# A program whose needs are not met (a probe's answer set to no, as a
# cache variable on configure's command line overrides a check): the
# other one builds; make names the one it leaves out.
p=$T/proj
mkdir -p "$p"
cp -R "$CONSUMER/." "$p/"
sed -i 's/^AX_BPF_PROGRAM(\[egress_bytes\])$/AX_BPF_PROGRAM([egress_bytes], [mcpu_v4])/' "$p/configure.ac"
grep -q mcpu_v4 "$p/configure.ac" || fail "cannot edit the consumer's configure.ac"
(cd "$p" && autoreconf -fi) >"$T/ar.log" 2>&1 || { cat "$T/ar.log"; fail "autoreconf"; }
mkdir "$p/b"
(cd "$p/b" && ../configure ax_cv_bpf_cap_mcpu_v4=no ax_cv_bpf_why_mcpu_v4='lacked for this test') >"$T/c.log" 2>&1 ||
	{ tail -n 30 "$T/c.log"; fail "configure (a program lacking)"; }
assert_grep 'skipping BPF program egress_bytes: mcpu_v4: lacked for this test' "$T/c.log" "configure"
make -C "$p/b" -j2 check >"$T/m.log" 2>&1 || { tail -n 30 "$T/m.log"; fail "make check (a program lacking)"; }
assert_grep '^bpfbuild: not building src/egress_bytes\.bpf\.o: the BPF compiler lacks what they need' "$T/m.log" "make"
[ -s "$p/b/src/execcount.bpf.o" ] || fail "the program whose needs are met was not built"
[ ! -e "$p/b/src/egress_bytes.bpf.o" ] || fail "the program whose needs are not met was built"
assert_grep '^PASS: src/execcount\.bpf\.o$' "$T/m.log" "make check"
assert_no_grep 'egress_bytes\.bpf\.o$' "$T/m.log" "make check (a test of the program left out)"
