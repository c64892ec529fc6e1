#!/bin/bash
# build-speed.sh: how fast bpfbuild builds, measured on this machine (issue 8).
#
#   tests/bench/build-speed.sh
#
# Prints a markdown table with four figures, each beside its goal, and writes
# it to $BENCH_OUT/build-speed.md with a bar chart, build-speed.png (when
# gnuplot is installed):
#  (a) full build: the peers' recipe (make -j2, bcc libbpf-tools' BPF rules)
#      against bpfbuild (Meson, ninja -j2, precompiled vmlinux.h), for the
#      whole workload and for the examples' programs alone;
#  (b) bpfbuild's own overhead: bpfbuild at -j1 with the PCH off against the
#      bare compiler and bpftool commands it ran, replayed serially;
#  (c) configure time, cold and cached, for Meson and autotools (examples/),
#      beside the same project without BPF; cold with no probe cache at all
#      and with the per-user one (another project already probed);
#  (d) commands run by a no-op rebuild and after touching one .bpf.c;
#  (e) a clean rebuild with a warm ccache (BPF_CC="ccache clang"), bpfbuild
#      against the peers' recipe with CLANG="ccache clang";
#  (ceiling) per CO-RE tool, serially: the peers' commands against
#      bpfbuild's compile alone (lib/ceiling.sh), the most any bpfbuild
#      build of those tools could gain.
# Every time is a median of $BENCH_RUNS runs.  The workload (a, b) is
# $BENCH_PROGS generated CO-RE programs plus the examples' single-source
# programs (lib/workload.sh), built from clean with vmlinux.h dumped inside
# the timed build on both sides.  Nothing here asserts: a missed goal is
# printed as missed, and tests/run never runs this.
#
# Environment: BENCH_RUNS (5), BENCH_PROGS (24), BENCH_CORPUS (58: the
# libbpf-tools-shaped corpus of its own row), BENCH_OUT ($TMPDIR or /tmp),
# BENCH_REV (measure that git revision instead of the working tree),
# BENCH_KEEP=1 keeps the work directory.  Needs: clang, llvm-strip, bpftool,
# meson, ninja, make, strace, autoconf/automake; gnuplot for the chart.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
lib=$top/tests/bench/lib
runs=${BENCH_RUNS:-5}
nprogs=${BENCH_PROGS:-24}
ncorpus=${BENCH_CORPUS:-58}
out=${BENCH_OUT:-${TMPDIR:-/tmp}}
t0=$(date +%s.%N)

say() { printf 'bench: %s\n' "$*" >&2; }
die() { printf 'build-speed.sh: %s\n' "$*" >&2; exit 1; }

# shellcheck source=lib/timing.sh
. "$lib/timing.sh"
# shellcheck source=lib/workload.sh
. "$lib/workload.sh"
# shellcheck source=lib/corpus.sh
. "$lib/corpus.sh"
# shellcheck source=lib/ceiling.sh
. "$lib/ceiling.sh"

for tool in clang:clang llvm-strip:llvm bpftool:bpftool meson:meson ninja:ninja-build \
	make:make strace:strace awk:mawk; do
	command -v "${tool%%:*}" >/dev/null || die "needs ${tool%%:*}: apt-get install ${tool#*:}"
