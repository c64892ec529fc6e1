# libFuzzer (ASan+UBSan) on the open-and-static-check path: first it replays
# every input of fuzz-regress/ (past findings, each once), then runs
# BV_FUZZ_RUNS (default 300000) mutations from a fixed seed, seeded with the
# test objects: no crash, leak, timeout or sanitizer report.  Then the same
# for --merge's JSON reader, and for the selftests' annotations (20000
# runs, about 10 s; BV_FUZZ_RUNS sets it too).  The seed and the count are
# fixed, and the objects carry no checkout path, so that a run's result
# follows from the code and the toolchain, not from luck: exploring belongs
# to the long runs of tests/bench/fuzz-static.sh, whose findings come here
# as regression inputs.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

fuzzer=$T/fuzz-static
regress=$BPFBUILD_TOP/tests/validate/fuzz-regress
"$BPFBUILD_TOP/tools/bpf-validate/fuzz/build.sh" "$fuzzer" >"$T/build.log" 2>&1 \
	|| { tail -20 "$T/build.log"; fail "the fuzzer does not build (clang, libclang-rt-14-dev)"; }
mkdir "$T/corpus" "$T/artifacts"
# The clang test objects again, with the source directory mapped away.
for src in "$PROGS"/*.bpf.c; do
	n=$(basename "$src" .bpf.c)
	case $n in gcc_*) continue ;; esac
	(cd "$PROGS" && clang_bpf_object "$n.bpf.c" "$T/corpus/$n.o" -I"$OBJ" -ffile-prefix-map="$PROGS=.") ||
		fail "$n.bpf.c does not compile"
done
cp "$regress"/* "$T/corpus/"
head -c 64 "$T/corpus/xdp_pass.o" >"$T/corpus/header-only"

rc=0
"$fuzzer" -timeout=10 -rss_limit_mb=2048 "$regress"/* >"$T/replay.log" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
	grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$T/replay.log" | head -60
	fail "a regression input of fuzz-regress/ fails again (exit $rc)"
fi
n=$(grep -c '^Running: ' "$T/replay.log" || :)
assert_eq "regression inputs replayed" "$(find "$regress" -type f | wc -l)" "$n"

fuzz_run fuzzer "$fuzzer" "$T/corpus" "$T/artifacts" "$T/fuzz.log" "${BV_FUZZ_RUNS:-300000}"
note "$(grep -E 'stat::number_of_executed_units' "$T/fuzz.log")"

# The same for the JSON reader of --merge: the malformed documents of
# fuzz-regress-json/ once each, then fuzzing seeded with the merge fixtures.
jfuzzer=$T/fuzz-json
jregress=$BPFBUILD_TOP/tests/validate/fuzz-regress-json
"$BPFBUILD_TOP/tools/bpf-validate/fuzz/build.sh" "$jfuzzer" clang json >"$T/build-json.log" 2>&1 \
	|| { tail -20 "$T/build-json.log"; fail "the JSON fuzzer does not build"; }
mkdir "$T/jcorpus" "$T/jartifacts"
cp "$jregress"/* "$BPFBUILD_TOP"/tests/validate/merge/*.json "$T/jcorpus/"
rc=0
"$jfuzzer" -timeout=10 -rss_limit_mb=2048 "$jregress"/* >"$T/jreplay.log" 2>&1 || rc=$?
[ $rc -eq 0 ] || { grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal' "$T/jreplay.log" | head -60
	fail "a malformed document of fuzz-regress-json/ fails the reader (exit $rc)"; }
assert_eq "JSON inputs replayed" "$(find "$jregress" -type f | wc -l)" "$(grep -c '^Running: ' "$T/jreplay.log" || :)"
fuzz_run "JSON fuzzer" "$jfuzzer" "$T/jcorpus" "$T/jartifacts" "$T/jfuzz.log" "${BV_FUZZ_RUNS:-300000}"

# The same for the selftests' annotations (issue 46): their reading from
# BTF tags and their messages, compiled and matched against a log; the
# inputs of fuzz-regress-annot/ (tags, a NUL, a verifier log: the three
# spellings, every tag, back-references and brackets) once each, then
# fuzzing seeded with them.
afuzzer=$T/fuzz-annot
aregress=$BPFBUILD_TOP/tests/validate/fuzz-regress-annot
"$BPFBUILD_TOP/tools/bpf-validate/fuzz/build.sh" "$afuzzer" clang annot >"$T/build-annot.log" 2>&1 \
	|| { tail -20 "$T/build-annot.log"; fail "the annotation fuzzer does not build"; }
mkdir "$T/acorpus" "$T/aartifacts"
cp "$aregress"/* "$T/acorpus/"
rc=0
"$afuzzer" -detect_leaks=1 -timeout=10 -rss_limit_mb=2048 "$aregress"/* >"$T/areplay.log" 2>&1 || rc=$?
[ $rc -eq 0 ] || { grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$T/areplay.log" | head -60
	fail "an input of fuzz-regress-annot/ fails the annotations' reader (exit $rc)"; }
assert_eq "annotation inputs replayed" "$(find "$aregress" -type f | wc -l)" "$(grep -c '^Running: ' "$T/areplay.log" || :)"
fuzz_run "annotation fuzzer" "$afuzzer" "$T/acorpus" "$T/aartifacts" "$T/afuzz.log" "${BV_FUZZ_RUNS:-20000}"
note "annotations: $(grep -E 'stat::number_of_executed_units' "$T/afuzz.log" | tr -s ' ')"
