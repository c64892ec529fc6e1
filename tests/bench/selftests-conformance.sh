#!/bin/bash
# Benchmark, not a test (issue 32): the kernel's BPF selftests (progs/*.c of
# Debian's linux-source matching a VM kernel) as each compiler's
# conformance run.  Built through a bpfbuild Meson consumer in the Debian
# root of the compilers (tests/distro/run-in), every program --optional;
# verified in the kernel's VM, one boot per kernel and compiler, each
# program judged by its selftests annotation (bpf-validate); then
# docs/selftests-conformance.md is written from the results.
#
# Usage: tests/bench/selftests-conformance.sh   (as root)
#   BENCH_FILES=N        every (total/N)-th file only (a representative
#                        subset, said so in the document); patterns
#                        (e.g. 'verifier_* dynptr_success.c') take the files matching them.
#   BENCH_RUNS="sid:7.2:7.2.13+deb14-cloud-amd64:clang,gcc ..."  what runs
#                        (SUITE:SOURCE-VERSION:KERNEL:COMPILERS; KERNEL is a
#                        name in the kernel cache, a bpf-vm-kernels package
#                        (SUITE/PACKAGE), or empty: SUITE's current; an empty
#                        SOURCE-VERSION its X.Y; a compiler is
#                        clang, gcc, clang-N or clang-newest, the newest
#                        clang-N of SUITE's archive).
#   BENCH_DEADLINE=T    each VM boot is killed at T (seconds since the
#                        epoch) at the latest; what it did not verify is
#                        reported as such.
#   BENCH_OUT=DIR        keep the results there (default: a temporary dir).
#   BENCH_DOC=FILE       the document (default docs/selftests-conformance.md).
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
KCACHE=${BPFBUILD_KERNEL_CACHE:-/var/cache/bpfbuild-kernels}
# shellcheck source=lib/selftests-src.sh
. "$top/tests/bench/lib/selftests-src.sh"
# Each suite's compilers on its own kernel (issue 32: clang 19, 21 and the
# newest; gcc-bpf 14 and 16).
runs=${BENCH_RUNS:-sid:::clang,clang-newest,gcc trixie:::clang,gcc}
doc=${BENCH_DOC:-$top/docs/selftests-conformance.md}
out=${BENCH_OUT:-}
# The results go where the Debian root sees them: the kernel cache is
# bound into it (tests/distro/run-in).
res=$KCACHE/.selftests/run.$$
mkdir -p "$res"
# The suites run at once (one's compiles beside the other's boots); a
# signal to this script ends them (run-in tears its root down on TERM).
pids=()
trap '[ ${#pids[@]} = 0 ] || kill "${pids[@]}" 2>/dev/null || :; wait; rm -rf "$res"' EXIT
t0=$(date +%s)
for run in $runs; do
	IFS=: read -r suite v kname ccs <<<"$run"
	if [ -z "$kname" ] || [ -z "${kname##*/*}" ]; then
		# The suite's current kernel, or a bpf-vm-kernels package spec.
		[ -n "$kname" ] || kname=$suite/linux-image-cloud-amd64
		kernel=$("$top/tools/bpf-vm/bpf-vm-kernels" fetch "$kname" | tail -n 1)
		kname=$(basename "$kernel")
	else
		kernel=$KCACHE/$kname
		[ -e "$kernel/vmlinux.btf" ] || kernel=$("$top/tools/bpf-vm/bpf-vm-kernels" fetch "$suite/linux-image-$kname" | tail -n 1)
	fi
	[ -n "$v" ] || v=$(sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p' <<<"$kname")
	selftests_source "$suite" "$v" "$kernel" ||
		{ echo "selftests: cannot unpack $suite's linux-source-$v (above); nothing written" >&2; exit 1; }
	all=$(cd "$ST/progs" && ls -- *.c | LC_ALL=C sort)
	total=$(wc -l <<<"$all")
	case ${BENCH_FILES:-} in
	'') files=$all ;;
	*[!0-9]*) files=$(set -f; for p in $BENCH_FILES; do
			grep -E "^$(sed 's/\./\\./g; s/\*/.*/g; s/?/./g' <<<"$p")\$" <<<"$all" || true
		done | LC_ALL=C sort -u) ;;
	*) files=$(awk -v s=$(( (total + BENCH_FILES - 1) / BENCH_FILES )) '(NR - 1) % s == 0' <<<"$all") ;;
	esac
	[ -n "$files" ] || { echo "selftests: BENCH_FILES=$BENCH_FILES matches no file of progs/" >&2; exit 2; }
	d=$res/$suite-$v-$kname
	mkdir -p "$d"
	echo "$files" >"$d/files"
	echo "$total" >"$d/total"
	[ -z "${BENCH_DEADLINE:-}" ] || echo "$BENCH_DEADLINE" >"$d/deadline"
	# clang-newest: the newest clang-N of the suite, in an overlay of the root.
	newest=()
	case ,$ccs, in *,clang-newest,*) newest=(--newest-clang) ;; esac
	"$top/tests/distro/run-in" "$suite" "${newest[@]}" --exec bash tests/bench/lib/selftests-inroot.sh \
		"$ST" "$INC" "$kernel" "$d" "$d/files" ${ccs//,/ } 2> >(sed -u "s/^/[$suite] /" >&2) &
	pids+=($!)
done
failed=no
for p in "${pids[@]}"; do wait "$p" || failed=yes; done
pids=()
[ $failed = no ] || { echo "selftests: a suite's run failed (above); the document is unchanged" >&2; exit 1; }
echo "$(( $(date +%s) - t0 ))" >"$res/seconds"
if [ -n "$out" ]; then mkdir -p "$out" && cp -r "$res"/. "$out"/; fi
python3 "$top/tests/bench/lib/selftests-report.py" "$res" "${BENCH_FILES:-}" >"$doc.new" ||
	{ rm -f "$doc.new"; echo "selftests: the report failed (above); $doc is unchanged" >&2; exit 1; }
mv "$doc.new" "$doc"
echo "selftests: $doc written in $(( $(date +%s) - t0 ))s" >&2
