# compile_commands.json lists every BPF compile (engine/bpfbuild-compdb),
# also when the toolkit's path holds a blank (Meson then quotes the
# bpfbuild-cc word) and for a source named with shell characters: "file"
# is the source's name as the shell reads it, and "command", split as a
# shell splits it, compiles that very file.
. "$(dirname "$0")/../lib.sh"

d="$T/a dir"
mkdir -p "$d/src/subprojects"
subproject_copy "$d/toolkit"
ln -s "$d/toolkit" "$d/src/subprojects/bpfbuild"
cp "$BPFBUILD_TOP/tests/meson/consumer/"* "$d/src/"
odd="we\$ird 'q\" (x).bpf.c"
cp "$d/src/write-counter.bpf.c" "$d/src/$odd"
cat >"$d/src/meson.build" <<'MESON'
project('compdb', 'c')
bpf = subproject('bpfbuild').get_variable('bpf')
foreach s : ['write-counter.bpf.c', 'we$ird \'q" (x).bpf.c']
	custom_target(s.underscorify() + '.o', input : s,
		output : [s.underscorify() + '.bpf.o', s.underscorify() + '.skel.h'], kwargs : bpf['target'])
endforeach
executable('write-counter', 'write-counter.c', dependencies : dependency('libbpf'))
MESON
meson setup "$d/b" "$d/src" >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "meson setup"; }
python3 - "$d/b/compile_commands.json" "$odd" <<'PY' || fail "compile_commands.json (above)"
import json, shlex, sys
db = json.load(open(sys.argv[1]))
for name in ('write-counter.bpf.c', sys.argv[2]):
    want = '../src/' + name
    es = [e for e in db if e['file'] == want]
    assert len(es) == 1, 'no single entry with "file": %r; files: %r' % (want, [e['file'] for e in db])
    words = shlex.split(es[0]['command'])
    assert words[words.index('-c') + 1] == want, es[0]['command']
    assert words[words.index('-o') + 1] == es[0]['output'], es[0]
    assert words[0].endswith('clang') or 'gcc' in words[0], es[0]['command']
PY
