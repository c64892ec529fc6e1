# libFuzzer (ASan+UBSan) on the open-and-static-check path: first it replays
# every input of fuzz-regress/ (past findings, each once), then fuzzes for
# BV_FUZZ_SECONDS (default 20), seeded with the test objects: no crash, leak,
# timeout or sanitizer report.  Long runs: tests/bench/fuzz-static.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

fuzzer=$T/fuzz-static
regress=$BPFBUILD_TOP/tests/validate/fuzz-regress
"$BPFBUILD_TOP/tools/bpf-validate/fuzz/build.sh" "$fuzzer" >"$T/build.log" 2>&1 \
	|| { tail -20 "$T/build.log"; fail "the fuzzer does not build (clang, libclang-rt-14-dev)"; }
mkdir "$T/corpus" "$T/artifacts"
cp "$OBJ"/*.o "$regress"/* "$T/corpus/"
head -c 64 "$OBJ/xdp_pass.o" >"$T/corpus/header-only"

rc=0
"$fuzzer" -timeout=10 -rss_limit_mb=2048 "$regress"/* >"$T/replay.log" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
	grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$T/replay.log" | head -60
	fail "a regression input of fuzz-regress/ fails again (exit $rc)"
fi
n=$(grep -c '^Running: ' "$T/replay.log" || :)
assert_eq "regression inputs replayed" "$(find "$regress" -type f | wc -l)" "$n"

rc=0
"$fuzzer" -max_total_time="${BV_FUZZ_SECONDS:-20}" -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$T/artifacts/" -print_final_stats=1 "$T/corpus" >"$T/fuzz.log" 2>&1 || rc=$?
if [ $rc -ne 0 ] || [ -n "$(ls -A "$T/artifacts")" ]; then
	grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$T/fuzz.log" | head -60
	ls -l "$T/artifacts"
	fail "the fuzzer found a problem (exit $rc)"
fi
assert_grep 'stat::number_of_executed_units: *[1-9]' "$T/fuzz.log" "fuzzer log"
note "$(grep -E 'stat::number_of_executed_units' "$T/fuzz.log")"
