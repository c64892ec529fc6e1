#!/bin/bash
# Benchmark-style long run, not a test: libFuzzer (ASan+UBSan) on
# bpf-validate's open-and-static-check path for SECONDS (default 1800),
# seeded with the test programs and the regression inputs.  tests/validate/80-fuzz.t
# only replays tests/validate/fuzz-regress/ and a fixed, short sequence.  A finding
# is left in OUTDIR (kept): add it to tests/validate/fuzz-regress/ with the fix.
#
# Usage: tests/bench/fuzz-static.sh [SECONDS [OUTDIR]]
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-1800}
out=${2:-$(mktemp -d "${TMPDIR:-/tmp}/bpf-validate-fuzz.XXXXXX")}
bpftool=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
mkdir -p "$out/corpus" "$out/artifacts"

"$top/tools/bpf-validate/fuzz/build.sh" "$out/fuzz-static"
"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$out/vmlinux.h"
for src in "$top"/tests/validate/progs/*.bpf.c; do
	n=$(basename "$src" .bpf.c)
	clang -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 -I"$out" \
		-idirafter "/usr/include/$(gcc -print-multiarch)" -c "$src" -o "$out/corpus/$n.o" 2>/dev/null || :
done
cp "$top"/tests/validate/fuzz-regress/* "$out/corpus/"

rc=0
"$out/fuzz-static" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	-artifact_prefix="$out/artifacts/" -print_final_stats=1 "$out/corpus" \
	>"$out/fuzz.log" 2>&1 || rc=$?
grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$out/fuzz.log" || :
if [ $rc -ne 0 ] || [ -n "$(ls -A "$out/artifacts")" ]; then
	grep -E -A20 'ERROR|Sanitizer|runtime error|deadly signal' "$out/fuzz.log" | head -40
	echo "findings in $out/artifacts: add them to tests/validate/fuzz-regress/" >&2
	exit 1
fi
echo "no finding in ${secs}s; corpus and log in $out"
