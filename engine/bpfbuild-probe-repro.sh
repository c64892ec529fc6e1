#!/bin/sh
# Sourced by bpfbuild-probe, beside bpfbuild-probe-cc.sh; executable only so
# that it installs like its siblings.  Its variables flow to and from
# bpfbuild-probe and bpfbuild-probe-cc.sh (set_cap, try, $work, $link, ...):
# the checker cannot follow them.
# shellcheck disable=SC2034,SC2154,SC2086
# bpfbuild-probe-repro.sh: whether one compiler's objects are reproducible:
# byte for byte from build paths of other lengths (probe_path_lengths) and
# with a precompiled vmlinux.h (probe_pch), and whether sorting the BTF
# forward declarations, or canonicalising the whole BTF where no link step
# follows (bpfbuild-btf-sort.c), is what makes them so.
# same_final_object A B: the objects are equal once they went through the
# link step that the build will apply (gen object drops DWARF, which
# records the PCH's own paths).
same_final_object() {
	if [ "$link" = yes ]; then
		"$bpftool" gen object "$1.l" "$1" >/dev/null 2>&1 &&
			"$bpftool" gen object "$2.l" "$2" >/dev/null 2>&1 &&
			cmp -s "$1.l" "$2.l"
	else
		cmp -s "$1" "$2"
	fi
}

# btf_sort_tool: $work/btf-sort, bpfbuild-btf-sort built with the build
# machine's C compiler ($CC_FOR_BUILD or cc); no compiler, no tool.
btf_sort_tool() {
	[ -x "$work/btf-sort" ] ||
		"${CC_FOR_BUILD:-cc}" -O2 -o "$work/btf-sort" "$here"/bpfbuild-btf-*.c \
			>"$work/btf-sort.log" 2>&1
}

# btf_final IN OUT [--prefix-map DIR=.]...: IN as bpfbuild-cc makes it
# final with its --btf-sort step: sorted and mapped, then linked; or, for
# a compiler with no link step (gcc-bpf 12), its BTF rewritten whole in an
# order of its content (--canonical).
btf_final() {
	bf_in=$1 bf_out=$2
	shift 2
	btf_sort_tool || return 1
	if [ "$link" = yes ]; then
		"$work/btf-sort" "$@" "$bf_in" "$bf_out.s" 2>>"$work/btf-sort.log" &&
			"$bpftool" gen object "$bf_out" "$bf_out.s" >/dev/null 2>&1
	else
		"$work/btf-sort" --canonical "$@" "$bf_in" "$bf_out" 2>>"$work/btf-sort.log"
	fi
}

# sorted_same A B: same_final_object once bpfbuild-btf-sort has put the
# forward declarations of both in name order and applied the prefix maps
# of $sort_maps ("--prefix-map DIR=." words, as bpfbuild-cc passes its own
# mapped directories); without a link step, once it has canonicalised
# their BTF.
sort_maps=''
sorted_same() {
	if [ "$link" = yes ]; then
		btf_sort_tool || return 1
		"$work/btf-sort" $sort_maps "$1" "$1.sorted" 2>>"$work/btf-sort.log" &&
			"$work/btf-sort" $sort_maps "$2" "$2.sorted" 2>>"$work/btf-sort.log" &&
			same_final_object "$1.sorted" "$2.sorted"
	else
		btf_final "$1" "$1.canon" $sort_maps && btf_final "$2" "$2.canon" $sort_maps &&
			cmp -s "$1.canon" "$2.canon"
	fi
}
# sorting_fixes WHAT: the objects differed in WHAT; bpfbuild-btf-sort
# makes them identical (sorted_same said so).
sorting_fixes() {
	if [ "$cc_kind" = gcc ] && [ "$link" != yes ]; then
		# Measured twice (address randomisation, path lengths): one reason.
		set_cap btf_sort yes "gcc orders its BTF types and strings by the heap addresses of its internal nodes, which address randomisation and the build paths move, and no link step rewrites them; canonicalised (bpfbuild-btf-sort --canonical) the objects are identical"
	elif [ "$cc_kind" = gcc ]; then
		set_cap btf_sort yes "gcc writes the absolute source path into its BTF strings, which $1 changes, and does not apply -ffile-prefix-map there; with the map applied the objects are identical"
	else
		set_cap btf_sort yes "clang appends BTF forward declarations in heap-address order, which $1 moves; sorted by name (clang 14's order) the objects are identical"
	fi
}

# vmlinux_h: $work/inc/vmlinux.h from BTF FILE, once per probe run.
vmlinux_h() {
	[ -s "$work/inc/vmlinux.h" ] && return 0
	mkdir -p "$work/inc"
	"$bpftool" btf dump file "$1" format c >"$work/inc/vmlinux.h" 2>"$work/vmlinux.log"
}

