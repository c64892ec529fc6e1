# shellcheck shell=bash
# tests/bench/build-speed.sh's (a58) row; sourced, not run.
# shellcheck disable=SC2154 # $work, $runs, die, say, timed: the caller's

# pch_target DIR: the precompiled vmlinux.h's target in build dir DIR, if any.
pch_target() { ninja -C "$1" -t targets all | sed -n 's/^\([^:]*vmlinux\.h\.pch\): .*/\1/p'; }
# helper_targets DIR: the build's own helper program in build dir DIR,
# bpfbuild-btf-sort where the probe decided it (clang 19, 21), if any.
helper_targets() { ninja -C "$1" -t targets all | sed -n 's/^\([^:]*bpfbuild-btf-sort\): .*/\1/p'; }

# corpus_bench N: the libbpf-tools-shaped corpus at N generated CO-RE tools
# (lib/workload.sh), built alone from clean by bpfbuild (ninja -j2, its
# defaults) and by the peers' recipe (make -j2), interleaved, $runs runs:
# a58_bpfbuild, a58_peer.  Sets corpus_pch (the summary's PCH line).
corpus_bench() {
	local n=$1 src=$work/corpus b=$work/corpus-build names targets=() x
	gen_workload "$src" "$work/repo" "$n"
	meson setup "$b" "$src" -Dbpf-compiler=clang >"$work/setup-corpus.log" 2>&1 ||
		die "meson setup of the $n-program corpus failed: $(brief "$work/setup-corpus.log")"
	ninja -C "$b" >"$work/warm-corpus.log" 2>&1 || die "the $n-program corpus: $(brief "$work/warm-corpus.log")"
	corpus_pch=$(sed -n 's/^ *vmlinux.h.pch *: *//p' "$work/setup-corpus.log")
	corpus_pch=${corpus_pch%% (*}
	names=$(find "$src" -maxdepth 1 -name 'core_*.bpf.c' -printf '%f\n' | sed 's/\.bpf\.c$//' | sort)
	for x in $names; do targets+=("$x.bpf.o" "$x.skel.h"); done
	[ ${#targets[@]} = $((2 * n)) ] || die "the corpus holds $((${#targets[@]} / 2)) tools, want $n"
	mapfile -t -O "${#targets[@]}" targets < <(pch_target "$b")
	say "(a58) the $n-program corpus, -j2: bpfbuild and the peers' make, interleaved"
	for _ in $(seq "$runs"); do
		ninja -C "$b" -t clean >/dev/null
		timed a58_bpfbuild ninja -C "$b" -j2 "${targets[@]}"
		rm -rf "$work/corpus-peer" && mkdir "$work/corpus-peer"
		# shellcheck disable=SC2086 # one word per name
		timed a58_peer make -C "$work/corpus-peer" -f "$src/Makefile" -j2 APPS="$(echo $names)"
	done
}
