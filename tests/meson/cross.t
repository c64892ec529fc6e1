# A cross build for aarch64 of the uapi-only example: the object is BPF,
# its compile line has __TARGET_ARCH_arm64 and the arm64 <asm/...> dir, and
# host validation is skipped with the reason.
. "$(dirname "$0")/../lib.sh"

mkdir -p "$T/p/subprojects"
ln -s "$BPFBUILD_TOP" "$T/p/subprojects/bpfbuild"
cp "$BPFBUILD_TOP"/examples/socket-bind/socket_bind.* "$T/p/"
cat >"$T/p/meson.build" <<'MESON'
project('cross-consumer')
bpf = subproject('bpfbuild').get_variable('bpf')
t = custom_target('socket_bind', input : 'socket_bind.bpf.c',
	output : ['socket_bind.bpf.o', 'socket_bind.skel.h'], kwargs : bpf['target'])
test('socket_bind.bpf.o', bpf['validate'], args : t[0], kwargs : bpf['test'])
MESON
meson setup "$T/b" "$T/p" --cross-file "$BPFBUILD_TOP/tests/meson/cross/aarch64.ini" \
	-Dbpfbuild:bpf-compiler=clang >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "cross configure failed"; }
cat "$T/setup.log"
assert_grep 'validation *: skipped: the target \(aarch64\) is not the running kernel' "$T/setup.log" "summary"
ninja -C "$T/b" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "cross build failed"; }
readelf -h "$T/b/socket_bind.bpf.o" | grep -q 'Machine: *Linux BPF' || fail "not a BPF object"
python3 - "$T/b/compile_commands.json" <<'PY' || fail "compile line lacks the arm64 target"
import json, sys
# An entry has "arguments" (bpfbuild-compdb) or a "command" string.
words = [' '.join(c['arguments']) if 'arguments' in c else c['command'] for c in json.load(open(sys.argv[1]))]
cmds = [c for c in words if 'socket_bind.bpf.o' in c]
assert cmds, 'no compile command for socket_bind.bpf.o'
c = cmds[0]
assert '-D__TARGET_ARCH_arm64' in c, c
assert '/usr/aarch64-linux-gnu/include' in c or '/usr/include/aarch64-linux-gnu' in c, c
PY
meson test -C "$T/b" >"$T/test.log" 2>&1 || true
assert_grep 'socket_bind.bpf.o +SKIP' "$T/test.log" "cross validation"
