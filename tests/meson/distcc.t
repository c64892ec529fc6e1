# BPF_CC="distcc clang" and "ccache distcc clang" (issue 30, item 4): the
# compiles go to a distccd (here one on loopback, seen in its own log), and
# the objects and skeletons are byte for byte those of the plain build
# (which uses the precompiled vmlinux.h).  A plain distcc compile is not:
# the host cannot read the source lines that clang copies into the BTF line
# info (engine/bpfbuild-cc-distcc).  The PCH cannot travel: the summary
# says what bpfbuild does instead.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../lib-distcc.sh"

distccd_start
src=$BPFBUILD_TOP/examples
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$T/vmlinux.h"

common=(-Dbpf-compiler=clang -Dvmlinux-h=provided -Dvmlinux-h-path="$T/vmlinux.h")
meson setup "$T/plain" "$src" "${common[@]}" >"$T/plain.log" 2>&1 || { cat "$T/plain.log"; fail "configure (plain)"; }
# CO-RE, uapi-only, two sources linked (time: each compile goes through a
# daemon on these same two cores).
objs=(write_counter.bpf.o socket_bind.bpf.o socket_policy.bpf.o)
ninja -C "$T/plain" "${objs[@]}" >/dev/null || fail "build (plain)"

for cc in "distcc clang" "ccache distcc clang"; do
	b=$T/${cc// /-}
	BPF_CC=$cc meson setup "$b" "$src" "${common[@]}" >"$b.log" 2>&1 || { cat "$b.log"; fail "configure (BPF_CC=$cc)"; }
	assert_grep "compiler +: .*distcc .*clang" "$b.log" "summary (BPF_CC=$cc)"
	assert_grep "vmlinux.h.pch +: no \(BPF_CC's distcc compiles on other hosts.*parses vmlinux.h" "$b.log" "summary (BPF_CC=$cc)"
	distccd_build "${cc// /-}" ${#objs[@]} ninja -C "$b" "${objs[@]}"
	assert_grep 'COMPILE_OK .*clang .*/write-counter/write_counter\.bpf\.c' "$b.dd" "distccd's log (BPF_CC=$cc)"
	for o in "${objs[@]}"; do
		cmp "$T/plain/$o" "$b/$o" || fail "BPF_CC=$cc: $o differs from the plain build's"
		s=${o%.bpf.o}.skel.h
		[ -f "$T/plain/$s" ] || s=${o%.bpf.o}.lskel.h
		cmp "$T/plain/$s" "$b/$s" || fail "BPF_CC=$cc: $s differs from the plain build's"
	done
	note "BPF_CC=$cc: ${#objs[@]} objects identical"
done

# A distcc host whose clang answers with nothing (an empty file, exit 0;
# a daemon of its own, in whose mount namespace this script is clang):
# the back end made an object without programs, BTF or license, bpftool
# an empty skeleton, and bpfbuild-cc exited 0.  Now the compile fails with
# one line and leaves no object or skeleton (nor its scratch directory)
# for the next build to trust.
cat >"$T/empty-clang" <<'SH'
#!/bin/sh
while [ $# -gt 0 ]; do
	[ "$1" != -o ] || : >"$2"
	shift
done
SH
chmod 755 "$T/empty-clang"
distccd_start "$T/empty-clang"
b=$T/distcc-clang
rm -f "$b/write_counter.bpf.o" "$b/write_counter.skel.h"
! ninja -C "$b" write_counter.bpf.o >"$T/empty.build" 2>&1 || { cat "$T/empty.build"; fail "an empty front-end result built an object"; }
grep -q 'COMPILE_OK' "$DISTCCD_LOG" || { cat "$DISTCCD_LOG"; fail "the compile did not go to the empty host"; }
assert_eq "bpfbuild-cc's lines" 1 "$(grep -c '^bpfbuild-cc' "$T/empty.build")"
assert_grep "^bpfbuild-cc: write-counter/write_counter\.bpf\.c: the distcc host's front end gave back no code \(its LLVM IR defines nothing\); fix the clang of the hosts in DISTCC_HOSTS, or build without distcc$" \
	"$T/empty.build" "the failed build"
for f in write_counter.bpf.o write_counter.skel.h .bpfbuild-cc.*; do
	[ ! -e "$b/$f" ] || fail "the failed compile left $f"
done
