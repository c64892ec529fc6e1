# A program is matched to its object's file whatever its "-" or "_" (issue
# 34): egress-bytes.bpf.o is AX_BPF_PROGRAM([egress_bytes])'s object, so
# when configure skips egress_bytes, make leaves egress-bytes.bpf.o unbuilt
# and says so (before, configure skipped it and make built it anyway); and
# when its needs are met, it is built and verified.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

toolkit_build
p=$T/proj
mkdir -p "$p" && cp -R "$BPFBUILD_TOP/tests/autoconf/consumer/." "$p/"
mv "$p/src/egress_bytes.bpf.c" "$p/src/egress-bytes.bpf.c"
sed -i 's|src/egress_bytes\.bpf\.o|src/egress-bytes.bpf.o|' "$p/Makefile.am"
sed -i 's|^AX_BPF_PROGRAM(\[egress_bytes\])$|AX_BPF_PROGRAM([egress_bytes], [vmlinux])|' "$p/configure.ac"
grep -qx 'AX_BPF_PROGRAM(\[egress_bytes\], \[vmlinux\])' "$p/configure.ac" || fail "the consumer declares no egress_bytes to rename"
ac_consumer_reconf "$p"

# Its need unmet: configure skips it, and so does make, naming it.
mkdir "$p/skip"
(cd "$p/skip" && ../configure BPF_VALIDATE="$BPF_VALIDATE" --with-vmlinux-h=no) >"$T/skip.configure.log" 2>&1 ||
	{ tail -n 30 "$T/skip.configure.log"; fail "configure --with-vmlinux-h=no"; }
assert_grep '^configure: skipping BPF program egress_bytes: vmlinux: ' "$T/skip.configure.log" "configure"
make -C "$p/skip" -j2 >"$T/skip.make.log" 2>&1 || { tail -n 30 "$T/skip.make.log"; fail "make with egress_bytes skipped"; }
[ ! -e "$p/skip/src/egress-bytes.bpf.o" ] || fail "configure skipped egress_bytes, and make built src/egress-bytes.bpf.o anyway"
assert_grep '^bpfbuild: not building .*src/egress-bytes\.bpf\.o' "$T/skip.make.log" "make"

# Its needs met: built, and its verifier test is there.
mkdir "$p/built"
(cd "$p/built" && ../configure BPF_VALIDATE="$BPF_VALIDATE") >"$T/built.configure.log" 2>&1 ||
	{ tail -n 30 "$T/built.configure.log"; fail "configure"; }
grep -q '^configure: skipping BPF program egress_bytes' "$T/built.configure.log" &&
	skip "egress_bytes is skipped here: $(grep -m1 'skipping BPF program egress_bytes' "$T/built.configure.log")"
make -C "$p/built" -j2 src/egress-bytes.bpf.o >"$T/built.make.log" 2>&1 ||
	{ tail -n 30 "$T/built.make.log"; fail "make src/egress-bytes.bpf.o"; }
[ -s "$p/built/src/egress-bytes.bpf.o" ] || fail "src/egress-bytes.bpf.o was not built"
