# The suite under "meson test" (tests/meson.build): every tests/AREA/NAME.t
# is registered once, in the suite AREA, with its area's timeout
# (tests/timeouts); a test runs through the harness, which writes its JUnit
# log.
. "$(dirname "$0")/../lib.sh"

toolkit_build
dir=$BPFBUILD_TEST_RUN/toolkit
meson test -C "$dir" --list >"$T/list" 2>"$T/list.err" || { cat "$T/list.err"; fail "meson test --list"; }
n=0
for t in "$BPFBUILD_TOP"/tests/*/*.t; do
	name=${t#"$BPFBUILD_TOP/tests/"}
	area=${name%%/*}
	if [ "$name" = validate/veristat.t ] && ! command -v veristat >/dev/null; then
		assert_no_grep " $name\$" "$T/list" "meson test --list (no veristat here)"
		continue
	fi
	if [ "$name" = meson/distro-vmlinux.t ] && ! ls /usr/include/*/linux/bpf/vmlinux.h >/dev/null 2>&1; then
		assert_no_grep " $name\$" "$T/list" "meson test --list (no linux-bpf-dev here)"
		continue
	fi
	# Meson 1.0 lists "PROJECT:SUITE / NAME", 1.12 "SUITE - PROJECT:NAME".
	[ "$(grep -cxE "bpfbuild:$area / $name|$area - bpfbuild:$name" "$T/list")" = 1 ] ||
		fail "$name is not registered once in suite $area"
	n=$((n + 1))
done
listed=$(grep -cE '[.]t$' "$T/list")
[ "$listed" = $n ] || fail "meson test lists $listed tests, the tree has $n"
note "$n tests registered"

# Every test's timeout is its area's in tests/timeouts (tests/run's too).
meson introspect --tests "$dir" | python3 -c '
import json, sys
limits = dict(l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#"))
for t in json.load(sys.stdin):
    want = int(limits.get(t["name"].split("/")[0], limits["default"]))
    if t["timeout"] != want:
        sys.exit(t["name"] + ": timeout " + str(t["timeout"]) + ", tests/timeouts says " + str(want))
' "$BPFBUILD_TOP/tests/timeouts" || fail "a test without its timeout"

# One real test through the harness.
meson test -C "$dir" engine/decide.t >"$T/run.log" 2>&1 || { cat "$T/run.log"; fail "meson test engine/decide.t"; }
assert_grep '^Ok: +1' "$T/run.log" "meson test engine/decide.t"
[ -s "$dir/meson-logs/testlog.junit.xml" ] || fail "no JUnit log"
grep -q 'engine/decide.t' "$dir/meson-logs/testlog.junit.xml" || fail "the JUnit log lacks the test"
echo ok
