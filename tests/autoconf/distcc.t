# BPF_CC="distcc clang" and "ccache distcc clang" through the autotools
# adapter, as tests/meson/distcc.t through Meson's: the compiles go to a
# distccd (one on loopback, seen in its own log), and the objects and
# skeletons are byte for byte those of the plain build (which uses the
# precompiled vmlinux.h); the summary says why the PCH cannot travel.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"
. "$(dirname "$0")/../lib-distcc.sh"

distccd_start
ac_tree
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$T/vmlinux.h"

common=(--with-bpf-compiler=clang --with-vmlinux-h="$T/vmlinux.h")
ac_configure "$T/plain" "${common[@]}"
# CO-RE, uapi-only, two sources linked (time: each compile goes through a
# daemon on these same two cores).
objs=(write-counter/write_counter.bpf.o socket-bind/socket_bind.bpf.o socket-policy/socket_policy.bpf.o)
make -C "$T/plain" "${objs[@]}" >"$T/plain.build" 2>&1 || { cat "$T/plain.build"; fail "build (plain)"; }

for cc in "distcc clang" "ccache distcc clang"; do
	b=$T/${cc// /-}
	ac_configure "$b" "${common[@]}" BPF_CC="$cc"
	assert_grep "compiler +: .*distcc .*clang" "$b.configure.log" "summary (BPF_CC=$cc)"
	assert_grep "vmlinux.h.pch +: no \(BPF_CC's distcc compiles on other hosts.*parses vmlinux.h" "$b.configure.log" "summary (BPF_CC=$cc)"
	distccd_build "${cc// /-}" ${#objs[@]} make -C "$b" "${objs[@]}"
	assert_grep 'COMPILE_OK .*clang .*/write-counter/write_counter\.bpf\.c' "$b.dd" "distccd's log (BPF_CC=$cc)"
	for o in "${objs[@]}"; do
		for f in "$o" "${o%.bpf.o}.skel.h"; do
			[ -f "$T/plain/$f" ] || fail "the plain build made no $f"
			cmp "$T/plain/$f" "$b/$f" || fail "BPF_CC=$cc: $f differs from the plain build's"
		done
	done
	note "BPF_CC=$cc: ${#objs[@]} objects and skeletons identical"
done
echo ok
