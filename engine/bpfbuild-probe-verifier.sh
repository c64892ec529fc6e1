#!/bin/sh
# Sourced by bpfbuild-probe; executable only so that it installs like its siblings.
# bpfbuild-probe-verifier.sh: the probes of what libbpf and the verifier
# must be able to follow (the order of .maps, a NULL test, a clamped array
# index); the verifier is asked where it can be (root), otherwise the
# object's bytes are read.
# Variables flow to and from bpfbuild-probe-cc.sh (set_cap's eval, try's
# objects, obj_info); flags are split into words on purpose.
# shellcheck disable=SC2034,SC2154,SC2046,SC2086

# cond_jumps OBJ SECTION: how many conditional jumps the program holds
# (opcode class JMP or JMP32, and not ja, call or exit).
cond_jumps() { obj_num "$1" cond_jumps "$2"; }

# kernel_load OBJ: sets load to loaded, rejected, or unasked (not root, no
# bpffs): whether the running kernel's verifier takes the object.  The log
# is $work/load.log.
kernel_load() {
	load=unasked
	: >"$work/load.log"
	[ "$(id -u)" = 0 ] || return 0
	if [ ! -d "$work/bpffs" ]; then
		mkdir -p "$work/bpffs" && mount -t bpf bpf "$work/bpffs" 2>/dev/null || return 0
		mounted_bpffs=$work/bpffs
	fi
	rm -rf "$work/bpffs/p"
	if "$bpftool" -d prog loadall "$1" "$work/bpffs/p" >"$work/load.log" 2>&1; then
		load=loaded
	else
		load=rejected
	fi
}
verifier_said() {
	grep -m1 -E 'prohibited|invalid|not allowed|unbounded' "$work/load.log" | cut -c1-100
}

# probe_null_check: "if (lookup) return -EPERM;" must keep its branch on
# the possibly-NULL pointer.  The running kernel decides where it can be
# asked (root); elsewhere the object does: no conditional jump left means
# the pointer went into arithmetic, which every verifier rejects.
probe_null_check() {
	sec=tracepoint/syscalls/sys_enter_openat
	if ! try null_check null_check.bpf.c $cflags; then
		set_cap null_check_default no "$(first_error null_check)"
		return
	fi
	kernel_load "$work/null_check.o"
	if [ $load = loaded ] || { [ $load = unasked ] && [ "$(cond_jumps "$work/null_check.o" $sec)" -gt 0 ]; }; then
		set_cap null_check_default yes "a map lookup's NULL test stays a branch$([ $load = loaded ] && echo "; the running kernel loads it")"
		set_cap null_check yes "the default code keeps the branch"
		return
	fi
	if [ $load = rejected ]; then
		said=$(verifier_said)
		set_cap null_check_default no "the running kernel rejects a map lookup's NULL test: ${said:-see the verifier log}"
	else
		set_cap null_check_default no "a map lookup's NULL test compiles to arithmetic on the pointer (no branch), which the verifier rejects"
	fi
	if [ $cc_kind = gcc ] && try null_check_phi null_check.bpf.c $cflags -fno-ssa-phiopt &&
	   [ "$(cond_jumps "$work/null_check_phi.o" $sec)" -gt 0 ]; then
		kernel_load "$work/null_check_phi.o"
		if [ $load != rejected ]; then
			set_cap null_check yes "-fno-ssa-phiopt keeps the branch$([ $load = loaded ] && echo "; the running kernel loads it")"
			return
		fi
	fi
	set_cap null_check no "no flag known to keep the branch"
}

