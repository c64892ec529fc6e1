#!/bin/bash
# Issue 30: no program waits for the generated vmlinux.h or its PCH.  No
# object has an edge to either in build.ninja; a program that needs
# vmlinux.h (also through a header of its own) makes it when it is the
# first (bpfbuild-cc, engine/bpfbuild-vmlinux-users), a uapi-only one never
# does, and the depfiles then track it: a second build does nothing, and a
# vmlinux.h made again is made before the programs that need it.
. "$(dirname "$0")/../lib.sh"

[ -r /sys/kernel/btf/vmlinux ] || fail "no /sys/kernel/btf/vmlinux on this host"
mkdir -p "$T/src/subprojects"
cp "$BPFBUILD_TOP"/tests/meson/vmlinux-deps/* "$T/src/"
ln -s "$BPFBUILD_TOP" "$T/src/subprojects/bpfbuild"
meson setup "$T/b" "$T/src" -Dbpfbuild:bpf-compiler=clang -Dbpfbuild:vmlinux-h=generated >"$T/setup.log" 2>&1 ||
	{ tail -n 30 "$T/setup.log"; fail "configure"; }
vm=$T/b/subprojects/bpfbuild/meson-modules/bpfbuild/vmlinux.h
for o in uapi core indirect; do
	ninja -C "$T/b" -t query "$o.bpf.o" >"$T/$o.query" || fail "ninja -t query $o.bpf.o"
	assert_grep "$o\\.bpf\\.c" "$T/$o.query" "the inputs of $o.bpf.o"
	assert_no_grep 'vmlinux' "$T/$o.query" "the inputs of $o.bpf.o"
done
ninja -C "$T/b" uapi.bpf.o >"$T/uapi.log" 2>&1 || { cat "$T/uapi.log"; fail "build uapi.bpf.o"; }
[ ! -e "$vm" ] || fail "building the uapi-only program made vmlinux.h"
ninja -C "$T/b" indirect.bpf.o >"$T/indirect.log" 2>&1 || { cat "$T/indirect.log"; fail "build indirect.bpf.o alone"; }
[ -s "$vm" ] || fail "no vmlinux.h after building indirect.bpf.o"
# Named as build.ninja names the target (from the build root): else ninja
# would not make vmlinux.h again before the program after a kernel change.
ninja -C "$T/b" -t deps indirect.bpf.o >"$T/indirect.deps"
assert_grep "^ +${vm#"$T/b/"}\$" "$T/indirect.deps" "the recorded dependencies of indirect.bpf.o"
ninja -C "$T/b" >"$T/all.log" 2>&1 || { cat "$T/all.log"; fail "build"; }
ninja -C "$T/b" >"$T/noop.log" 2>&1
assert_grep 'ninja: no work to do' "$T/noop.log" "the second build"
