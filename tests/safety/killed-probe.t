# A probe killed (SIGKILL, nothing can trap it) while it loads a test
# program into its private bpffs leaves no mount behind (issue 33): the
# probe mounts it in a mount namespace of its own, which dies with it, and
# the next probe removes its temporary directory (issue 46).  Where unshare
# is refused, the probe still answers.  TMPDIR holds a blank, which no
# probe may split (issue 46: the PCH probe then said "no such file").  The test runs in a mount namespace of its own
# too, so that a mount left over by a failing probe dies with the test.
if [ -z "${BPFBUILD_KILLED_PROBE_NS:-}" ]; then
	BPFBUILD_KILLED_PROBE_NS=1 exec unshare --mount --propagation private bash "$0" "$@"
fi
. "$(dirname "$0")/../lib.sh"
probe=$BPFBUILD_TOP/engine/bpfbuild-probe
export TMPDIR="$T/t mp" BPFBUILD_PROBE_CACHE=off
mkdir -p "$TMPDIR"
# TMPDIR as /proc/*/mounts spells it (a blank is \040).
mounted=${TMPDIR// /\\040}
mkfifo "$T/fifo"
# bpftool's "prog loadall" blocks reading the FIFO, with the bpffs mounted.
real_bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
cat >"$T/blocking-bpftool" <<SH
#!/bin/sh
case "\$*" in *"prog loadall"*) exec cat "$T/fifo" >/dev/null ;; esac
exec "$real_bpftool" "\$@"
SH
chmod +x "$T/blocking-bpftool"

note "SIGKILL while a probe is loaded"
BPFTOOL=$T/blocking-bpftool setsid "$probe" >"$T/out" 2>&1 &
pid=$!
# The probe's own view of the mounts: the bpffs is there.
n=0
until grep -qF " $mounted/bpfbuild-probe." "/proc/$pid/mounts" 2>/dev/null; do
	kill -0 "$pid" 2>/dev/null || { cat "$T/out"; fail "the probe ended before it mounted its bpffs"; }
	n=$((n + 1))
	[ $n -lt 600 ] || { kill -s KILL -- "-$pid"; fail "the probe mounted no bpffs in 60 s"; }
	sleep 0.1
done
kill -s KILL -- "-$pid"
rc=0; wait "$pid" 2>/dev/null || rc=$?
assert_eq "the probe's exit status after SIGKILL" 137 "$rc"
# Its other processes (the blocked bpftool) went with the group; the
# namespace, and its mount, with the last of them.
n=0
while pgrep -g "$pid" >/dev/null; do
	n=$((n + 1)); [ $n -lt 100 ] || fail "the probe's processes outlive SIGKILL"; sleep 0.1
done
if grep -F " $mounted/" /proc/self/mounts; then
	grep -F " $mounted/" /proc/self/mounts | cut -d' ' -f2 | sed 's/\\040/ /g' | sort -r | xargs -r -d '\n' -n1 umount
	fail "SIGKILL left the probe's bpffs mounted (above)"
fi
left=$(ls -A "$TMPDIR")
[[ $left = bpfbuild-probe.locked.* ]] || fail "the killed probe left no temporary directory to remove: '$left'"

note "unshare refused (a container, an unprivileged user): the probe still answers"
mkdir "$T/bin"
printf '#!/bin/sh\necho "unshare: unshare failed: Operation not permitted" >&2\nexit 1\n' >"$T/bin/unshare"
chmod +x "$T/bin/unshare"
PATH=$T/bin:$PATH "$probe" --pch-check /sys/kernel/btf/vmlinux >"$T/refused.out" 2>"$T/refused.err" ||
	{ cat "$T/refused.out" "$T/refused.err"; fail "the probe fails where unshare is refused"; }
assert_grep '^status=ok$' "$T/refused.out" "the probe's answer where unshare is refused"
assert_grep '^cap_btf_kernel=yes$' "$T/refused.out" "the probe's answer where unshare is refused (it loaded a program)"
! grep -q '^cc_kind=clang$' "$T/refused.out" ||
	assert_grep '^cap_pch=yes$' "$T/refused.out" "clang's precompiled vmlinux.h with a blank in TMPDIR"
# The killed probe's directory too: nobody held it any more.
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"
grep -qF " $mounted/" /proc/self/mounts && fail "a bpffs is left mounted: $(grep -F " $mounted/" /proc/self/mounts)"
echo ok