# probe_ret_range: a cgroup filter's "if (!allowed(skb)) return 0; return 1;"
# on a global function's result must stay within the verifier's [0, 1].
# Of the decided flags only -fno-ssa-phiopt (the NULL test's) changes it:
# gcc-bpf 12, 14 and 16 then return the function's own result on the zero
# path (the kernel selftests' test_global_func8).  The flag stays (a map
# lookup's NULL test is far more common); such a program declares the need.
probe_ret_range() {
	case "$(cap null_check_default) $(why null_check)" in
	"no -fno-ssa-phiopt"*) ;;
	*) set_cap ret_range yes "no decided flag changes a 0/1 verdict from a global function"; return ;;
	esac
	sec=cgroup_skb/egress
	if ! try ret_range_phi ret_range.bpf.c $cflags -fno-ssa-phiopt; then
		set_cap ret_range no "$(first_error ret_range_phi)"
		return
	fi
	kernel_load "$work/ret_range_phi.o"
	if [ $load = loaded ]; then
		set_cap ret_range yes "with -fno-ssa-phiopt (the NULL test's flag), a 0/1 verdict from a global function stays in range; the running kernel loads it"
	elif [ $load = rejected ]; then
		said=$(grep -m1 'should have been in' "$work/load.log" | cut -c1-100)
		set_cap ret_range no "with -fno-ssa-phiopt (the NULL test's flag), the running kernel rejects a 0/1 verdict from a global function: ${said:-see the verifier log}"
	elif try ret_range ret_range.bpf.c $cflags &&
	     [ "$(obj_info "$work/ret_range.o" section_hash $sec)" = "$(obj_info "$work/ret_range_phi.o" section_hash $sec)" ]; then
		set_cap ret_range yes "-fno-ssa-phiopt (the NULL test's flag) leaves a 0/1 verdict from a global function as it was (not loaded: needs root)"
	else
		set_cap ret_range no "-fno-ssa-phiopt (the NULL test's flag) changes a 0/1 verdict from a global function (not loaded: needs root)"
	fi
}

# clamp_jumps OBJ SECTION...: how many conditional jumps compare a register
# with 31 or 32 (the bounded_index probe's clamp), in those sections.
clamp_jumps() {
	o=$1
	shift
	obj_num "$o" clamp_jumps "$@"
}

# bounded_ok NAME: whether the bounded_index probe compiled to NAME.o keeps
# its clamp: the running kernel decides where it can be asked (root);
# elsewhere the clamp's compare must be in the object.  Sets load.
bounded_ok() {
	kernel_load "$work/$1.o"
	[ $load = loaded ] && return 0
	[ $load = unasked ] && [ "$(clamp_jumps "$work/$1.o" .text tracepoint/syscalls/sys_exit_read)" -gt 0 ]
}

# probe_bounded_index: a log2 histogram's "if (slot >= MAX) slot = MAX - 1"
# must stay in the code with the flags decided so far.  -fno-ssa-phiopt
# (decided for the NULL test) lets gcc-bpf 14 and 16 prove the bucket of
# the low 32 bits below MAX through the branches phiopt would have folded,
# and jump threading then removes the clamp from that path; the verifier
# cannot prove it again ("max value is outside of the allowed memory
# range").  -fno-thread-jumps keeps the clamp, and the NULL test's branch.
probe_bounded_index() {
	# Only a decided flag is judged: the compiler's own code is the
	# program's, checked by its verifier test (one compile less for clang).
	case " $cflags " in *" -fno-ssa-phiopt "*) ;; *)
		set_cap bounded_index_default yes "no decided flag changes a clamped histogram index"
		set_cap bounded_index yes "the default code keeps it"
		return ;;
	esac
	if ! try bounded bounded_index.bpf.c $cflags; then
		set_cap bounded_index_default no "not checked: the probe program does not compile ($(first_error bounded))"
		set_cap bounded_index no "$(first_error bounded)"
		return
	fi
	kernel_load "$work/bounded.o"
	if [ $load = rejected ]; then
		said=$(grep -m1 -E 'outside of the allowed|unbounded|invalid access' "$work/load.log" | cut -c1-100)
		set_cap bounded_index_default no "with -fno-ssa-phiopt, the running kernel rejects a clamped histogram index: ${said:-see the verifier log}"
	elif [ $load = unasked ] &&
	     try bounded_plain bounded_index.bpf.c $(echo " $cflags " | sed 's/ -fno-ssa-phiopt / /') &&
	     [ "$(clamp_jumps "$work/bounded_plain.o" .text tracepoint/syscalls/sys_exit_read)" -gt 0 ] &&
	     [ "$(clamp_jumps "$work/bounded.o" .text tracepoint/syscalls/sys_exit_read)" -eq 0 ]; then
		set_cap bounded_index_default no "-fno-ssa-phiopt removes a clamped histogram index's bound check"
	else
		set_cap bounded_index_default yes "with -fno-ssa-phiopt, a clamped histogram index keeps its bound check$(
			[ $load = loaded ] && echo "; the running kernel loads it" || echo " (not loaded: needs root)")"
		set_cap bounded_index yes "the default code keeps it"
		return
	fi
	if try bounded_thread bounded_index.bpf.c $cflags -fno-thread-jumps &&
	   bounded_ok bounded_thread &&
	   try null_check_thread null_check.bpf.c $cflags -fno-thread-jumps &&
	   [ "$(cond_jumps "$work/null_check_thread.o" tracepoint/syscalls/sys_enter_openat)" -gt 0 ] &&
	   { kernel_load "$work/null_check_thread.o"; [ $load != rejected ]; }; then
		set_cap bounded_index yes "-fno-thread-jumps keeps the clamp gcc threads away, and the NULL test's branch"
	else
		set_cap bounded_index no "no flag known to keep the clamp (-fno-thread-jumps does not, with -fno-ssa-phiopt)"
	fi
}

