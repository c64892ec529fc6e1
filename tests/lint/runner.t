# tests/run runs the suite under "meson test" and reads its results: in a
# copy of the runner with a throwaway registry of tests, a test that hangs
# (and ignores SIGTERM) is stopped at its area's timeout and fails, a skip
# is a SKIP with its reason (a failure under CI=true), a failure shows its
# output, the two tests of a parallel area (tests/meson.build's
# parallel_areas: lint) run at once, and the lines and counts are
# tests/run's.
. "$(dirname "$0")/../lib.sh"
tree=$T/tree
mkdir -p "$tree/tests/demo" "$tree/tests/lint"
cp "$BPFBUILD_TOP/tests/run" "$BPFBUILD_TOP/tests/meson-results" "$BPFBUILD_TOP/tests/meson.build" "$tree/tests/"
{ cat "$BPFBUILD_TOP/tests/timeouts"; echo "demo 3"; } >"$tree/tests/timeouts"
printf 'project('"'"'runner'"'"')\nsubdir('"'"'tests'"'"')\n' >"$tree/meson.build"
echo 'exit 0' >"$tree/tests/demo/ok.t"
printf 'echo "the reason it fails"\nexit 1\n' >"$tree/tests/demo/fail.t"
printf 'echo "SKIP: no such kernel here"\nexit 77\n' >"$tree/tests/demo/skip.t"
# A cleanup that never ends: only SIGKILL stops it.
printf 'trap "" TERM HUP\nsleep 600\n' >"$tree/tests/demo/hang.t"
# Each waits for the other: they pass only when they run at the same time.
for n in a b; do
	o=$([ $n = a ] && echo b || echo a)
	printf 'touch "$BPFBUILD_TEST_RUN/%s"\nfor i in $(seq 80); do [ -e "$BPFBUILD_TEST_RUN/%s" ] && exit 0; sleep 0.1; done\necho "%s never started"; exit 1\n' \
		$n "$o" "$o" >"$tree/tests/lint/$n.t"
done
run() { env -u CI -u BPFBUILD_TEST_RUN -u BPFBUILD_ENV BPFBUILD_MATRIX=no MESON_TESTTHREADS=2 "$@"; }

note "tests/run"
t0=$(date +%s)
rc=0
run "$tree/tests/run" >"$T/run.log" 2>&1 </dev/null || rc=$?
dt=$(( $(date +%s) - t0 ))
cat "$T/run.log"
assert_eq "tests/run's exit" 1 "$rc"
assert_grep '^FAIL  demo/hang\.t \(timed out after 3s: tests/timeouts\)$' "$T/run.log"
assert_grep '^FAIL  demo/fail\.t \(exit 1, [0-9]+s\)$' "$T/run.log"
assert_grep '^      \| the reason it fails$' "$T/run.log"
assert_grep '^SKIP  demo/skip\.t: no such kernel here$' "$T/run.log"
assert_no_grep 'lint/[ab]\.t \(' "$T/run.log" "the parallel area's results"
assert_grep '^failed: demo/fail\.t demo/hang\.t$' "$T/run.log"
[ "$(tail -n 1 "$T/run.log")" = "3 passed, 2 failed, 1 skipped" ] || fail "the last line is not the counts"
# timeout(1)'s 30 s after a SIGTERM would be too late.
[ "$dt" -lt 30 ] || fail "tests/run took ${dt}s with a 3 s timeout"

note "CI=true, one test"
rc=0
run CI=true "$tree/tests/run" demo/skip >"$T/ci.log" 2>&1 </dev/null || rc=$?
cat "$T/ci.log"
assert_eq "tests/run's exit" 1 "$rc"
assert_grep '^FAIL  demo/skip\.t \(skipped, and CI=true forbids skips\)$' "$T/ci.log"
[ "$(tail -n 1 "$T/ci.log")" = "0 passed, 1 failed" ] || fail "the last line is not the counts"
echo ok