done
[ -r /sys/kernel/btf/vmlinux ] || die "needs /sys/kernel/btf/vmlinux (a kernel with BTF) for vmlinux.h"
[ "$runs" -ge 1 ] 2>/dev/null || die "BENCH_RUNS=$runs: give a number of runs"
mkdir -p "$out"
out=$(cd "$out" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/bpfbuild-bench.XXXXXX")
cleanup() {
	if [ "${BENCH_KEEP:-}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

# --- a snapshot, the workload, and (a) full build -------------------------------
# Everything is measured on a private copy of the modules and examples/,
# taken now: others edit the tree while this runs, and autoreconf writes
# into examples/.  Build dirs and in-tree configure results stay behind.
mkdir -p "$work/repo"
if [ -n "${BENCH_REV:-}" ]; then
	git -C "$top" archive --format=tar "$BENCH_REV" examples autoconf-macros engine meson-modules meson.build meson_options.txt |
		tar -C "$work/repo" -xf - || die "BENCH_REV=$BENCH_REV: git archive failed"
else
	tar -C "$top" -cf - --exclude-tag-all=build.ninja --exclude=autom4te.cache \
		--exclude=config.status --exclude=config.log --exclude=config.cache --exclude='*.o' \
		examples autoconf-macros engine meson-modules meson.build meson_options.txt | tar -C "$work/repo" -xf -
fi
ex=$work/repo/examples
# brief LOG: the first error line of a log, without the work dir's path.
brief() {
	{ grep -m1 -E 'ERROR|[Ee]rror|FAILED' "$1" || tail -n 1 "$1"; } |
		sed -E 's#[^ ]*/bpfbuild-bench\.[^/ ]+/(repo/)?##g'
}
gen_workload "$work/src" "$work/repo" "$nprogs"
nall=$(find "$work/src" -maxdepth 1 -name '*.bpf.c' | wc -l)
nex=$((nall - nprogs))
say "workload: $nprogs generated CO-RE programs + $nex single-source examples; $runs runs each"

# built_ok DIR: every program gave an object and a skeleton.
built_ok() {
	local o s
	o=$(find "$1" -maxdepth 1 -name '*.bpf.o' | wc -l)
	s=$(find "$1" -maxdepth 1 -name '*.skel.h' | wc -l)
	if [ "$o" != "$nall" ] || [ "$s" != "$nall" ]; then
		die "$1: $o objects, $s skeletons, want $nall each"
	fi
}

# One configure each (not timed in (a)/(b)): the peers have none.  "pch"
# is the default (the precompiled vmlinux.h, used where the probe finds
# identical objects); "nopch", -Dbpf-pch=false, shows what it is worth and
# is the build that (b) replays.
for b in pch nopch; do
	opt=true; [ $b = pch ] || opt=false
	meson setup "$work/$b" "$work/src" -Dbpf-compiler=clang -Dbpf-pch=$opt >"$work/setup-$b.log" 2>&1 ||
		{ tail -n 20 "$work/setup-$b.log" >&2; die "meson setup of the workload failed: $(brief "$work/setup-$b.log")"; }
	# Untimed warm-up: page cache, and build.ninja is current before timing.
	ninja -C "$work/$b" >"$work/warm-$b.log" 2>&1 ||
		{ tail "$work/warm-$b.log" >&2; die "bpfbuild build failed: $(brief "$work/warm-$b.log")"; }
	built_ok "$work/$b"
done
pch_line=$(sed -n 's/^ *vmlinux.h.pch *: *//p' "$work/setup-pch.log")
pch_line=${pch_line%%:*}
cc_line=$(sed -n 's/^ *compiler *: *//p' "$work/setup-pch.log")
mkdir -p "$work/peer"
# The examples' programs alone: their outputs as ninja targets, their names
# as the peers' APPS.
ex_names=$(find "$work/src" -maxdepth 1 -name '*.bpf.c' ! -name 'core_*' -printf '%f\n' | sed 's/\.bpf\.c$//' | sort)
ex_targets=()
for n in $ex_names; do ex_targets+=("$n.bpf.o" "$n.skel.h"); done
# The generated CO-RE tools alone (the issue's "24 CO-RE tools" row).
core_names=$(find "$work/src" -maxdepth 1 -name 'core_*.bpf.c' -printf '%f\n' | sed 's/\.bpf\.c$//' | sort)
# With the precompiled vmlinux.h, as a plain "ninja" builds it (named
# targets alone would leave it out, and every compile without it).
mapfile -t core_targets < <(pch_target "$work/pch")
ex_targets+=("${core_targets[@]}")
for n in $core_names; do core_targets+=("$n.bpf.o" "$n.skel.h"); done

say "(a) full build, -j2: bpfbuild, the peers' make, bpfbuild without PCH, interleaved"
for i in $(seq "$runs"); do
	say "(a) run $i/$runs"
	ninja -C "$work/pch" -t clean >/dev/null
	timed a_bpfbuild ninja -C "$work/pch" -j2
	rm -rf "$work/peer" && mkdir "$work/peer"
	timed a_peer make -C "$work/peer" -f "$work/src/Makefile" -j2
	ninja -C "$work/nopch" -t clean >/dev/null
	timed a_nopch ninja -C "$work/nopch" -j2
	ninja -C "$work/pch" -t clean >/dev/null
	timed a_ex_bpfbuild ninja -C "$work/pch" -j2 "${ex_targets[@]}"
	rm -rf "$work/peer" && mkdir "$work/peer"
	# shellcheck disable=SC2086 # one word per name
	timed a_ex_peer make -C "$work/peer" -f "$work/src/Makefile" -j2 APPS="$(echo $ex_names)"
	ninja -C "$work/pch" -t clean >/dev/null
	timed a_core_bpfbuild ninja -C "$work/pch" -j2 "${core_targets[@]}"
	rm -rf "$work/peer" && mkdir "$work/peer"
	# shellcheck disable=SC2086 # one word per name
	timed a_core_peer make -C "$work/peer" -f "$work/src/Makefile" -j2 APPS="$(echo $core_names)"
done
ninja -C "$work/pch" >/dev/null
rm -rf "$work/peer" && mkdir "$work/peer"
make -C "$work/peer" -f "$work/src/Makefile" -j2 >/dev/null
built_ok "$work/pch"
built_ok "$work/peer"
built_ok "$work/nopch"

# (a58) the libbpf-tools-shaped corpus at $BENCH_CORPUS programs.
corpus_bench "$ncorpus"

# (ceiling) the CO-RE tools' compiles alone against the peers' commands.
# shellcheck disable=SC2086 # one word per name
ceiling_bench "$work/pch" $core_names
ninja -C "$work/pch" >/dev/null

# --- (b) bpfbuild's overhead over the bare commands ----------------------------
# The bare commands are the ones bpfbuild really ran, read from strace: every
# clang, bpftool and bpfbuild-btf-sort execve with its arguments and working
# directory (and the rename of the sorted object that follows the last).  The
# replay runs them with no ninja and no wrapper script, and must give the
# same bytes as the build, so it cannot have skipped work.
say "(b) recording the commands of a -j1 build with the PCH off (strace)"
mkdir -p "$work/ref"
cp "$work/nopch"/*.bpf.o "$work/nopch"/*.skel.h "$work/ref/"
# The build's own helper program, bpfbuild-btf-sort where the probe decided
# it (clang 19, 21), is made again after each clean, untimed: the replay
# runs it, and neither side's figure includes compiling it.
mapfile -t b_helpers < <(helper_targets "$work/nopch")
clean_b() {
	ninja -C "$work/nopch" -t clean >/dev/null
	[ ${#b_helpers[@]} = 0 ] || ninja -C "$work/nopch" "${b_helpers[@]}" >/dev/null
}
clean_b
# Without the per-user vmlinux.h cache (BPFBUILD_PROBE_CACHE=off, here and
# in the timed runs): its copy is no command the replay could run.
(cd "$work/nopch" && BPFBUILD_PROBE_CACHE=off strace -f -qq -s 1048576 -o "$work/trace" \
	-e trace=execve,chdir,clone,clone3,fork,vfork ninja -j1 >/dev/null)
# Where the vmlinux.h target (engine/bpfbuild-vmlinux-h) writes (the
# replay sends "btf dump" there).
vmlinux_out=$(ninja -C "$work/nopch" -t commands | sed -n 's/.*bpfbuild-vmlinux-h .* \([^ ]*vmlinux\.h\)$/\1/p' | head -n 1)
[ -n "$vmlinux_out" ] || die "no vmlinux.h rule in the bpfbuild build"
: >"$work/replay.dirs"
: >"$work/replay.checks"
awk -v init="$work/nopch" -v vmlinux="$work/nopch/$vmlinux_out" \
	-v tools='^(clang(-[0-9.]+)?|bpftool|bpfbuild-btf-sort)$' \
	-v dirs="$work/replay.dirs" -v checks="$work/replay.checks" \
	-f "$lib/strace-replay.awk" "$work/trace" "$work/trace" >"$work/replay.sh"
nbare=$(grep -c "^'" "$work/replay.sh")

replay_prep() { clean_b; xargs -r -d '\n' mkdir -p <"$work/replay.dirs"; }
replay_done() { xargs -r -d '\n' rm -rf <"$work/replay.dirs"; }
replay_prep
bash "$work/replay.sh" >"$work/replay.log" 2>&1 || { tail "$work/replay.log" >&2; die "the replay failed"; }
while read -r obj name; do
	# The skeleton's name is bpftool's default, NAME.bpf.o's "NAME_bpf".
	name=${name%_bpf}
	for pair in "$obj $work/ref/$name.bpf.o" "${obj%/*}/skel.h $work/ref/$name.skel.h"; do
		# shellcheck disable=SC2086 # two paths without spaces (mktemp names)
		cmp -s $pair || die "the replayed commands did not give bpfbuild's bytes for $name"
	done
done <"$work/replay.checks"
replay_done
[ "$(wc -l <"$work/replay.checks")" = "$nall" ] || die "the replay holds $(wc -l <"$work/replay.checks") programs, want $nall"

say "(b) bpfbuild -j1 (PCH off) and the $nbare bare commands, interleaved"
for i in $(seq "$runs"); do
	say "(b) run $i/$runs"
	clean_b
	timed b_bpfbuild env BPFBUILD_PROBE_CACHE=off ninja -C "$work/nopch" -j1
	replay_prep
	timed b_bare bash "$work/replay.sh"
	replay_done
done

# --- (c) configure time ---------------------------------------------------------
say "(c) configure time of examples/: Meson, then autotools"

# Cold: "meson setup" into a fresh build dir.  Cached: "meson setup
# --reconfigure" of an existing one (what a changed meson.build triggers).
# A broken examples/ (work in progress elsewhere) costs only its rows.
meson_na='' meson_note=''
if meson setup "$work/mwarm" "$ex" >"$work/setup-warm.log" 2>&1; then
	grep -q '^ *enabled *: no' "$work/setup-warm.log" && meson_note=" (BPF disabled!)"
	# The same without BPF: Meson's own floor for this project.
	for i in $(seq "$runs"); do
		rm -rf "$work/mc" "$work/mn" "$work/mp"
		# No probe cache at all: the first project ever configured with
		# this toolchain (the per-user cache is a fresh directory).
		timed c_meson_cold_probe env BPFBUILD_PROBE_CACHE="$work/probe-cache.$i" meson setup "$work/mp" "$ex"
		timed c_meson_cold meson setup "$work/mc" "$ex"
		timed c_meson_cached meson setup --reconfigure "$work/mc" "$ex"
		timed c_meson_nobpf_cold meson setup "$work/mn" "$ex" -Dbpf-framework=disabled
		timed c_meson_nobpf_cached meson setup --reconfigure "$work/mn" "$ex"
	done
else
	meson_na="n/a (meson setup of examples/ failed: $(brief "$work/setup-warm.log"))"
fi

# Autotools, from examples/configure.ac after autoreconf (not timed: a
# tarball user does not run it).  Cold: ./configure in a fresh build dir.
# Cached: ./configure -C in a build dir whose config.cache an earlier
# ./configure -C filled.
ac_na='' ac_sleep=''
if [ ! -f "$ex/configure.ac" ]; then
	ac_na="n/a (autotools not available: no examples/configure.ac)"
elif ! command -v autoreconf >/dev/null; then
	ac_na="n/a (autotools not available: apt-get install autoconf automake)"
elif ! (cd "$ex" && autoreconf -fi) >"$work/autoreconf.log" 2>&1; then
	ac_na="n/a (autoreconf failed: $(brief "$work/autoreconf.log"))"
else
	mkdir -p "$work/acc" "$work/acn"
	(cd "$work/acn" && "$ex/configure" -C --enable-bpf=no) >"$work/configure-warm-nobpf.log" 2>&1 || true
	if ! (cd "$work/acc" && "$ex/configure" -C) >"$work/configure-warm.log" 2>&1; then
		ac_na="n/a (./configure failed: $(brief "$work/configure-warm.log"))"
	fi
fi
ac_note=
if [ -z "$ac_na" ]; then
	grep -q '^ *enabled *: no' "$work/configure-warm.log" && ac_note=" (BPF disabled!)"
	for i in $(seq "$runs"); do
		rm -rf "$work/ac" "$work/an" && mkdir "$work/ac" "$work/an"
		rm -rf "$work/ap" && mkdir "$work/ap"
		timed c_ac_cold_probe env -C "$work/ap" BPFBUILD_PROBE_CACHE="$work/probe-cache.ac.$i" "$ex/configure"
		timed c_ac_cold env -C "$work/ac" "$ex/configure"
		timed c_ac_cached env -C "$work/acc" "$ex/configure" -C
		timed c_ac_nobpf_cold env -C "$work/an" "$ex/configure" --enable-bpf=no
		timed c_ac_nobpf_cached env -C "$work/acn" "$ex/configure" -C --enable-bpf=no
	done
	# Automake 1.16's sanity check makes configure wait for a background
	# "sleep 1" unless it already slept: a 1 s floor, cache or not.
	grep -q 'am_sleep_pid=\$!' "$ex/configure" && ac_sleep=yes
fi

# --- (d) what a rebuild runs -------------------------------------------------------
# rebuild DIR: runs ninja -v; prints "N OUTPUTS...": the commands it ran
# and, from .ninja_log, the files they wrote (FAILED if ninja failed).
rebuild() {
	local before n outs rc=0
	before=$(wc -l <"$1/.ninja_log")
	ninja -C "$1" -v >"$work/rebuild.log" 2>&1 || rc=$?
	n=$(grep -c '^\[[0-9]*/[0-9]*\] ' "$work/rebuild.log" || true)
	outs=$(tail -n +"$((before + 1))" "$1/.ninja_log" | cut -f4 | sort -u | tr '\n' ' ')
	[ $rc = 0 ] || outs="FAILED: $(brief "$work/rebuild.log")"
	echo "$n ${outs% }"
}
# chain_only PROGRAM N OUTPUTS...: at least one command, and every output
# belongs to PROGRAM (its object, skeleton, loader objects and loader).
chain_only() {
	local prog=$1 n=$2 o; shift 2
	[ "$n" -ge 1 ] || return 1
	for o in "$@"; do case ${o##*/} in *"$prog"*) ;; *) return 1 ;; esac; done
}
say "(d) no-op rebuild and touching one .bpf.c"
# examples/ (with its loaders): write_counter.bpf.c, a CO-RE program with
# a loader; the workload: its first program.
d_ex_na=
touch_ex=$(cd "$ex" && find . -name write_counter.bpf.c | head -n 1)
[ -n "$touch_ex" ] || touch_ex=$(cd "$ex" && find . -name '*.bpf.c' | sort | head -n 1)
touch_ex=${touch_ex#./}
prog_ex=$(basename "$touch_ex" .bpf.c)
if [ -n "$meson_na" ]; then
	d_ex_na="n/a (see (c))"
elif ! ninja -C "$work/mc" >"$work/build-examples.log" 2>&1; then
	d_ex_na="n/a (building examples/ failed: $(brief "$work/build-examples.log"))"
else
	read -r d_noop_n _ < <(rebuild "$work/mc")
	touch "$ex/$touch_ex"
	read -r d_ex_n d_ex_outs < <(rebuild "$work/mc")
fi
prog_wl=$(find "$work/src" -maxdepth 1 -name '*.bpf.c' | sort | head -n 1)
prog_wl=$(basename "$prog_wl" .bpf.c)
read -r d_wl_noop_n _ < <(rebuild "$work/pch")
touch "$work/src/$prog_wl.bpf.c"
read -r d_wl_n d_wl_outs < <(rebuild "$work/pch")

# --- (e) a clean rebuild with a warm ccache -------------------------------------
# Both sides with ccache in front of clang (bpfbuild: BPF_CC="ccache clang",
# the launcher form; the peers: CLANG="ccache clang"), one cache each,
# filled by a first build; then each clean rebuild is timed.
e_na=''
if ! command -v ccache >/dev/null; then
	e_na="n/a (apt-get install ccache)"
else
	export CCACHE_DIR=$work/ccache-bpfbuild
	if ! BPF_CC="ccache clang" meson setup "$work/cc" "$work/src" -Dbpf-compiler=clang >"$work/setup-cc.log" 2>&1 ||
	   ! ninja -C "$work/cc" >"$work/warm-cc.log" 2>&1; then
		e_na="n/a (bpfbuild with BPF_CC='ccache clang' failed: $(brief "$work/setup-cc.log"))"
	else
		rm -rf "$work/peer-cc" && mkdir "$work/peer-cc"
		CCACHE_DIR=$work/ccache-peer make -C "$work/peer-cc" -f "$work/src/Makefile" -j2 CLANG="ccache clang" >/dev/null
		say "(e) clean rebuilds with a warm ccache, interleaved"
		for i in $(seq "$runs"); do
			ninja -C "$work/cc" -t clean >/dev/null
			timed e_bpfbuild ninja -C "$work/cc" -j2
			rm -rf "$work/peer-cc" && mkdir "$work/peer-cc"
			timed e_peer env CCACHE_DIR="$work/ccache-peer" make -C "$work/peer-cc" -f "$work/src/Makefile" -j2 CLANG="ccache clang"
		done
		e_hits=$(ccache --print-stats 2>/dev/null | awk -F'\t' '$1 ~ /direct_cache_hit|preprocessed_cache_hit/ { h += $2 } $1 ~ /cache_miss/ { m += $2 } END { printf "%d hits, %d misses", h, m }')
		e_pch=$(sed -n 's/^ *vmlinux.h.pch *: *//p' "$work/setup-cc.log")
		e_pch=${e_pch%% (*}
	fi
	unset CCACHE_DIR
fi

# --- the table and the chart ----------------------------------------------------
# shellcheck source=lib/report.sh
. "$lib/report.sh"
