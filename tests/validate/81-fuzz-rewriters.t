# libFuzzer (ASan+UBSan+LSan) on the readers 80-fuzz.t does not reach:
# bpf-validate --info (its reader and both printers) and the engine's
# bpfbuild-btf-sort, without and with --canonical (each with a
# --prefix-map).  Each target first replays its fuzz-regress-TARGET/ inputs
# (past findings, once each), then runs a fixed number of mutations (40000,
# 10000 and 6000: 5 to 15 s each on 2 busy cores; BV_FUZZ_RUNS sets all
# three) from a fixed seed, seeded with real objects that carry no path of
# the checkout: the clang test objects as 80-fuzz.t makes them, the same
# compiled by clang-19 and left unlinked (the BTF of those that include
# vmlinux.h ends in the forward declarations btf-sort reorders), and gcc-bpf
# 12 objects, canonicalised by the tool with their build directory mapped
# away (gcc 12's own bytes vary from run to run).  No crash, leak, timeout or
# sanitizer report.  LSan checks where the tool's process would end (see
# tools/bpf-validate/fuzz/fuzz_btf_sort.c).  The seed and the counts are
# fixed, so that a run's result follows from the code and the toolchain.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"
command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
command -v clang-19 >/dev/null || fail "clang-19 is not installed"
fuzz=$BPFBUILD_TOP/tools/bpf-validate/fuzz
mkdir "$T/objs" "$T/raw" "$T/gcc"
for src in "$PROGS"/*.bpf.c; do
	n=$(basename "$src" .bpf.c)
	case $n in gcc_*) continue ;; esac
	(cd "$PROGS" && clang_bpf_object "$n.bpf.c" "$T/objs/$n.o" -I"$OBJ" -ffile-prefix-map="$PROGS=." &&
		clang-19 -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 -I"$OBJ" -ffile-prefix-map="$PROGS=." \
			-idirafter "/usr/include/$MULTIARCH" -c "$n.bpf.c" -o "$T/raw/$n.raw.o") ||
		fail "$n.bpf.c does not compile"
done
"${CC_FOR_BUILD:-cc}" -O2 -o "$T/btf-sort-tool" "$BPFBUILD_TOP"/engine/bpfbuild-btf-*.c ||
	fail "bpfbuild-btf-sort does not build"
# gcc-bpf 12 orders its BTF by heap address and writes the source path into
# it: canonicalised with the directory mapped to /src, the objects are the
# same on every run (tests/meson/btf-canon.t).
for p in gcc_core:-mco-re cgroup_bind4:; do
	IFS=: read -r n extra <<<"$p"
	cp "$PROGS/$n.bpf.c" "$T/gcc/"
	# shellcheck disable=SC2086
	(cd "$T/gcc" && bpf-gcc "${BPF_GCC_FLAGS[@]}" -gbtf $extra -c "$n.bpf.c" -o "$n.o") ||
		fail "bpf-gcc cannot compile $n"
	"$T/btf-sort-tool" --canonical --prefix-map "$T/gcc=/src" "$T/gcc/$n.o" "$T/objs/gcc_$n.o" ||
		fail "canonicalising $n"
done
head -c 64 "$T/objs/xdp_pass.o" >"$T/objs/header-only"

# fuzz TARGET RUNS SEED...: build, replay fuzz-regress-TARGET/, fuzz.
fuzz() {
	local target=$1 runs=${BV_FUZZ_RUNS:-$2} regress=$BPFBUILD_TOP/tests/validate/fuzz-regress-$1 rc=0 d=$T/$1
	shift 2
	mkdir "$d" "$d/corpus" "$d/artifacts"
	"$fuzz/build.sh" "$d/fuzzer" clang "$target" >"$d/build.log" 2>&1 ||
		{ tail -20 "$d/build.log"; fail "the $target fuzzer does not build (clang, libclang-rt-14-dev)"; }
	cp "$@" "$d/corpus/"
	if [ -d "$regress" ]; then
		cp "$regress"/* "$d/corpus/"
		"$d/fuzzer" -detect_leaks=1 -timeout=10 -rss_limit_mb=2048 "$regress"/* >"$d/replay.log" 2>&1 || rc=$?
		[ $rc -eq 0 ] || { grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$d/replay.log" | head -60
			fail "a regression input of fuzz-regress-$target/ fails again (exit $rc)"; }
		assert_eq "$target: regression inputs replayed" "$(find "$regress" -type f | wc -l)" \
			"$(grep -c '^Running: ' "$d/replay.log" || :)"
	fi
	SECONDS=0
	fuzz_run "$target fuzzer" "$d/fuzzer" "$d/corpus" "$d/artifacts" "$d/fuzz.log" "$runs"
	note "$target: $(grep -E 'stat::number_of_executed_units' "$d/fuzz.log" | tr -s ' ') in ${SECONDS}s"
}
fuzz info 40000 "$T"/objs/* "$T"/raw/*
fuzz btf-sort 10000 "$T"/raw/* "$T"/objs/*
fuzz btf-canon 6000 "$T"/objs/gcc_* "$T"/raw/*
