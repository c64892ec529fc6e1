# Interrupted VM tools, verifier tests, compiles and probes leave nothing
# behind (no file, no mount).  A FIFO
# stands for the kernel image or the object: the tool blocks reading it,
# with its temporary directory made, and the signal comes to its whole
# process group (as from Ctrl-C, a meson test timeout or systemd), at a
# known point, without timing.
# - SIGTERM or SIGHUP: the tool removes its temporary files and dies of
#   that signal (bpf-vm-kernels add/btf, bpf-vm-verify,
#   bpfbuild-validate-test);
# - SIGKILL: the temporary directory stays (nothing can trap it), marked
#   with its owner; the next run removes it, but neither a directory
#   without the mark nor one whose owner still runs.
. "$(dirname "$0")/../lib.sh"
toolkit_build
vm_kernels
kernels=$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-kernels
vm_verify=$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify
validate_test=$BPFBUILD_TOP/engine/bpfbuild-validate-test
export TMPDIR=$T/tmp
mkdir -p "$TMPDIR"
mkfifo "$T/fifo"

# started CMD...: CMD in a process group of its own (pid = group); sets pid.
# Every signal at its default, as from a terminal: a run started with one
# ignored (SIGHUP under nohup) would pass that on, and a signal ignored at
# a shell's start cannot be trapped there.
started() { env --default-signal setsid "$@" >"$T/out" 2>&1 & pid=$!; }
# awaited WHAT CMD...: waits until CMD succeeds; fails if the run ended.
awaited() {
	local what=$1 n=0; shift
	until "$@" >/dev/null; do
		kill -0 "$pid" 2>/dev/null || { cat "$T/out"; fail "the run ended before $what"; }
		n=$((n + 1))
		[ $n -lt 3000 ] || fail "never reached: $what"
		sleep 0.1
	done
}
# reached GLOB: waits until a file of GLOB exists.
reached() { awaited "$1" compgen -G "$1"; }
# running_in_group PROGRAM: waits until PROGRAM runs in the group.
running_in_group() { awaited "$1 runs" pgrep -g "$pid" -f -- "$1"; }
# killed SIG RC: sends SIG to the group, and checks that the run ends with
# RC, within 30 s (else it kills the group and fails: the test ends).  A
# signal that comes while the shell forks can be taken by the child before
# it drops the shell's traps (dash), and lost: after 5 s it is sent again,
# as a user presses Ctrl-C again.
killed() {
	local rc=0 n=0
	kill -s "$1" -- "-$pid"
	while kill -0 "$pid" 2>/dev/null; do
		n=$((n + 1))
		[ $n -ne 50 ] || kill -s "$1" -- "-$pid" 2>/dev/null || :
		[ $n -lt 300 ] || { kill -s KILL -- "-$pid"; fail "still running 30 s after SIG$1"; }
		sleep 0.1
	done
	wait "$pid" || rc=$?
	assert_eq "exit status after SIG$1" "$2" "$rc"
}
# nothing_left PATH...: no PATH (a glob) exists.
nothing_left() {
	local p
	for p in "$@"; do
		! compgen -G "$p" >/dev/null || fail "left behind: $(compgen -G "$p" | head -n 3)"
	done
}

cache=$T/cache
export BPFBUILD_KERNEL_CACHE=$cache
for sig in TERM HUP; do
	note "bpf-vm-kernels add, SIG$sig while it reads the kernel"
	started "$kernels" add "$T/fifo" k
	reached "$cache/.tmp.*/vmlinux.*"
	killed $sig $((128 + $(kill -l $sig)))
	nothing_left "$cache/.tmp.*" "$cache/k" "$TMPDIR/*"

	note "bpf-vm-kernels btf, SIG$sig"
	mkdir -p "$T/btf"
	started "$kernels" btf "$T/fifo" "$T/btf/out.btf"
	reached "$T/btf/.tmp.*/vmlinux.*"
	killed $sig $((128 + $(kill -l $sig)))
	nothing_left "$T/btf/*" "$T/btf/.tmp.*" "$TMPDIR/*"

	note "bpf-vm-verify, SIG$sig while it packs the object"
	started "$vm_verify" --validator "$BPF_VALIDATE" --kernel "$K61" "$T/fifo"
	reached "$TMPDIR/bpf-vm.*/root/objs/1"
	killed $sig $((128 + $(kill -l $sig)))
	nothing_left "$TMPDIR/*"

	note "bpfbuild-validate-test, SIG$sig while the validator runs"
	# bpf-validate refuses a FIFO at once (it never blocks on one): the
	# validator here is a stand-in that blocks reading it.
	printf '#!/bin/sh\nexec cat "%s" >/dev/null\n' "$T/fifo" >"$T/blocking-validator"
	chmod +x "$T/blocking-validator"
	started sh "$validate_test" --validator "$T/blocking-validator" -- "$T/x.bpf.o"
	running_in_group "cat $T/fifo"
	killed $sig $((128 + $(kill -l $sig)))
	nothing_left "$TMPDIR/*"
done

