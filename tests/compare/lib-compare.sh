# Helpers for the compiler-comparison tests; sourced after ../lib.sh.

# cmp_sources DIR: the two example programs the comparison tests use:
# socket_bind (uapi-only: every BPF compiler builds it) and write_counter
# (CO-RE and atomics: gcc-bpf 12 cannot).
cmp_sources() {
	mkdir -p "$1"
	cp "$BPFBUILD_TOP"/examples/socket-bind/socket_bind.bpf.c "$BPFBUILD_TOP"/examples/socket-bind/socket_bind.h \
		"$BPFBUILD_TOP"/examples/write-counter/write_counter.bpf.c "$1/"
}

# cmp_expect KIND: sets CMP_WC_WHY to why the KIND compiler cannot build
# write_counter (needs core, atomics, vmlinux), or empty when it can, from
# what bpfbuild-probe reports for that compiler here.
cmp_expect() {
	local out cap why need
	out=$(BPF_CC="" BPF_CFLAGS="" "$BPFBUILD_TOP/engine/bpfbuild-probe" --compiler "$1" \
		--libbpf-includedir "$(pkg-config --variable=includedir libbpf)") || fail "bpfbuild-probe --compiler $1 fails"
	echo "$out" | grep -qx 'status=ok' || fail "no usable $1 BPF compiler: $(echo "$out" | grep -m1 '^why=')"
	CMP_WC_WHY=
	for need in core atomics; do
		cap=$(echo "$out" | sed -n "s/^cap_$need=//p")
		why=$(echo "$out" | sed -n "s/^why_$need=//p")
		[ "$cap" = yes ] || CMP_WC_WHY="${CMP_WC_WHY:+$CMP_WC_WHY, }$need: $why"
	done
	if [ -n "$CMP_WC_WHY" ]; then
		echo "bpfbuild-probe: $1 cannot build write_counter: $CMP_WC_WHY"
	else
		echo "bpfbuild-probe: $1 builds write_counter"
	fi
}

# cmp_check_json FILE LEFT RIGHT: the --compare document is
# plausible, and every number of a passing side is the kernel's own for
# that object loaded apart with "bpftool prog loadall".
cmp_check_json() {
	local json=$1 left=$2 right=$3 fs
	# shellcheck disable=SC2046 # pkg-config's words are separate flags
	[ -x "$T/prog-info" ] || cc -O2 -o "$T/prog-info" "$BPFBUILD_TOP/tests/compare/prog-info.c" \
		$(pkg-config --cflags --libs libbpf) || fail "tests/compare/prog-info.c does not build"
	fs=$(mktemp -d "$T/bpffs.XXXXXX")
	mount -t bpf bpf "$fs" || fail "cannot mount a bpffs on $fs"
	local rc=0
	CMP_FS=$fs CMP_WC_WHY=$CMP_WC_WHY PROG_INFO=$T/prog-info \
		python3 - "$json" "$left" "$right" <<'PY' || rc=$?
import json, os, subprocess, sys
text = open(sys.argv[1]).read()
d = json.loads(text[text.index('{"left"'):])   # after the build tool's own lines
left, right = sys.argv[2:4]
fs, wc_why = os.environ['CMP_FS'], os.environ['CMP_WC_WHY']
assert d['left'] == left and d['right'] == right, (d['left'], d['right'])
rows = d['programs']
got = sorted((r['object'], r['program']) for r in rows)
assert got == [('socket_bind', 'socket_bind4'), ('socket_bind', 'socket_bind6'),
               ('write_counter', 'count_write')], got
flags = [r['flagged'] for r in rows]
assert flags == sorted(flags, reverse=True), 'flagged rows are not first: %s' % flags
metrics = ('insns', 'states_peak', 'stack_depth', 'jited_size', 'object_size')
for r in rows:
    sides = (r['left'], r['right'])
    passes = [s['verdict'] == 'pass' for s in sides]
    assert r['flagged'] == (passes[0] != passes[1]), r
    for s in sides:
        if s['verdict'] == 'not-built':
            assert s['error'] and all(s[m] is None for m in metrics), s
            continue
        assert os.path.isfile(s['path']) and s['object_size'] == os.path.getsize(s['path']), s
        assert s['verdict'] == 'pass', '%s %s: %s' % (r['program'], s['verdict'], s['error'])
        assert s['insns'] > 0 and s['jited_size'] > 0 and s['states_peak'] >= 1 and s['stack_depth'] >= 0, s
    for m in metrics:
        a, b = r['left'][m], r['right'][m]
        if a is not None and b is not None and a > 0:
            assert abs(r['ratio'][m] - b / a) < 1e-3, (m, r)
        elif a is None or b is None:
            assert r['ratio'][m] is None, (m, r)
    # What the probes say: the right compiler builds write_counter or says why.
    if r['object'] == 'write_counter':
        rs = r['right']
        if wc_why:
            assert rs['verdict'] == 'not-built' and rs['error'] == wc_why and r['flagged'], (rs, wc_why)
        else:
            assert rs['verdict'] == 'pass' and not r['flagged'], rs
    else:
        assert all(passes), r

# The kernel's numbers for each object loaded apart.
loaded = {}
for r in rows:
    for label, s in ((left, r['left']), (right, r['right'])):
        if s['verdict'] != 'pass':
            continue
        pin = loaded.get(s['path'])
        if pin is None:
            pin = loaded[s['path']] = os.path.join(fs, str(len(loaded)))
            subprocess.run(['bpftool', 'prog', 'loadall', s['path'], pin], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        p = os.path.join(pin, r['program'])
        show = json.loads(subprocess.run(['bpftool', 'prog', 'show', 'pinned', p, '--json'], check=True,
                                         capture_output=True, text=True).stdout)
        info = json.loads(subprocess.run([os.environ['PROG_INFO'], p], check=True,
                                         capture_output=True, text=True).stdout)
        assert show['bytes_jited'] == s['jited_size'] == info['jited_len'], (s, show, info)
        assert info['verified_insns'] == s['insns'], ('processed insns', s, info)
        if 'verified_insns' in show:   # bpftool 7.2+
            assert show['verified_insns'] == s['insns'], (s, show)
        assert show['bytes_xlated'] == info['xlated_len'] > 0, (show, info)
        print('%-14s %-13s %-6s insns %4d = verified_insns, jited %4d = bpftool bytes_jited, xlated %d insns%s' % (
            r['object'], r['program'], label,
            s['insns'], s['jited_size'], show['bytes_xlated'] // 8,
            ', bpftool verified_insns too' if 'verified_insns' in show else ''))
PY
	umount "$fs"
	[ $rc -eq 0 ] || { sed 's/^/    /' "$json"; fail "the --compare JSON is not plausible ($json)"; }
}
