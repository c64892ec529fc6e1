# shellcheck shell=bash
# tests/bench/build-speed.sh's ceiling row; sourced, not run.
# shellcheck disable=SC2154 # $work, $lib, $runs, die, say, timed: the caller's
# (pch_target, helper_targets: lib/corpus.sh)
#
# ceiling_bench DIR NAMES...: the most any bpfbuild build of these CO-RE
# tools could gain over the peers' recipe.  Whatever bpfbuild does around
# it, each tool needs at least its compile, and the cheapest compile it has
# is clang with the precompiled vmlinux.h.  So this times, serially and
# interleaved, $runs runs each:
#   ceil_peer      the peers' bare commands for these tools (make -n of
#                  their Makefile: clang, llvm-strip -g, gen skeleton),
#                  vmlinux.h made beforehand, no make;
#   ceil_bpfbuild  the clang commands alone that bpfbuild ran for them in
#                  build dir DIR (strace; every one with -include-pch),
#                  no ninja, no wrapper, no link, no skeleton.
# Their CPU-time ratio bounds the build rows' ratios for many tools: the
# per-tool costs dominate there, and -j2 splits both sides alike.
ceiling_bench() {
	local b=$1 p=$work/ceil-peer n targets=() x npch
	shift
	n=$#
	for x in "$@"; do targets+=("$x.bpf.o" "$x.skel.h"); done
	rm -rf "$p" && mkdir "$p"
	make -s -C "$p" -f "$work/src/Makefile" vmlinux.h >/dev/null
	make -n --no-print-directory -C "$p" -f "$work/src/Makefile" APPS="$*" >"$work/ceil-peer.sh"
	# The PCH first, so that every traced compile finds it, and the
	# build's helper program (bpfbuild-btf-sort, where the probe decided
	# it), which the bound leaves out: the bound only rises by that.
	ninja -C "$b" -t clean >/dev/null
	mapfile -t x < <(pch_target "$b"; helper_targets "$b")
	ninja -C "$b" "${x[@]}" >/dev/null
	(cd "$b" && strace -f -qq -s 1048576 -o "$work/ceil.trace" \
		-e trace=execve,chdir,clone,clone3,fork,vfork ninja -j1 "${targets[@]}" >/dev/null)
	awk -v init="$b" -v vmlinux=/dev/null -v tools='^clang(-[0-9.]+)?$' \
		-v dirs="$work/ceil.dirs" -v checks=/dev/null \
		-f "$lib/strace-replay.awk" "$work/ceil.trace" "$work/ceil.trace" >"$work/ceil-bpfbuild.sh"
	npch=$(grep -c -e "'-include-pch'" "$work/ceil-bpfbuild.sh" || true)
	[ "$npch" = "$n" ] || die "ceiling: $npch of the $n traced compiles used the PCH (want all)"
	say "(ceiling) $n CO-RE tools, serial: the peers' commands and bpfbuild's compiles alone, interleaved"
	for _ in $(seq "$runs"); do
		rm -f "$p"/*.bpf.o "$p"/*.skel.h
		timed ceil_peer env -C "$p" bash "$work/ceil-peer.sh"
		xargs -r -d '\n' mkdir -p <"$work/ceil.dirs"
		timed ceil_bpfbuild bash "$work/ceil-bpfbuild.sh"
		xargs -r -d '\n' rm -rf <"$work/ceil.dirs"
	done
	# shellcheck disable=SC2034 # read by lib/report.sh
	ceil_n=$n
}