# probe_deterministic: the same source compiled three times.
probe_deterministic() {
	# Two compiles of the same source must give the same bytes; gcc-bpf 12
	# orders its BTF by address, so address randomisation shows, and then
	# the question is whether its BTF canonicalised is the same.
	# The three at once (independent).
	try again2 deterministic.bpf.c $cflags &
	again2=$!
	try again3 deterministic.bpf.c $cflags &
	again3=$!
	r1=0 r23=0
	try again1 deterministic.bpf.c $cflags || r1=1
	wait "$again2" || r23=1
	wait "$again3" || r23=1
	if [ $r1 = 1 ]; then
		set_cap deterministic no "not checked: the probe program does not compile ($(first_error again1))"
	elif [ $r23 = 1 ]; then
		set_cap deterministic no "two compiles of one source differ: rebuilds are not reproducible"
	elif cmp -s "$work/again1.o" "$work/again2.o" && cmp -s "$work/again1.o" "$work/again3.o"; then
		set_cap deterministic yes "two compiles give identical objects"
	elif [ "$link" != yes ] && sorted_same "$work/again1.o" "$work/again2.o" &&
	     sorted_same "$work/again1.o" "$work/again3.o"; then
		sorting_fixes "address randomisation"
		set_cap deterministic yes "two compiles differ in the order of their BTF only; canonicalised, they are identical"
	else
		set_cap deterministic no "two compiles of one source differ: rebuilds are not reproducible"
	fi
}

# probe_path_lengths: the real CO-RE program, compiled as bpfbuild-cc does
# (from its directory, mapped to "."), in two trees whose paths differ in
# length only, must give the same final object.  A compiler that cannot
# compile it (gcc-bpf 12) is measured on the uapi program of the
# deterministic check, which it does compile.
probe_path_lengths() {
	if ! vmlinux_h "$vmlinux_btf"; then
		set_cap deterministic no "not checked: cannot make a vmlinux.h from $vmlinux_btf"
		return
	fi
	long=$work/tree-with-a-much-longer-path-than-the-first/and/deeper/still
	longer=$long/and-longer-again/by-another-forty-characters/or-so
	for src in pch_core.bpf.c deterministic.bpf.c; do
		# The three compiles at once: on a configure's path, and independent.
		pids=''
		for d in "$work/t" "$long" "$longer"; do
			# The first one is probe_pch's, where it made it from this BTF.
			[ "$d/$src" != "$work/t/pch_core.bpf.c" ] || [ ! -f "$d/probe.o" ] ||
				[ "$pch_btf" != "$vmlinux_btf" ] || continue
			mkdir -p "$d"
			cp "$probes/$src" "$d/probe.bpf.c"
			(cd "$d" && exec "$cc" $cc_extra $cflags -I"$work/inc" "-ffile-prefix-map=$d=." \
				-c "$d/probe.bpf.c" -o "$d/probe.o") >"$d/log" 2>&1 &
			pids="$pids $!"
		done
		compiled=yes
		for p in $pids; do wait "$p" || compiled=no; done
		[ $compiled = no ] || break
	done
	if [ $compiled = no ]; then
		set_cap deterministic no "not checked: the CO-RE probe program does not compile"
		return
	fi
	if same_final_object "$work/t/probe.o" "$long/probe.o" &&
	   same_final_object "$work/t/probe.o" "$longer/probe.o"; then
		return
	fi
	# $longer lies below $long: its map comes last, as the last match wins.
	sort_maps="--prefix-map $work/t=. --prefix-map $long=. --prefix-map $longer=."
	if sorted_same "$work/t/probe.o" "$long/probe.o" &&
	   sorted_same "$work/t/probe.o" "$longer/probe.o"; then
		sorting_fixes "the length of the build paths"
	else
		set_cap deterministic no "a CO-RE object's BTF changes with the length of the build paths: identical only from equally long paths"
	fi
	sort_maps=''
}

# tree_try DIR OUT LOG ARGS...: DIR/probe.bpf.c compiled from DIR, DIR
# mapped to "." (as bpfbuild-cc does), to DIR/OUT.o; $work/LOG.log.
tree_try() {
	tt_d=$1 tt_o=$2 tt_log=$3
	shift 3
	(cd "$tt_d" && exec "$cc" $cc_extra "$@" "-ffile-prefix-map=$tt_d=." \
		-c "$tt_d/probe.bpf.c" -o "$tt_d/$tt_o.o") >"$work/$tt_log.log" 2>&1
}

# pch_paths: where the precompiled vmlinux.h goes, and the words that make
# and use it.  clang's as bpfbuild-cc makes it: without vmlinux.h's time.
# (gcc finds NAME.gch before NAME in an include dir, but refuses it with BTF.)
# pch_use is split into words, so it names the PCH from tree_try's
# directory, $work/t: a TMPDIR with a blank would split $work.
pch_paths() {
	if [ $cc_kind = clang ]; then
		pch_out=$work/vmlinux.h.pch pch_use="-include-pch ../vmlinux.h.pch" pch_gen="-Xclang -fno-pch-timestamp"
	else
		mkdir -p "$work/gch"
		pch_out=$work/gch/vmlinux.h.gch pch_use="-I../gch -H" pch_gen=''
	fi
}

