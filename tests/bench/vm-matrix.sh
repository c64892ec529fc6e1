#!/bin/bash
# Benchmark, not a test: boot + verify per kernel under QEMU (TCG unless KVM
# really works here), and the whole matrix in one bpf-vm-verify call.
# Goals: <= 10 s per kernel, <= 300 s for the matrix (fetch included).
#
# Usage: tests/bench/vm-matrix.sh [OBJ...]   (as root)
#   Without objects it builds tests/vm/progs (LSM, fentry, CO-RE programs,
#   all of which verify on every kernel but core_unguarded, left out).
#   BPF_VALIDATE=path picks the binary (default: a fresh build);
#   BPFBUILD_KERNEL_MATRIX / BPFBUILD_KERNEL_CACHE as for bpf-vm-kernels;
#   BPF_VM_ACCEL=tcg forces TCG.
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=lib/vm-bench.sh
. "$top/tests/bench/lib/vm-bench.sh"
objs=("$@")
if [ ${#objs[@]} -eq 0 ]; then
	for n in lsm_file_open fentry_vfs_unlink core_guarded; do
		vm_prog "$n" "$tmp/$n.bpf.o"
		objs+=("$tmp/$n.bpf.o")
	done
fi

t_all=$(now)
t=$(now)
mapfile -t kernels < <("$tools/bpf-vm-kernels" matrix)
fetch=$(since "$t")
kargs=()
for k in "${kernels[@]}"; do kargs+=(--kernel "$k"); done

printf '%-32s %10s %s\n' KERNEL 'BOOT+VERIFY' 'WALL(bpf-vm-verify)'
worst=0
for k in "${kernels[@]}"; do
	t=$(now)
	"$tools/bpf-vm-verify" --json --kernel "$k" "${objs[@]}" >"$tmp/one.json" \
		|| { echo "$(basename "$k"): bpf-vm-verify failed" >&2; exit 1; }
	wall=$(since "$t")
	boot=$(python3 -c 'import json,sys; print("%.1f" % json.load(open(sys.argv[1]))["kernels"][0]["seconds"])' "$tmp/one.json")
	printf '%-32s %9ss %ss\n' "$(basename "$k")" "$boot" "$wall"
	worst=$(awk -v a="$worst" -v b="$wall" 'BEGIN { print (b > a) ? b : a }')
done
t=$(now)
"$tools/bpf-vm-verify" "${kargs[@]}" "${objs[@]}" >"$tmp/matrix.txt"
matrix=$(since "$t")
total=$(since "$t_all")
sed 's/^/  /' "$tmp/matrix.txt"
echo "accel: $(cat "${BPFBUILD_KERNEL_CACHE:-/var/cache/bpfbuild-kernels}/.accel-$(uname -r)" 2>/dev/null || echo "${BPF_VM_ACCEL:-?}")"
echo "fetch (matrix, cache ${BPFBUILD_KERNEL_CACHE:-/var/cache/bpfbuild-kernels}): ${fetch}s"
echo "worst kernel (boot+verify, wall): ${worst}s  (goal <= 10s)"
echo "matrix in one call: ${matrix}s; with fetch and the per-kernel runs: ${total}s  (goal <= 300s)"
awk -v w="$worst" -v m="$matrix" -v f="$fetch" 'BEGIN { exit !(w <= 10 && m + f <= 300) }' \
	&& echo "goals met" || { echo "goals missed"; exit 1; }
