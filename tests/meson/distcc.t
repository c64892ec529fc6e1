# BPF_CC="distcc clang" and "ccache distcc clang" (issue 30, item 4): the
# compiles go to a distccd (here one on loopback, seen in its own log), and
# the objects and skeletons are byte for byte those of the plain build
# (which uses the precompiled vmlinux.h).  A plain distcc compile is not:
# the host cannot read the source lines that clang copies into the BTF line
# info (engine/bpfbuild-cc-distcc).  The PCH cannot travel: the summary
# says what bpfbuild does instead.
. "$(dirname "$0")/../lib.sh"

command -v distcc >/dev/null && command -v distccd >/dev/null || skip "distcc and distccd are not installed"
clang=$(command -v clang) || skip "no clang"
src=$BPFBUILD_TOP/examples
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$T/vmlinux.h"

# The daemon: loopback only, its own port, log and compiler directory.
# Debian's distccd runs only compilers listed in /usr/lib/distcc (a system
# directory a test must not touch); --enable-tcp-insecure lifts that list,
# and DISTCCD_PATH names the compilers it may run.  As root it drops to
# the distcc user, who must reach its log and the compiler link.
mkdir -p "$T/bin" && ln -s "$(readlink -f "$clang")" "$T/bin/clang"
mkdir -m 1777 "$T/dd" && chmod a+x "$T"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DISTCCD_PATH=$T/bin setsid distccd --daemon --no-detach --enable-tcp-insecure --listen 127.0.0.1 --allow 127.0.0.1 \
	--port "$port" --log-file "$T/dd/distccd.log" --log-level info --pid-file "$T/dd/pid" -j 2 &
dpid=$!
# Its own process group (setsid): the preforked children go with it.
trap 'kill -- -"$dpid" 2>/dev/null; rm -rf "$T" ${_own_run_dir:+"$_own_run_dir"}' EXIT
for _ in $(seq 50); do
	grep -q 'listening on' "$T/dd/distccd.log" 2>/dev/null && break
	kill -0 "$dpid" 2>/dev/null || fail "distccd did not start: $(cat "$T/dd/distccd.log" 2>/dev/null)"
	sleep 0.1
done
mkdir "$T/distcc"
export DISTCC_HOSTS=127.0.0.1:$port/2 DISTCC_FALLBACK=0 DISTCC_DIR=$T/distcc CCACHE_DIR=$T/ccache BPFBUILD_PROBE_CACHE=$T/probe-cache

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
	before=$(grep -c 'COMPILE_OK' "$T/dd/distccd.log" || true)
	ninja -C "$b" "${objs[@]}" >"$b.build" 2>&1 || { cat "$b.build"; fail "build (BPF_CC=$cc)"; }
	after=$(grep -c 'COMPILE_OK' "$T/dd/distccd.log" || true)
	[ $((after - before)) -ge ${#objs[@]} ] ||
		{ cat "$T/dd/distccd.log"; fail "BPF_CC=$cc: distccd compiled $((after - before)) sources, expected at least ${#objs[@]}"; }
	sed -n "$((before + 1)),\$p" <(grep COMPILE_OK "$T/dd/distccd.log") >"$b.dd"
	assert_grep 'COMPILE_OK .*clang .*/write-counter/write_counter\.bpf\.c' "$b.dd" "distccd's log (BPF_CC=$cc)"
	for o in "${objs[@]}"; do
		cmp "$T/plain/$o" "$b/$o" || fail "BPF_CC=$cc: $o differs from the plain build's"
		s=${o%.bpf.o}.skel.h
		[ -f "$T/plain/$s" ] || s=${o%.bpf.o}.lskel.h
		cmp "$T/plain/$s" "$b/$s" || fail "BPF_CC=$cc: $s differs from the plain build's"
	done
	note "BPF_CC=$cc: $((after - before)) compiles on distccd, ${#objs[@]} objects identical"
done
