#!/bin/bash
# Issue 30 item 2: the precompiled vmlinux.h only where it pays.  Making it
# costs more than the one parse of vmlinux.h it saves a compile, so a
# project with one CO-RE program (and a uapi-only one) has no PCH target at
# all, and says why in its summary; with two CO-RE programs (one reaching
# vmlinux.h through a header of its own) it has one.  The toolkit's own
# sources under subprojects/ are not the project's and are not counted.
. "$(dirname "$0")/../lib.sh"

[ -r /sys/kernel/btf/vmlinux ] || fail "no /sys/kernel/btf/vmlinux on this host"
pch=subprojects/bpfbuild/meson-modules/bpfbuild/vmlinux.h.pch
# tree NAME PROGRAM...: a consumer of these programs of tests/meson/vmlinux-deps.
tree() {
	local d=$T/$1 p list
	shift
	mkdir -p "$d/subprojects"
	ln -s "$BPFBUILD_TOP" "$d/subprojects/bpfbuild"
	cp "$BPFBUILD_TOP"/tests/meson/vmlinux-deps/*.h "$d/"
	for p in "$@"; do cp "$BPFBUILD_TOP/tests/meson/vmlinux-deps/$p.bpf.c" "$d/"; done
	list=$(printf "'%s', " "$@")
	sed "s/\\['uapi', 'core', 'indirect'\\]/[${list%, }]/" \
		"$BPFBUILD_TOP/tests/meson/vmlinux-deps/meson.build" >"$d/meson.build"
	grep -qF "[${list%, }]" "$d/meson.build" || fail "the consumer's program list in $d/meson.build"
	meson setup "$d.b" "$d" -Dbpfbuild:bpf-compiler=clang -Dbpfbuild:vmlinux-h=generated >"$d.log" 2>&1 ||
		{ tail -n 30 "$d.log"; fail "configure ($*)"; }
	ninja -C "$d.b" -t targets all >"$d.targets" || fail "ninja -t targets ($*)"
}

tree two uapi core indirect
if ! grep -qE 'vmlinux.h.pch +: yes' "$T/two.log"; then
	grep -qE 'vmlinux.h.pch +: no \(the object differs' "$T/two.log" ||
		fail "two CO-RE programs: $(grep 'vmlinux.h.pch' "$T/two.log")"
	skip "this clang's objects differ with a PCH: $(grep 'compiler *:' "$T/two.log")"
fi
assert_grep 'vmlinux.h.pch +: yes \(a precompiled vmlinux.h gives a byte-identical CO-RE object' "$T/two.log" "summary (two CO-RE programs)"
assert_grep "^$pch: " "$T/two.targets" "the targets (two CO-RE programs)"

tree one uapi core
assert_grep 'vmlinux.h.pch +: no \(1 of the project.s BPF sources include vmlinux.h, and making it pays from 2\)' \
	"$T/one.log" "summary (one CO-RE program)"
assert_no_grep 'vmlinux\.h\.pch' "$T/one.targets" "the targets (one CO-RE program)"
ninja -C "$T/one.b" -t commands core.bpf.o >"$T/one.commands"
assert_no_grep ' --pch ' "$T/one.commands" "the compile of core.bpf.o"
ninja -C "$T/one.b" >"$T/one.build.log" 2>&1 || { cat "$T/one.build.log"; fail "build (one CO-RE program)"; }
{ [ -s "$T/one.b/core.bpf.o" ] && [ -s "$T/one.b/core.skel.h" ]; } || fail "no core.bpf.o and core.skel.h"