# pch_compiles: the precompile and the CO-RE program without it, at once
# (independent); their exit codes go to $work/pch.rc.  The program is
# compiled as bpfbuild-cc compiles, in probe_path_lengths' first tree,
# which then takes this object instead of compiling it again.
pch_compiles() {
	pch_paths
	"$cc" $cc_extra $cflags $pch_gen -x c-header "$work/inc/vmlinux.h" -o "$pch_out" >"$work/pchgen.log" 2>&1 &
	pc_gen=$!
	mkdir -p "$work/t"
	cp "$probes/pch_core.bpf.c" "$work/t/probe.bpf.c"
	pc_nopch=0 pc_gen_rc=0
	tree_try "$work/t" probe nopch $cflags -I"$work/inc" || pc_nopch=$?
	wait "$pc_gen" || pc_gen_rc=$?
	echo "$pc_gen_rc $pc_nopch" >"$work/pch.rc"
}

# pch_start: vmlinux.h and pch_compiles, in the background as soon as the
# flags are likely final (after the btf probe): they are most of a cold
# probe, and the probes before probe_pch leave a CPU idle.  probe_pch
# takes their results where the flags stayed the same.
pch_job='' pch_job_flags=''
pch_start() {
	[ -n "$pch_btf" ] && [ -z "$(pch_not_offered)" ] || return 0
	pch_job_flags=$cflags
	( vmlinux_h "$pch_btf" || { rm -f "$work/inc/vmlinux.h"; exit 1; }
	  pch_compiles ) </dev/null >/dev/null 2>&1 &
	pch_job=$!
}

# pch_not_offered: why no precompiled vmlinux.h is tried (nothing when it is).
pch_not_offered() {
	# distcc: bpfbuild-cc runs each compile's front end on the distcc
	# host, from source whose includes were inlined here.
	if [ "$distributed" = distcc ] && [ $cc_kind = clang ]; then
		echo "BPF_CC's distcc compiles on other hosts, which the precompiled vmlinux.h does not reach: there each compile parses vmlinux.h, inlined here (-frewrite-includes); the code generation runs here, as the BTF line info needs the source lines"
	fi
}

# probe_pch: a precompiled vmlinux.h, if it leaves the final object byte for
# byte alone.  clang takes it with -include-pch.
probe_pch() {
	pch=
	if [ -z "$pch_btf" ]; then
		set_cap pch no "not checked: the precompiled vmlinux.h is turned off (bpf-pch=false, --disable-bpf-pch), or no kernel BTF to try it on"
		return
	fi
	pch_why=$(pch_not_offered)
	if [ -n "$pch_why" ]; then
		set_cap pch no "$pch_why"
		return
	fi
	# pch_start's compiles, where they ran with these flags; else again.
	[ -z "$pch_job" ] || wait "$pch_job" || :
	if [ -z "$pch_job" ] || [ "$pch_job_flags" != "$cflags" ] || [ ! -s "$work/pch.rc" ]; then
		rm -f "$work/pch.rc"
		if ! vmlinux_h "$pch_btf"; then
			set_cap pch no "cannot make a vmlinux.h from $pch_btf"
			return
		fi
		pch_compiles
	fi
	pch_job=''
	pch_paths
	read -r pchgen nopch <"$work/pch.rc"
	if [ "$pchgen" != 0 ]; then
		set_cap pch no "cannot precompile vmlinux.h: $(grep -m1 -E 'error' "$work/pchgen.log" | cut -c1-120)"
	elif [ "$nopch" != 0 ]; then
		rm -f "$work/t/probe.o"
		set_cap pch no "the CO-RE probe program does not compile: $(first_error nopch)"
	elif ! tree_try "$work/t" withpch withpch $cflags $pch_use -I"$work/inc"; then
		set_cap pch no "compiling with the precompiled vmlinux.h fails: $(first_error withpch)"
	elif [ $cc_kind = gcc ] && ! grep -q '^! ' "$work/withpch.log"; then
		set_cap pch no "gcc does not use the .gch: $(cat "$work/pchgen.log" "$work/withpch.log" | grep -m1 -i warning | sed "s/^[^ ]*: warning: //" | cut -c1-100)"
	elif ! same_final_object "$work/t/probe.o" "$work/t/withpch.o" &&
	     ! sorted_same "$work/t/probe.o" "$work/t/withpch.o"; then
		set_cap pch no "the object differs with the precompiled vmlinux.h (BTF types in another order)"
	elif ! same_final_object "$work/t/probe.o" "$work/t/withpch.o"; then
		sorting_fixes "a precompiled vmlinux.h"
		pch=$cc_kind
		set_cap pch yes "a precompiled vmlinux.h gives a byte-identical CO-RE object, its BTF forward declarations sorted"
	else
		pch=$cc_kind
		set_cap pch yes "a precompiled vmlinux.h gives a byte-identical CO-RE object"
	fi
}