note "bpfbuild-probe, SIGTERM while it loads a probe in its private bpffs"
# bpftool's "prog loadall" blocks reading the FIFO, with the bpffs mounted.
probe=$BPFBUILD_TOP/engine/bpfbuild-probe
real_bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
cat >"$T/blocking-bpftool" <<SH
#!/bin/sh
case "\$*" in *"prog loadall"*) exec cat "$T/fifo" >/dev/null ;; esac
exec "$real_bpftool" "\$@"
SH
chmod +x "$T/blocking-bpftool"
BPFTOOL=$T/blocking-bpftool BPFBUILD_PROBE_CACHE=off started "$probe"
awaited "the probe's bpffs is mounted" grep -qF " $TMPDIR/bpfbuild-probe." "/proc/$pid/mounts"
kill -s TERM -- "-$pid"
n=0
while kill -0 "$pid" 2>/dev/null; do
	n=$((n + 1))
	[ $n -lt 100 ] || { kill -s KILL -- "-$pid"; fail "the probe still runs 10 s after SIGTERM"; }
	sleep 0.1
done
rc=0; wait "$pid" || rc=$?
assert_eq "the probe's exit status after SIGTERM" 143 "$rc"
assert_no_grep " $TMPDIR/" /proc/self/mounts "the mounts after SIGTERM"
nothing_left "$TMPDIR/*"

note "SIGKILL: the next run removes what the killed one left"
# Not bpfbuild's (no mark), and marked but owned by a live process (this
# test): both stay.
mkdir -p "$cache/.tmp.precious" "$cache/.tmp.live" "$TMPDIR/bpf-vm.precious" "$TMPDIR/bpf-vm.live"
echo data >"$cache/.tmp.precious/file"

note "bpfbuild-cc: SIGTERM while the compiler runs; SIGKILL, then the next compile"
bcc=$BPFBUILD_TOP/engine/bpfbuild-cc
out=$T/objs
mkdir -p "$out"
printf 'int x;\n' >"$T/prog.bpf.c"
# The "compiler" reads the FIFO: the compile blocks with its scratch made.
printf '#!/bin/sh\nexec cat "%s" >/dev/null\n' "$T/fifo" >"$T/blocking-cc"
chmod +x "$T/blocking-cc"
for sig in TERM HUP; do
	started "$bcc" --srcroot "$T" --bpftool /bin/false --link yes -o "$out/p.bpf.o" -- "$T/blocking-cc" -- "$T/prog.bpf.c"
	running_in_group "cat $T/fifo"
	killed $sig $((128 + $(kill -l $sig)))
	nothing_left "$out/.bpfbuild-cc.*" "$out/p.bpf.o"
done
started "$bcc" --srcroot "$T" --bpftool /bin/false --link yes -o "$out/p.bpf.o" -- "$T/blocking-cc" -- "$T/prog.bpf.c"
running_in_group "cat $T/fifo"
killed KILL 137
compgen -G "$out/.bpfbuild-cc.*" >/dev/null || fail "SIGKILL: no scratch directory to clean up later (the test proves nothing)"
mkdir "$out/.bpfbuild-cc.$$.alive" "$out/.bpfbuild-cc-not-ours"
"$bcc" --srcroot "$T" --bpftool /bin/false --link yes -o "$out/q.bpf.o" -- /bin/false -- "$T/prog.bpf.c" 2>/dev/null || :
[ -d "$out/.bpfbuild-cc.$$.alive" ] || fail "a live compile's scratch directory was removed"
[ -d "$out/.bpfbuild-cc-not-ours" ] || fail "an unmarked directory was removed"
rmdir "$out/.bpfbuild-cc.$$.alive" "$out/.bpfbuild-cc-not-ours"
nothing_left "$out/.bpfbuild-cc.*"

echo data >"$TMPDIR/bpf-vm.precious/file"
# shellcheck source=../../tools/bpf-vm/bpf-vm-tmp.sh
. "$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-tmp.sh"
tmp_owned "$cache/.tmp.live"
tmp_owned "$TMPDIR/bpf-vm.live"
started "$kernels" add "$T/fifo" k
reached "$cache/.tmp.*/vmlinux.*"
killed KILL 137
n=$(find "$cache" -maxdepth 1 -name '.tmp.*' | wc -l)
assert_eq ".tmp.* directories after SIGKILL" 3 "$n"
"$kernels" add "$K61/vmlinuz" k >"$T/add.out" 2>&1 || { cat "$T/add.out"; fail "add after a killed add"; }
assert_eq "add's directory" "$cache/k" "$(cat "$T/add.out")"
assert_eq "the cache's temporary directories" "$cache/.tmp.live $cache/.tmp.precious" "$(echo "$cache"/.tmp.*)"
assert_eq "someone's file" data "$(cat "$cache/.tmp.precious/file")"

started "$vm_verify" --validator "$BPF_VALIDATE" --kernel "$K61" "$T/fifo"
reached "$TMPDIR/bpf-vm.*/root/objs/1"
killed KILL 137
n=$(find "$TMPDIR" -maxdepth 1 -name 'bpf-vm.*' | wc -l)
assert_eq "bpf-vm.* directories after SIGKILL" 3 "$n"
: >"$T/x.bpf.o"
rc=0
"$vm_verify" --validator "$BPF_VALIDATE" --kernel "$T/no-such-kernel" "$T/x.bpf.o" >"$T/v.out" 2>&1 || rc=$?
assert_eq "bpf-vm-verify with a missing kernel" 1 "$rc"
assert_eq "TMPDIR after the next bpf-vm-verify" "$TMPDIR/bpf-vm.live $TMPDIR/bpf-vm.precious" "$(echo "$TMPDIR"/bpf-vm.*)"

