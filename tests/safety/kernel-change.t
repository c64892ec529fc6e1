#!/bin/bash
# A generated vmlinux.h follows the kernel (issue 19.8): after the kernel's
# BTF changes (a reboot into an upgraded kernel; here the 6.1 VM kernel's
# BTF bind-mounted over /sys/kernel/btf/vmlinux in a private mount
# namespace, as a fresh file), the next build writes vmlinux.h anew and
# rebuilds the object, in Meson and autotools; BTF that is newer but the
# same leaves both alone, and a plain rebuild does nothing.  A file there
# that is not BTF stops configure in one line (issue 19.11).
. "$(dirname "$0")/../lib.sh"
vm_kernels
here=$BPFBUILD_TOP/tests/safety/kernel-change
[ -r "$K61/vmlinux.btf" ] || fail "no BTF of the 6.1 kernel in $K61"
command -v unshare >/dev/null || fail "unshare not installed (util-linux)"

# as_kernel BTF CMD...: CMD with BTF (copied now: newer than any output)
# in the place of the running kernel's.
as_kernel() {
	local btf=$1; shift
	cp "$btf" "$T/kernel.btf"
	# Private from /sys down before the bind mount, so that it stays in
	# this namespace (unshare's own "private /" needs / to be a mount
	# point, which a chroot's is not).
	unshare -m --propagation unchanged sh -c \
		'mount --make-rprivate /sys && mount --bind "$1" /sys/kernel/btf/vmlinux && shift && exec "$@"' \
		sh "$T/kernel.btf" "$@"
}
sum() { sha256sum "$1" | cut -d' ' -f1; }
# check NAME VMLINUX_H OBJ: the steps, building with the command in BUILD.
check() {
	local name=$1 h=$2 o=$3 h0 o0; shift 3
	local build=("${BUILD[@]}")
	"${build[@]}" >"$T/$name.1.log" 2>&1 || { cat "$T/$name.1.log"; fail "$name: build"; }
	h0=$(sum "$h") o0=$(sum "$o")
	as_kernel "$K61/vmlinux.btf" "${build[@]}" >"$T/$name.2.log" 2>&1 || { cat "$T/$name.2.log"; fail "$name: build after the kernel changed"; }
	[ "$(sum "$h")" != "$h0" ] || fail "$name: vmlinux.h was not made again for the new kernel"
	[ "$(sum "$o")" != "$o0" ] || fail "$name: the object was not rebuilt for the new kernel"
	as_kernel /sys/kernel/btf/vmlinux "${build[@]}" >"$T/$name.3.log" 2>&1 || fail "$name: build back on this kernel"
	assert_eq "$name: vmlinux.h back on this kernel" "$h0" "$(sum "$h")"
	o0=$(stat -c %Y "$o")
	sleep 1
	as_kernel /sys/kernel/btf/vmlinux "${build[@]}" >"$T/$name.4.log" 2>&1 || fail "$name: build with newer, same BTF"
	assert_eq "$name: the object after newer but same BTF (mtime)" "$o0" "$(stat -c %Y "$o")"
	note "$name: vmlinux.h and the object follow the kernel's BTF"
}

src=$T/src
mkdir -p "$src/subprojects"
cp "$here"/* "$src/"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
meson setup "$T/mb" "$src" -Dbpfbuild:vmlinux-h=generated >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "meson setup"; }
BUILD=(meson compile -C "$T/mb")
check meson "$T/mb/subprojects/bpfbuild/meson-modules/bpfbuild/vmlinux.h" "$T/mb/exec-count.bpf.o"
meson compile -C "$T/mb" >"$T/noop.log" 2>&1 || fail "meson compile"
assert_grep "no work to do" "$T/noop.log" "a rebuild on the same kernel"

rm -rf "$src/subprojects"
(cd "$src" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/bootstrap.log" 2>&1 ||
	{ cat "$T/bootstrap.log"; fail "bpfbuildize + autoreconf failed"; }
mkdir -p "$T/ab"
(cd "$T/ab" && "$src/configure" --with-vmlinux-h=generated) >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "configure failed"; }
BUILD=(make -C "$T/ab")
check autotools "$T/ab/vmlinux.h" "$T/ab/exec-count.bpf.o"

note "no BTF at /sys/kernel/btf/vmlinux: configure stops in one line"
printf 'not BTF\n' >"$T/garbage.btf"
rc=0; as_kernel "$T/garbage.btf" sh -c 'cd "$1" && "$2/configure" --with-vmlinux-h=generated' sh "$T/ab" "$src" \
	>"$T/garbage-ac.log" 2>&1 || rc=$?
[ $rc -ne 0 ] || fail "configure took garbage for the kernel's BTF"
assert_grep "configure: error: /sys/kernel/btf/vmlinux is unreadable or not BTF" "$T/garbage-ac.log"
mkdir -p "$src/subprojects"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
rc=0; as_kernel "$T/garbage.btf" meson setup "$T/mg" "$src" -Dbpfbuild:vmlinux-h=generated >"$T/garbage-m.log" 2>&1 || rc=$?
[ $rc -ne 0 ] || fail "meson setup took garbage for the kernel's BTF"
assert_grep "ERROR: .*bpfbuild: /sys/kernel/btf/vmlinux is unreadable or not BTF" "$T/garbage-m.log"
echo ok
