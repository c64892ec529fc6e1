#!/bin/bash
# Benchmark, not a test (issue 32): what bpf-validate --annotated-load-only
# saves a kernel's VM boot over the selftests' objects.  Side by side in
# one run: two guests at once, one vCPU each (the same machine, the same
# moment), over the same objects, one with the option and one without;
# prints each boot's seconds, the verifier's own seconds (the sum of
# verify_usec), the ratio, and whether every annotation was judged alike.
#
# Usage: tests/bench/annotated-load-only.sh OBJDIR KERNEL [EVERY] [OBJ...]
#   OBJDIR  the objects of a conformance run (BENCH_OUT's
#           SUITE-VERSION-KERNEL/obj-COMPILER of selftests-conformance.sh)
#   KERNEL  a kernel of the cache (bpf-vm-kernels list), the one they were
#           built for
#   EVERY   every EVERY-th object of OBJDIR (default 16), and OBJ... (names
#           in OBJDIR, such as verifier_loops1.bpf.o) besides.
#   BPF_VALIDATE=path picks the binary (default: a fresh build).
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -lt 2 ] || [ ! -d "$1" ]; then
	sed -n '/^# Usage/,/^#   BPF_VALIDATE/p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
dir=$1 kernel=$2 every=${3:-16}
shift $(($# < 3 ? $# : 3))
# shellcheck source=lib/vm-bench.sh
. "$top/tests/bench/lib/vm-bench.sh"
objs=() i=0
for o in "$dir"/*.bpf.o; do
	i=$((i + 1))
	[ $((i % every)) -ne 0 ] || objs+=("$o")
done
for o in "$@"; do objs+=("$dir/$o"); done

# boot MODE FLAG...: one guest over the objects; MODE.json, MODE.secs.
boot() {
	local mode=$1 t
	shift
	t=$(now)
	env -u CI "$tools/bpf-vm-verify" --json "$@" --validator "$BPF_VALIDATE" --kernel "$kernel" \
		--timeout 3600 "${objs[@]}" >"$tmp/$mode.json" 2>"$tmp/$mode.err" || :
	since "$t" >"$tmp/$mode.secs"
}
boot usual &
boot once --annotated-load-only &
wait
python3 - "$tmp" "${#objs[@]}" "$kernel" <<'PY'
import json, os, sys
tmp, n, kernel = sys.argv[1], sys.argv[2], sys.argv[3]
def read(mode):
    d = json.load(open(os.path.join(tmp, mode + ".json")))
    progs = {(o["path"], p["name"]): p for k in d["kernels"] for o in k["objects"] or [] for p in o["programs"]}
    secs = float(open(os.path.join(tmp, mode + ".secs")).read())
    return progs, secs, sum(p.get("verify_usec") or 0 for p in progs.values()) / 1e6
(u, us, uv), (o, os_, ov) = read("usual"), read("once")
judged = lambda ps: {k: (p.get("annotation") or {}).get("result") for k, p in ps.items()}
print(f"annotated-load-only: {n} objects, {len(u)} programs, kernel {kernel}, two guests at once")
print(f"  without the option: {us:7.1f} s  (verifier {uv:.1f} s)")
print(f"  with it:            {os_:7.1f} s  (verifier {ov:.1f} s)")
print(f"  ratio: {os_ / us:.2f}")
same = judged(u) == judged(o)
print("  every annotation judged alike" if same else "  ANNOTATIONS JUDGED OTHERWISE")
sys.exit(0 if same and u else 1)
PY
