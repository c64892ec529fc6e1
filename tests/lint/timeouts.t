# A test that hangs is stopped and fails, under both runners, with the
# timeout of its area in tests/timeouts: the suite's own tests/run and
# tests/meson.build (meson test without tests/run) run, in a copy, a test that never ends (area "hang",
# 3 s), started with SIGHUP ignored as under nohup.
. "$(dirname "$0")/../lib.sh"
tree=$T/tree
mkdir -p "$tree/tests/hang"
cp "$BPFBUILD_TOP/tests/run" "$BPFBUILD_TOP/tests/meson-results" "$BPFBUILD_TOP/tests/meson.build" "$tree/tests/"
{ cat "$BPFBUILD_TOP/tests/timeouts"; echo "hang 3"; } >"$tree/tests/timeouts"
printf 'project('"'"'hang'"'"')\nsubdir('"'"'tests'"'"')\n' >"$tree/meson.build"
# It ignores SIGHUP too: only the runner's stop ends it.
printf 'trap "" HUP\nsleep 600\n' >"$tree/tests/hang/forever.t"

note "tests/run"
t0=$(date +%s)
rc=0
env -u CI -u BPFBUILD_TEST_RUN --ignore-signal=HUP BPFBUILD_MATRIX=no "$tree/tests/run" >"$T/run.log" 2>&1 || rc=$?
dt=$(( $(date +%s) - t0 ))
cat "$T/run.log"
assert_eq "tests/run's exit" 1 "$rc"
assert_grep '^FAIL  hang/forever\.t \(timed out after 3s: tests/timeouts\)$' "$T/run.log"
assert_grep '^0 passed, 1 failed$' "$T/run.log"
[ "$dt" -lt 60 ] || fail "tests/run took ${dt}s for a 3 s timeout"

note "meson test"
meson setup "$T/build" "$tree" >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "meson setup of the copy"; }
rc=0
env --ignore-signal=HUP meson test -C "$T/build" >"$T/test.log" 2>&1 || rc=$?
cat "$T/test.log"
[ "$rc" -ne 0 ] || fail "meson test passed a test that never ends"
assert_grep 'hang/forever\.t +TIMEOUT' "$T/test.log"
echo ok