# probe_core_const: a CO-RE read through a pointer to a const struct must be
# recorded against the struct, not the CONST (gcc-bpf 14), which libbpf
# cannot match ("target candidate search failed for [N] const").
probe_core_const() {
	if [ "$(cap core)" != yes ]; then
		set_cap core_const no "no CO-RE"
	elif ! try core_const core_const.bpf.c $cflags; then
		set_cap core_const no "$(first_error core_const)"
	else
		case " $(obj_info "$work/core_const.o" core_relo_kinds) " in
		'  ') set_cap core_const no "no CO-RE relocation for a read through a const pointer" ;;
		*" CONST "*|*" VOLATILE "*) set_cap core_const no "CO-RE relocations on const-qualified types, which libbpf cannot match in the kernel's BTF (target candidate search failed)" ;;
		*) set_cap core_const yes "CO-RE relocations through a const pointer name the struct" ;;
		esac
	fi
}

# sym_value OBJ NAME: the value of symbol NAME (its offset in its
# section), or nothing.
sym_value() {
	obj_info "$1" symbol | sed -n "s/^$2 //p" | head -n 1
}
# inner_first OBJ: whether the maps_order probe's inner map comes before
# its map-in-map in .maps, where libbpf creates them in that order.
inner_first() {
	i=$(sym_value "$1" probe_inner) o=$(sym_value "$1" probe_outer)
	[ -n "$i" ] && [ -n "$o" ] && [ "$i" -lt "$o" ]
}
# data_sections OBJ: the object's non-empty data sections, each a map
# libbpf creates (.data, .rodata, .bss and their .NAME variants), one
# "NAME SIZE" a line.
data_sections() {
	obj_info "$1" section_size | while read -r ds_name ds_size; do
		case $ds_name in .data*|.rodata*|.bss*) [ "$ds_size" = 0 ] || echo "$ds_name $ds_size" ;; esac
	done
}
# new_data OLD NEW: the first data section of object NEW that OLD has
# not, or not of that size, as "a NAME of N bytes", or nothing.
new_data() {
	data_sections "$2" | while read -r name size; do
		data_sections "$1" | grep -qx "$name $size" || { echo "a $name of $size bytes"; break; }
	done
}

# probe_maps_order: an inner map declared before the map-in-map whose
# .values name it must stay first in .maps: libbpf fills the outer map's
# slots when it creates it ("failed to initialize slot").  gcc emits
# top-level variables in reverse order; -fno-toplevel-reorder keeps the
# source's, but also every unused static variable: the headers' helper
# pointers (libbpf's bpf_helper_defs.h) become a .rodata map in every
# object, or, not const (libbpf 1.1), turn each helper call into an
# indirect call.  Only a flag that adds no data section is decided.
probe_maps_order() {
	if ! try maps_order maps_order.bpf.c $cflags; then
		set_cap maps_order_default no "$(first_error maps_order)"
		set_cap maps_order no "$(first_error maps_order)"
		return
	elif inner_first "$work/maps_order.o"; then
		set_cap maps_order_default yes "an inner map declared before its map-in-map stays first in .maps"
		set_cap maps_order yes "the default order is the source's"
		return
	fi
	set_cap maps_order_default no "an inner map declared before its map-in-map comes after it in .maps, so libbpf fills the outer map's slot before it creates the inner one (failed to initialize slot)"
	if ! try maps_order_keep maps_order.bpf.c $cflags -fno-toplevel-reorder; then
		set_cap maps_order no "-fno-toplevel-reorder would keep the order, but it keeps the headers' unused static variables too, and then: $(first_error maps_order_keep)"
	elif ! inner_first "$work/maps_order_keep.o"; then
		set_cap maps_order no "-fno-toplevel-reorder does not keep the order"
	elif extra=$(new_data "$work/maps_order.o" "$work/maps_order_keep.o") && [ -n "$extra" ]; then
		set_cap maps_order no "-fno-toplevel-reorder keeps the order, but also the headers' unused static variables ($extra, a map in every object)"
	else
		set_cap maps_order yes "-fno-toplevel-reorder keeps the source's order and adds no data"
	fi
}
