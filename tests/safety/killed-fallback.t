# The bpftool fallback (engine/bpfbuild-validate-fallback, the verifier
# test where bpf-validate is not installed) killed after "bpftool prog
# loadall" pinned an object's programs into its bpffs, by SIGKILL (which
# nothing can trap) or by SIGTERM (meson test's, on a timeout or Ctrl-C),
# leaves neither that mount nor the programs loaded: it mounts in a mount
# namespace of its own, which dies with it.  After SIGTERM its temporary
# directory is gone too; after SIGKILL it can be removed.  The test runs in
# a mount namespace of its own (own_bpffs), so that a mount left over by a
# failing fallback dies with the test.
. "$(dirname "$0")/../lib.sh"
[ "$(id -u)" = 0 ] || skip "not root: the fallback mounts no bpffs and loads nothing"
own_bpffs
fallback=$BPFBUILD_TOP/engine/bpfbuild-validate-fallback
real_bpftool=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
export TMPDIR=$T/tmp
mkdir -p "$TMPDIR"
clang_bpf_object "$BPFBUILD_TOP/tests/validate/progs/xdp_pass.bpf.c" "$T/xdp_pass.bpf.o" ||
	fail "xdp_pass.bpf.c does not compile"
mkfifo "$T/fifo"
# The real "prog loadall", then the ids of the programs it pinned and the
# bpffs it pinned them in (prog loadall OBJ FS/N), then blocked reading the
# FIFO, the programs loaded and pinned.
cat >"$T/pinning-bpftool" <<SH
#!/bin/sh
case "\$1 \$2" in
"prog loadall")
	"$real_bpftool" "\$@" || exit
	for p in "\$4"/*; do "$real_bpftool" prog show pinned "\$p"; done |
		sed -n 's/^\\([0-9][0-9]*\\): .*/\\1/p' >"$T/ids.tmp"
	dirname "\$4" >"$T/bpffs"
	mv "$T/ids.tmp" "$T/ids"
	exec cat "$T/fifo" >/dev/null ;;
esac
exec "$real_bpftool" "\$@"
SH
chmod +x "$T/pinning-bpftool"

# killed SIGNAL: the fallback, signalled (its process group, as meson test
# does) once its programs are pinned; sets $fs, its bpffs.
killed() {
	local pid rc n=0
	rm -f "$T/ids" "$T/bpffs"
	BPFTOOL=$T/pinning-bpftool setsid sh "$fallback" "$T/xdp_pass.bpf.o" >"$T/$1.out" 2>&1 &
	pid=$!
	until [ -s "$T/ids" ]; do
		kill -0 "$pid" 2>/dev/null || { cat "$T/$1.out"; fail "the fallback ended before it pinned a program"; }
		n=$((n + 1))
		[ $n -lt 600 ] || { kill -s KILL -- "-$pid"; fail "the fallback pinned no program in 60 s"; }
		sleep 0.1
	done
	kill -s "$1" -- "-$pid"
	rc=0; wait "$pid" 2>/dev/null || rc=$?
	[ "$rc" != 0 ] || fail "the fallback exits 0 after SIG$1"
	n=0
	while pgrep -g "$pid" >/dev/null; do
		n=$((n + 1)); [ $n -lt 100 ] || fail "the fallback's processes outlive SIG$1"; sleep 0.1
	done
	fs=$(cat "$T/bpffs")
	if awk -v fs="$fs" '$5 == fs { found = 1 } END { exit !found }' /proc/self/mountinfo; then
		umount "$fs"
		fail "SIG$1 left the fallback's bpffs $fs mounted"
	fi
	# The programs go with the last reference, their pins: freed by the
	# kernel shortly after.
	for id in $(cat "$T/ids"); do
		n=0
		while "$real_bpftool" prog show id "$id" >/dev/null 2>&1; do
			n=$((n + 1))
			[ $n -lt 100 ] || fail "SIG$1 left the fallback's program $id loaded: $("$real_bpftool" prog show id "$id")"
			sleep 0.1
		done
	done
}

note "SIGKILL after prog loadall pinned"
killed KILL
rmdir "$fs" || fail "the killed fallback's bpffs directory $fs cannot be removed"

note "SIGTERM after prog loadall pinned"
killed TERM
[ ! -e "$fs" ] || fail "SIGTERM left the fallback's bpffs directory $fs"
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
echo ok
