#!/bin/bash
# Benchmark, not a test: the verifier tests of a build with VM kernels
# declared, as meson test and make check run them (one
# engine/bpfbuild-validate-test per object), where every object goes to
# every kernel.  Side by side in one run:
#   batched    what bpfbuild does: the first test boots each kernel once
#              for all the objects of the directory, the others read it
#              (engine/bpfbuild-vm-batch);
#   per object one bpf-vm-verify per object (what a test that boots for
#              itself costs), measured on SAMPLE objects and scaled.
# Goal (issue 28): 60 objects on 3 kernels within about a minute.  The
# batched tests set nothing (no BPF_VM_TIMEOUT): each boot's limit is the
# one bpf-vm-verify sizes to the work (issue 46), and none may be hit.
#
# Usage: tests/bench/vm-batch.sh [N] [SAMPLE]   (as root; N objects,
#   default 60, copies of tests/vm/progs' programs that verify everywhere;
#   SAMPLE default 3).  BPF_VALIDATE=path picks the binary (default: a
#   fresh build); the kernels are bpf-vm-kernels matrix's.
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
n=${1:-60} sample=${2:-3}
# shellcheck source=lib/vm-bench.sh
. "$top/tests/bench/lib/vm-bench.sh"
progs=(lsm_file_open fentry_vfs_unlink core_guarded)
for p in "${progs[@]}"; do
	vm_prog "$p" "$tmp/$p.o"
done
mkdir "$tmp/objs"
for ((i = 0; i < n; i++)); do
	cp "$tmp/${progs[i % ${#progs[@]}]}.o" "$tmp/objs/o$i.bpf.o"
done
kernels=$("$tools/bpf-vm-kernels" matrix | paste -sd,)
nk=$(echo "$kernels" | tr ',' '\n' | wc -l)

# Batched: every object's test, one after the other, as meson test -j1.
t=$(now)
for ((i = 0; i < n; i++)); do
	env -u CI sh "$top/engine/bpfbuild-validate-test" --validator "$BPF_VALIDATE" \
		--vm-verify "$tools/bpf-vm-verify" --kernels "$kernels" -- "$tmp/objs/o$i.bpf.o" >/dev/null 2>&1 ||
		{ echo "vm-batch: the test of o$i.bpf.o failed" >&2; exit 1; }
done
batched=$(since "$t")
# The boots kept: each one's seconds and its limit (kN.secs, kN.limit).
limits=$(for s in "$tmp"/objs/.bpfbuild-vm/*/k*.secs; do
	printf '%s %ss of %ss; ' "$(cat "${s%.secs}.name")" "$(cat "$s")" "$(cat "${s%.secs}.limit")"
done)

# Per object: one bpf-vm-verify per object, on SAMPLE of them.
kargs=()
for k in ${kernels//,/ }; do kargs+=(--kernel "$k"); done
t=$(now)
for ((i = 0; i < sample; i++)); do
	env -u CI "$tools/bpf-vm-verify" --validator "$BPF_VALIDATE" "${kargs[@]}" "$tmp/objs/o$i.bpf.o" >/dev/null 2>&1 ||
		{ echo "vm-batch: bpf-vm-verify failed on o$i.bpf.o" >&2; exit 1; }
done
per=$(since "$t")
awk -v n="$n" -v k="$nk" -v b="$batched" -v p="$per" -v s="$sample" -v l="${limits%; }" 'BEGIN {
	full = p / s * n
	printf "%d objects, %d kernels\n", n, k
	printf "batched (bpfbuild):  %6.1f s for all %d tests\n", b, n
	printf "limits (nothing set): no limit hit; %s\n", l
	printf "per object:          %6.1f s for %d, so %.0f s for %d (scaled)\n", p, s, full, n
	printf "ratio: batched is %.1fx faster; goal: about 60 s for 60 objects on 3 kernels (%s)\n",
		full / b, (b <= 66 * n / 60 * k / 3 ? "met" : "missed")
}'
