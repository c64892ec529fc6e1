# compile_commands.json lists every BPF compile right after "meson setup"
# (engine/bpfbuild-compdb), as "arguments": the very words bpfbuild-cc is
# given, also when the toolkit's path holds a blank, for a source holding a
# quote, a blank, "$(...)" and non-ASCII (not a backslash: Meson reads it
# as a directory separator) and a program flag holding all of these;
# "directory" is where the compile runs and "file" names the source there.
. "$(dirname "$0")/../lib.sh"

d="$T/a dir"
mkdir -p "$d/src/subprojects"
subproject_copy "$d/toolkit"
ln -s "$d/toolkit" "$d/src/subprojects/bpfbuild"
cp "$BPFBUILD_TOP/tests/meson/consumer/"* "$d/src/"
odd="we\$(ird) 'q\" b é.bpf.c"
flag="-DODD=a b'c\"d\\e\$(f) é"
cp "$d/src/write-counter.bpf.c" "$d/src/$odd"
cat >"$d/src/meson.build" <<'MESON'
project('compdb', 'c')
bpf = subproject('bpfbuild').get_variable('bpf')
t = bpf['target']
custom_target('write-counter', input : 'write-counter.bpf.c',
	output : ['write-counter.bpf.o', 'write-counter.skel.h'], kwargs : t)
custom_target('odd', input : 'we$(ird) \'q" b é.bpf.c',
	output : ['odd.bpf.o', 'odd.skel.h'], depfile : t['depfile'],
	command : t['command'] + ['-DODD=a b\'c"d\\e$(f) é'])
executable('write-counter', 'write-counter.c', dependencies : dependency('libbpf'))
MESON
meson setup "$d/b" "$d/src" >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "meson setup"; }
python3 - "$d/b/compile_commands.json" "$d/src" "$odd" "$flag" <<'PY' || fail "compile_commands.json (above)"
import json, os, sys
db_path, src, odd, flag = sys.argv[1:]
db = json.load(open(db_path, encoding='utf-8'))
real = lambda e, p: os.path.realpath(os.path.join(e['directory'], p))
for name, own in (('write-counter.bpf.c', []), (odd, [flag])):
    want = os.path.realpath(os.path.join(src, name))
    es = [e for e in db if real(e, e['file']) == want]
    assert len(es) == 1, 'no single entry for %r; files: %r' % (want, [e['file'] for e in db])
    e = es[0]
    assert 'arguments' in e, 'no "arguments" (the exact words) in %r' % e
    a = e['arguments']
    assert a[0].endswith('clang') or 'gcc' in a[0], a
    assert a[-4:] == ['-c', e['file'], '-o', e['output']], a
    assert real(e, e['output']).endswith('.bpf.o'), e
    # Where bpfbuild-cc compiles: the program's relative -I dirs are read there.
    assert os.path.realpath(e['directory']) == os.path.realpath(src), e
    # The program's own flag: after the decided ones, once, word for word
    # as bpfbuild-cc is given it (Meson turns each '\\' of a custom_target's
    # command into '/': its backends.py, meson PR 737).
    own = [w.replace('\\', '/') for w in own]
    assert [w for w in a if w.startswith('-DODD')] == own, (own, a)
    assert not own or a.index(own[0]) == len(a) - 5, a
PY
