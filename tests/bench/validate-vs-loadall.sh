#!/bin/bash
# Benchmark, not a test: wall time of `bpf-validate OBJ` against
# `bpftool prog loadall OBJ PINDIR` over the same objects, one process per
# object for both, ROUNDS times.  Prints the ratio; the goal is <= 1.10.
#
# Usage: tests/bench/validate-vs-loadall.sh [OBJ...]   (as root)
#   Without objects it builds the valid test programs of tests/validate.
#   BPF_VALIDATE=path picks the binary (default: a fresh build), ROUNDS=N.
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${ROUNDS:-20}
bpftool=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
# Its own bpffs on /sys/fs/bpf, in a mount namespace of its own: the pins
# are the benchmark's, whatever the system has there.
if [ "${_BENCH_OWN_BPFFS:-}" != "$$" ]; then
	exec unshare --mount --propagation private sh -c 'export _BENCH_OWN_BPFFS=$$; exec bash "$@"' sh "$0" "$@"
fi
mount -t bpf bpf /sys/fs/bpf
tmp=$(mktemp -d)
pins=/sys/fs/bpf/bench
trap 'rm -rf "$tmp" "$pins"' EXIT

if [ -z "${BPF_VALIDATE:-}" ]; then
	meson setup "$tmp/build" "$top" >/dev/null && meson compile -C "$tmp/build" >/dev/null
	BPF_VALIDATE=$tmp/build/tools/bpf-validate/bpf-validate
fi
objs=("$@")
if [ ${#objs[@]} -eq 0 ]; then
	"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$tmp/vmlinux.h"
	for n in xdp_pass cgroup_bind4 core_tp; do
		clang -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 -I"$tmp" \
			-idirafter "/usr/include/$(gcc -print-multiarch)" \
			-c "$top/tests/validate/progs/$n.bpf.c" -o "$tmp/$n.tmp.o"
		"$bpftool" gen object "$tmp/$n.o" "$tmp/$n.tmp.o"
		objs+=("$tmp/$n.o")
	done
fi
for o in "${objs[@]}"; do	# both must succeed, or the timing means nothing
	"$BPF_VALIDATE" "$o" >/dev/null || { echo "bpf-validate fails on $o" >&2; exit 1; }
	"$bpftool" prog loadall "$o" "$pins" || { echo "bpftool fails on $o" >&2; exit 1; }
	rm -rf "$pins"
done

now() { date +%s%N; }
t_val=0 t_load=0
for ((r = 0; r < rounds; r++)); do
	for o in "${objs[@]}"; do
		t0=$(now); "$BPF_VALIDATE" "$o" >/dev/null; t1=$(now)
		"$bpftool" prog loadall "$o" "$pins"; rm -rf "$pins"; t2=$(now)
		t_val=$((t_val + t1 - t0)); t_load=$((t_load + t2 - t1))
	done
done
n=$((rounds * ${#objs[@]}))
awk -v v="$t_val" -v l="$t_load" -v n="$n" 'BEGIN {
	printf "bpf-validate:          %8.2f ms per object\n", v / n / 1e6
	printf "bpftool prog loadall:  %8.2f ms per object (pinning included)\n", l / n / 1e6
	printf "ratio validate/loadall: %.2f (goal <= 1.10)\n", v / l
}'
