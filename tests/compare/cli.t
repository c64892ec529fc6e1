# bpf-validate --compare on its own: the pair syntax (OBJECT, OBJECT=REASON,
# "-"), matching by program name, flagged rows first, the ratios, and the
# exit status (a side that was not built is no failure; a rejection is).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../validate/common.sh"

cd "$OBJ" || fail "no $OBJ"
rc=0  # set by run_bv
# The same uapi-only source from clang and from gcc-bpf.
run_bv "$T/both.json" "$T/err" --compare --json --left-label clang --right-label gcc cgroup_bind4.o gcc_bind4.o
assert_eq "exit, both pass (stderr: $(cat "$T/err"))" 0 "$rc"
python3 - "$T/both.json" <<'PY' || fail "clang vs gcc JSON"
import json, os, sys
d = json.load(open(sys.argv[1]))
assert d['left'] == 'clang' and d['right'] == 'gcc' and d['exit'] == 0, d
names = sorted(r['program'] for r in d['programs'])
assert names == ['allow_connect', 'deny_telnet'], names
for r in d['programs']:
    l, g = r['left'], r['right']
    assert not r['flagged'] and l['verdict'] == g['verdict'] == 'pass', r
    assert r['object'] == 'cgroup_bind4', r['object']
    assert l['object_size'] == os.path.getsize('cgroup_bind4.o') and g['object_size'] == os.path.getsize('gcc_bind4.o')
    for m in ('insns', 'jited_size', 'object_size'):
        assert l[m] > 0 and g[m] > 0 and abs(r['ratio'][m] - g[m] / l[m]) < 1e-3, (m, r)
PY

# A rejected program, on both sides: exit 1, not flagged.
run_bv "$T/bad.txt" "$T/err" --compare bad_deref.o bad_deref.o
assert_eq "exit, rejected" 1 "$rc"
assert_grep '^ +bad_deref +bad_lookup .* rejected \(.*\) +rejected \(' "$T/bad.txt" "table"
assert_grep '^ +bad_deref +good_lookup +[1-9][0-9]*/[1-9][0-9]* \(1\.00\) .* pass +pass$' "$T/bad.txt" "table"

# Not built on one side (with a reason naming the row), both sides ("-"),
# and a program only one object has: flagged first, and no failure.
run_bv "$T/nb.txt" "$T/err" --compare --left-label clang --right-label gcc \
	xdp_pass.o 'xdp_pass=core: no (probe says so)' - - cgroup_bind4.o xdp_pass.o
cat "$T/nb.txt"
assert_eq "exit, not built (stderr: $(cat "$T/err"))" 0 "$rc"
assert_grep '^!! +xdp_pass +xdp_count .* pass +not built \(core: no \(probe says so\)\)$' "$T/nb.txt" "table"
assert_grep '^ +pair2 +- .* not built \(no reason given\) +not built' "$T/nb.txt" "table"
assert_grep '^!! +cgroup_bind4 +deny_telnet .* pass +missing \(' "$T/nb.txt" "table"
assert_grep '^!! +cgroup_bind4 +xdp_count .* missing \(.*\) +pass$' "$T/nb.txt" "table"
[ "$(sed -n 3p "$T/nb.txt" | cut -c1-2)" = '!!' ] && [ "$(grep -c '^!!' "$T/nb.txt")" = 4 ] &&
	! sed -n '3,6p' "$T/nb.txt" | grep -qv '^!!' || fail "flagged rows are not first"

# Bad input: one line, exit 1.
run_bv "$T/o" "$T/err" --compare xdp_pass.o
assert_eq "odd count exit" 1 "$rc"
assert_grep 'odd number of arguments' "$T/err"
run_bv "$T/o" "$T/err" --compare --tap xdp_pass.o xdp_pass.o
assert_eq "--tap exit" 1 "$rc"
assert_grep 'no --tap output' "$T/err"
run_bv "$T/o" "$T/err" --compare --json "$T/nonexistent.o" xdp_pass.o
assert_eq "missing file exit" 1 "$rc"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["programs"][0]; assert r["left"]["verdict"] == "error" and r["flagged"], r' "$T/o" ||
	fail "a missing object is not an error side"
