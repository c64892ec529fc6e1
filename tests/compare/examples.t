# "ninja bpf-compare" over every example (-Dbpf-compare-compilers=true):
# one row per program, each built side verified with plausible numbers
# (instructions, peak states and jited size positive), a side the other
# compiler cannot build named with the probe's reason, and the LSM program
# "refused" by this host kernel on each side it was built (it is verified
# in QEMU by tests/vm).  With gcc-bpf 16 and clang 21 (sid) both compilers
# build every program.  The numbers themselves are checked against the
# kernel's in meson.t.
. "$(dirname "$0")/../lib.sh"

examples_build compare -Dbpf-compiler=clang -Dbpf-compare-compilers=true
# Not under CI=true: there a refused program (LSM, on this host) is exit 1,
# and this test wants the table, refusals included.
env -u CI BPF_COMPARE_ARGS=--json ninja -C "$EX_BUILD" bpf-compare >"$T/out" 2>&1 ||
	{ cat "$T/out"; fail "ninja bpf-compare failed"; }
gcc_major=$(sed -n 's/^cc_version=\([0-9]*\).*/\1/p' <(BPF_CC= "$BPFBUILD_TOP/engine/bpfbuild-probe" --compiler gcc))
note "second compiler: gcc $gcc_major"
python3 - "$T/out" "$gcc_major" <<'PY' || fail "the comparison is not plausible"
import json, sys
text = open(sys.argv[1]).read()
d, _ = json.JSONDecoder().raw_decode(text[text.index('{"left"'):])
gcc_major = int(sys.argv[2] or 0)
rows = {(r['object'], r['program']): r for r in d['programs']}
want = {('socket_bind', 'socket_bind4'), ('socket_bind', 'socket_bind6'), ('write_counter', 'count_write'),
        ('restrict_fs', 'restrict_fs'), ('restrict_ifaces', 'restrict_egress'), ('restrict_ifaces', 'restrict_ingress'),
        ('xdp_counter', 'xdp_count'), ('xdp_counter_light', 'xdp_count'), ('exec_events', 'handle_exec'),
        ('socket_policy', 'socket_create')}
assert set(rows) == want, sorted(set(rows) ^ want)
for key, r in rows.items():
    for side in ('left', 'right'):
        s = r[side]
        if s['verdict'] == 'not-built':
            assert s['error'], (key, side, 'not built without a reason')
            continue
        if key[0] == 'restrict_fs':
            assert s['verdict'] == 'refused', (key, side, s['verdict'])
            continue
        assert s['verdict'] == 'pass', (key, side, s['verdict'], s.get('error'))
        for m in ('insns', 'states_peak', 'jited_size', 'object_size'):
            assert isinstance(s[m], int) and s[m] > 0, (key, side, m, s[m])
    assert r['left']['verdict'] != 'not-built', (key, 'clang did not build it')
    if gcc_major >= 16:
        assert r['right']['verdict'] != 'not-built', (key, 'gcc %d did not build it' % gcc_major)
    if (r['left']['verdict'] == 'pass') != (r['right']['verdict'] == 'pass') and key[0] != 'restrict_fs':
        assert r['flagged'], (key, 'not flagged')
flags = [r['flagged'] for r in d['programs']]
assert flags == sorted(flags, reverse=True), 'flagged rows are not first'
print('%d programs compared' % len(rows))
PY
