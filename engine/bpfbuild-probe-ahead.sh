#!/bin/sh
# Sourced by bpfbuild-probe, beside bpfbuild-probe-cc.sh; executable only so
# that it installs like its siblings.  Its variables flow to and from
# bpfbuild-probe-cc.sh (try, probe_compile, $cflags, $work); flags
# and lists are split into words on purpose.
# shellcheck disable=SC2034,SC2154,SC2086,SC2046
# bpfbuild-probe-ahead.sh: the capability probes' compiles, made ahead.
# measure asks its probes one after another, since a probe may change the
# flags that the next ones compile with; most compile with the flags of the
# btf stage all the same, and each early stage's compiles (the C standard
# and glibc; the -mcpu levels and BTF) with one set of flags.  ahead_start
# compiles such a list in a second process, from the end of the list,
# while measure goes on from its start; the two meet in the middle; where
# measure decides other flags, the rest is made again with them
# (ahead_refresh).  Who compiles a name is decided by who
# claims it first (mkdir is atomic).  try takes a compile made ahead only
# where it ran these very words; anywhere the flags changed, it compiles
# again, so no answer depends on the order.

ahead_dir='' ahead_pid='' ahead_names='' ahead_taken='' ahead_list='' ahead_flags='' ahead_gen=0

# ahead_start NAME:SOURCE[:EXTRA]...: compile, in the background and in
# reverse order, each NAME from SOURCE with $cflags and EXTRA (words), as
# "try NAME SOURCE $cflags EXTRA" would.  A list still being made ends first.
ahead_start() {
	# (_BPFBUILD_PROBE_AHEAD=no: tests/engine/probe-ahead.t's reference.)
	[ "${_BPFBUILD_PROBE_AHEAD:-}" != no ] || return 0
	ahead_stop
	ahead_gen=$((ahead_gen + 1))
	ahead_dir=$work/ahead.$ahead_gen ahead_list="$*" ahead_flags=$cflags ahead_names=''
	mkdir -p "$ahead_dir"
	as_rev=''
	for as_item in "$@"; do
		ahead_names="$ahead_names ${as_item%%:*}"
		as_rev="$as_item $as_rev"
	done
	# This candidate's process: the worker stops with it.
	as_owner=$(exec sh -c 'echo "$PPID"')
	(
		for as_item in $as_rev; do
			kill -0 "$as_owner" 2>/dev/null || exit 0
			as_name=${as_item%%:*} as_rest=${as_item#*:}
			as_src=${as_rest%%:*} as_extra=
			[ "$as_rest" = "$as_src" ] || as_extra=${as_rest#*:}
			mkdir "$ahead_dir/$as_name" 2>/dev/null || continue
			set -- $cflags $as_extra
			printf '%s ' "$as_src" "$@" >"$ahead_dir/$as_name/words"
			as_rc=0
			probe_compile "$as_name" "$as_src" "$@" || as_rc=$?
			echo "$as_rc" >"$ahead_dir/$as_name/rc.new" && mv "$ahead_dir/$as_name/rc.new" "$ahead_dir/$as_name/rc"
		done
	) </dev/null >/dev/null 2>&1 &
	ahead_pid=$!
}

# ahead_refresh: after measure decided flags again; where they changed,
# what is left of the list is made again with them.
ahead_refresh() {
	[ -n "$ahead_pid" ] && [ "$cflags" != "$ahead_flags" ] || return 0
	ar_list=$ahead_list ar_left=''
	ahead_stop
	for ar_item in $ar_list; do
		case " $ahead_taken " in *" ${ar_item%%:*} "*) ;; *) ar_left="$ar_left $ar_item" ;; esac
	done
	[ -z "$ar_left" ] || ahead_start $ar_left
}

# ahead_probes: ahead_start on the compiles of measure's probes from the
# helpers probe on, each as its probe's try would run it (gcc's list has
# the flags its NULL test and .maps order try, too).
ahead_probes() {
	ahead_start helpers:helpers.bpf.c atomics:atomics.bpf.c atomics_fetch:atomics_fetch.bpf.c \
		core:core.bpf.c:$core_flag core_field_exists:core_field_exists.bpf.c \
		core_field_exists_bitfield:core_field_exists_bitfield.bpf.c core_const:core_const.bpf.c \
		tags:tags.bpf.c pragma:pragma.bpf.c line_info:line_info.bpf.c memset:memset.bpf.c \
		bitfield:bitfield.bpf.c null_check:null_check.bpf.c $([ $cc_kind = clang ] ||
			echo null_check_phi:null_check.bpf.c:-fno-ssa-phiopt ret_range_phi:ret_range.bpf.c:-fno-ssa-phiopt) \
		stack_guard:stack_guard.bpf.c maps_order:maps_order.bpf.c $([ $cc_kind = clang ] ||
			echo maps_order_keep:maps_order.bpf.c:-fno-toplevel-reorder)
}

# ahead_take NAME SOURCE ARGS...: true, with its exit status in $ahead_rc,
# where the worker compiled NAME from these very words; false where this
# process is to compile it (not a name made ahead, its second try, not
# claimed yet: then claimed here, or made with other flags).
ahead_take() {
	at_name=$1
	shift
	[ -n "$ahead_dir" ] || return 1
	case " $ahead_names " in *" $at_name "*) ;; *) return 1 ;; esac
	case " $ahead_taken " in *" $at_name "*) return 1 ;; esac
	ahead_taken="$ahead_taken $at_name"
	! mkdir "$ahead_dir/$at_name" 2>/dev/null || return 1
	# (A worker that could not write the status: compiled here after 60 s.)
	at_wait=0
	while [ ! -f "$ahead_dir/$at_name/rc" ]; do
		at_wait=$((at_wait + 1))
		[ $at_wait -le 3000 ] || return 1
		sleep 0.02
	done
	[ "$(cat "$ahead_dir/$at_name/words")" = "$(printf '%s ' "$@")" ] || return 1
	ahead_rc=$(cat "$ahead_dir/$at_name/rc")
}

# ahead_stop: what measure did not ask for is not made; the worker's
# current compile ends before the candidate's scratch directory goes.
ahead_stop() {
	[ -n "$ahead_pid" ] || return 0
	for as_name in $ahead_names; do mkdir "$ahead_dir/$as_name" 2>/dev/null || :; done
	wait "$ahead_pid" 2>/dev/null || :
	ahead_pid='' ahead_dir='' ahead_names=''
}
