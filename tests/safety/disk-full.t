# A full disk while the generated vmlinux.h is written (issue 33): bpftool
# exits 0 when its writes fail, so the dump must be checked before it is
# published (engine/bpfbuild-vmlinux-h, which both build systems run).
# Each build directory lies on its own small tmpfs, in a private mount
# namespace, shrunk to what configure wrote plus 64 KiB (the dump is
# several MiB); the build of vmlinux.h must then fail with one line from
# bpfbuild-vmlinux-h and leave no vmlinux.h, stamp or temporary; once the
# tmpfs grows again ("space freed"), the next build must succeed.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../autoconf/lib-autoconf.sh"
. "$(dirname "$0")/lib-bad-input.sh"

[ -e /sys/kernel/btf/vmlinux ] || fail "no /sys/kernel/btf/vmlinux on this host"
command -v unshare >/dev/null || fail "no unshare (util-linux)"

# in_tmpfs DIR SCRIPT ARGS...: bash -c SCRIPT in a private mount namespace,
# with DIR a 64 MiB tmpfs; shrink/grow resize it ($1 in SCRIPT is DIR).
in_tmpfs() {
	local d=$1 script=$2; shift 2
	mkdir -p "$d"
	unshare -m bash -c '
		set -eu
		d=$1; shift
		mount -t tmpfs -o size=64m bpfbuild-disk-full "$d"
		shrink() { local used; used=$(df -Pk "$d" | awk "NR == 2 { print \$3 }")
			mount -o remount,size=$((used + 64))k "$d"; }
		grow() { mount -o remount,size=64m "$d"; }
		'"$script" sh "$d" "$@"
}

# check_full SYSTEM LOG DIR: the failed build said one bpfbuild-vmlinux-h
# line and left nothing to trust.
check_full() {
	local system=$1 log=$2 d=$3
	assert_grep '^bpfbuild-vmlinux-h: .*vmlinux\.h not written: the dump of /sys/kernel/btf/vmlinux stops after [0-9]+ bytes, before the __VMLINUX_H__ guard.s #endif: is the disk full\? Free space in '"$d"'(/[^ ]*)? and build again$' \
		"$log" "$system build on a full disk"
	assert_eq "bpfbuild-vmlinux-h lines ($system)" 1 "$(grep -c '^bpfbuild-vmlinux-h: ' "$log")"
	# The byte count follows the tmpfs' size: N in the table.
	bad_input "$system" "a full disk while vmlinux.h is generated" 1 \
		"$(grep -m1 '^bpfbuild-vmlinux-h: ' "$log" | sed -E 's/stops after [0-9]+ bytes/stops after N bytes/')"
}

note "autotools: make on a full disk, then after space is freed"
ac_consumer_src
export CONSUMER
in_tmpfs "$T/ac" '
	cd "$d"
	"$CONSUMER/configure" --with-vmlinux-h=generated >configure.log 2>&1 || { cat configure.log; exit 1; }
	shrink
	rc=0; make vmlinux.h >"$1/full.log" 2>&1 || rc=$?
	echo "$rc" >"$1/full.rc"
	ls -A >"$1/full.ls"
	grow
	make -j2 >"$1/make.log" 2>&1 || { tail -n 20 "$1/make.log"; echo "make after space was freed fails" >&2; exit 1; }
	tail -n 1 vmlinux.h >"$1/tail"' "$T" || fail "autotools on a full disk, then with space (above)"
assert_eq "exit status of make vmlinux.h on a full disk" 2 "$(cat "$T/full.rc")"
check_full autotools "$T/full.log" "$T/ac"
assert_no_grep '^(vmlinux\.h|bpf-vmlinux\.stamp|vmlinux\.h\.tmp.*)$' "$T/full.ls" "the build directory after the full disk"
assert_eq "the last line of vmlinux.h after space was freed" '#endif /* __VMLINUX_H__ */' "$(cat "$T/tail")"

note "Meson: ninja on a full disk, then after space is freed"
mkdir -p "$T/msrc/subprojects"
cp "$BPFBUILD_TOP/tests/meson/consumer/"* "$T/msrc/"
subproject_copy "$T/msrc/subprojects/bpfbuild"
cat >"$T/msrc/meson.build" <<'EOF'
project('diskfull', 'c')
bpf = subproject('bpfbuild', default_options : ['vmlinux-h=generated']).get_variable('bpf')
custom_target('write-counter.bpf.o', input : 'write-counter.bpf.c',
	output : ['write-counter.bpf.o', 'write-counter.skel.h'], kwargs : bpf['target'])
EOF
in_tmpfs "$T/m" '
	cd "$d"
	meson setup b "$1/msrc" >setup.log 2>&1 || { cat setup.log; exit 1; }
	h=$(ninja -C b -t targets all | sed -n "s/^\(.*\/vmlinux\.h\): .*/\1/p" | head -n 1)
	[ -n "$h" ] || { echo "no vmlinux.h target" >&2; exit 1; }
	shrink
	rc=0; ninja -C b "$h" >"$1/mfull.log" 2>&1 || rc=$?
	echo "$rc" >"$1/mfull.rc"
	ls -A "b/${h%/*}" >"$1/mfull.ls"
	grow
	ninja -C b >"$1/ninja.log" 2>&1 || { tail -n 20 "$1/ninja.log"; echo "ninja after space was freed fails" >&2; exit 1; }
	tail -n 1 "b/$h" >"$1/mtail"' "$T" || fail "Meson on a full disk, then with space (above)"
assert_eq "exit status of ninja vmlinux.h on a full disk" 1 "$(cat "$T/mfull.rc")"
check_full meson "$T/mfull.log" "$T/m"
assert_no_grep '^(vmlinux\.h|vmlinux\.h\.tmp.*)$' "$T/mfull.ls" "the build directory after the full disk"
assert_eq "the last line of vmlinux.h after space was freed" '#endif /* __VMLINUX_H__ */' "$(cat "$T/mtail")"
