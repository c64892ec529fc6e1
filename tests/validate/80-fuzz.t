# libFuzzer (ASan+UBSan) on the open-and-static-check path for 60 s, seeded
# with the test objects: no crash, leak, timeout or sanitizer report.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

fuzzer=$T/fuzz-static
"$BPFBUILD_TOP/tools/bpf-validate/fuzz/build.sh" "$fuzzer" >"$T/build.log" 2>&1 \
	|| { tail -20 "$T/build.log"; fail "the fuzzer does not build (clang, libclang-rt-14-dev)"; }
mkdir "$T/corpus" "$T/artifacts"
cp "$OBJ"/*.o "$T/corpus/"
head -c 64 "$OBJ/xdp_pass.o" >"$T/corpus/header-only"

rc=0
"$fuzzer" -max_total_time="${BV_FUZZ_SECONDS:-60}" -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$T/artifacts/" -print_final_stats=1 "$T/corpus" >"$T/fuzz.log" 2>&1 || rc=$?
if [ $rc -ne 0 ] || [ -n "$(ls -A "$T/artifacts")" ]; then
	grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$T/fuzz.log" | head -60
	ls -l "$T/artifacts"
	fail "the fuzzer found a problem (exit $rc)"
fi
assert_grep 'stat::number_of_executed_units: *[1-9]' "$T/fuzz.log" "fuzzer log"
note "$(grep -E 'stat::number_of_executed_units' "$T/fuzz.log")"
