#!/bin/sh
# Sourced by bpfbuild-probe; executable only so that it installs like its siblings.
# Its variables flow to and from bpfbuild-probe, and set_cap's eval sets
# cap_* and why_*: shellcheck cannot follow either.  Flags are split into
# words on purpose.
# shellcheck disable=SC2034,SC2154,SC2046,SC2086
# bpfbuild-probe-cc.sh: what one BPF compiler can do (probe_cc CC [WORD...]),
# measured in the object each probe source compiles to, never taken from a
# version number.  The flags are not decided here: after each stage the
# measured facts go through bpfbuild-decide, the one flag table, and the
# later probes compile with what it answered.  bpfbuild-probe runs probe_cc
# in a process of its own per candidate, so no result outlives its compiler.
# bpfbuild-probe sets $work, $probes, $here, $objinfo, $bpftool, $endian, $target_arch,
# $libbpf_inc, $asm_inc, $opt_cpu, $min_kernel, $pch_btf and $vmlinux_btf.
# --- helpers --------------------------------------------------------------

# objinfo_ready: $objinfo, bpfbuild-objinfo built with the build machine's C
# compiler ($CC_FOR_BUILD or cc) before the first candidate's probes read
# their objects: the probe runs before any build step could make it.
# Without it nothing can be measured: BPF is off, with the reason.
objinfo_ready() {
	[ ! -x "$objinfo" ] || return 0
	"${CC_FOR_BUILD:-cc}" -o "$objinfo" "$here/bpfbuild-objinfo.c" "$here/bpfbuild-btf-read.c" "$here/bpfbuild-btf-tool.c" \
		>"$work/objinfo.log" 2>&1 && return 0
	# The compiler's first error, else its first line, without the file's path.
	why=$({ grep -m1 'error' "$work/objinfo.log" || grep -m1 . "$work/objinfo.log"; } | sed 's|^[^ :]*/||' | cut -c1-160)
	command -v "${CC_FOR_BUILD:-cc}" >/dev/null 2>&1 || why="not found"
	why="cannot build bpfbuild-objinfo, which reads the probes' objects (${why:-it fails and prints nothing})"
	[ -z "${CC_FOR_BUILD:-}" ] || die "CC_FOR_BUILD=$CC_FOR_BUILD $why; point it at a working C compiler or unset it"
	unusable "the build machine's C compiler (cc) $why; install one (Debian: gcc) or set CC_FOR_BUILD"
}

# obj_info OBJ KEY [SECTION...]: the values of KEY, one a line, that
# bpfbuild-objinfo ($objinfo, the engine's object reader) reports for OBJ
# (with SECTIONs: their instructions' too); none where it cannot read OBJ.
obj_info() {
	oi_obj=$1 oi_key=$2
	shift 2
	"$objinfo" "$oi_obj" "$@" 2>>"$work/objinfo.log" | sed -n "s/^$oi_key=//p"
}
# obj_num OBJ KEY [SECTION...]: a count obj_info reports, 0 where none.
obj_num() {
	oi_n=$(obj_info "$@")
	echo "${oi_n:-0}"
}

# core_relo_bytes OBJ: the number of bytes of CO-RE relocations in .BTF.ext
core_relo_bytes() { obj_num "$1" core_relo_bytes; }

# undefined_calls OBJ: undefined function symbols the object calls
undefined_calls() { obj_info "$1" undefined; }

# try NAME SOURCE ARGS...: probe_compile (a probe's one compile, with the
# compiler's own words, to $work/NAME.o), or that compile made ahead.
try() {
	! ahead_take "$@" || return "$ahead_rc"
	probe_compile "$@"
}
probe_compile() {
	pc_name=$1 pc_src=$2; shift 2
	"$cc" $cc_extra "$@" -c "$probes/$pc_src" -o "$work/$pc_name.o" >"$work/$pc_name.log" 2>&1
}
first_error() {
	grep -m1 -E 'error|Error|unsupported|not supported' "$work/$1.log" |
		sed 's/^[^ ]*: //; s/^error: //' | cut -c1-160
}

# The flags bpfbuild-decide answers for what was measured so far.
decided_flags() {
	"$here/bpfbuild-decide" "$facts" | sed -n 's/^flag=//p' | tr '\n' ' '
}

# --- one candidate --------------------------------------------------------

# probe_cc CC [WORD...]: prints cc_kind, cc_version, link, pch, every cap_*
# and why_*, then bpfbuild-decide's flag= and decision= lines.  Returns 1
# if the compiler cannot target BPF at all (why_target says why).  Run it
# in a subshell: it sets globals.
probe_cc() {
	cc=$1 caps=''
	shift
	cc_extra=$*
	vline=$("$cc" $cc_extra --version 2>/dev/null | head -n 1)
	case $vline in
	*clang*) cc_kind=clang ;;
	*) cc_kind=gcc ;;
	esac
	cc_version=$(echo "$vline" | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -n 1)
	facts=$work/facts
	# The compiler's own #include <...> dirs, the target chosen and no dir
	# of bpfbuild's given, under the host's --sysroot that the compile
	# gets: libbpf's dir among them needs no flag.
	printf '%s\n' "cc_kind=$cc_kind" "endian=$endian" libbpf_inc= >"$facts"
	sysroot=$(printf '%s\n' "$host_flags" | grep '^--sysroot=' | tail -n 1)
	"$cc" $cc_extra $(decided_flags) ${sysroot:+"$sysroot"} -E -v -x c /dev/null 2>&1 >/dev/null |
		sed -n '/^#include <\.\.\.> search starts here:$/,/^End of search list\.$/s/^ \(\/.*\)/cc_inc=\1/p' >"$work/cc_inc"
	printf '%s\n' "cc_kind=$cc_kind" "endian=$endian" "target_arch=$target_arch" \
		"libbpf_inc=$libbpf_inc" "asm_inc=$asm_inc" "opt_cpu=$opt_cpu" "min_kernel=$min_kernel" >"$facts"
	cat "$work/cc_inc" >>"$facts"
	echo "cc_kind=$cc_kind"
	echo "cc_version=$cc_version"
	measure
	rc=$?
	for k in $caps; do
		echo "cap_$k=$(cap $k)"
		echo "why_$k=$(why $k)"
	done
	[ $rc -eq 0 ] || return 1
	echo "link=$link"
	echo "pch=$pch"
	"$here/bpfbuild-decide" "$facts"
}

measure() {
	[ $cc_kind = clang ] && btf_flag=-g || btf_flag=-gbtf
	cflags=$(decided_flags)
	if ! try target target.bpf.c $cflags; then
		set_cap target no "$(first_error target)"
		return 1
	fi
	set_cap target yes "compiles BPF"

	# Each stage's compiles are made two at a time (bpfbuild-probe-ahead.sh).
	ahead_start std:vmlinux_std.bpf.c glibc:glibc.bpf.c
	# The default C standard against vmlinux.h's own bool/false/true.
	if try std vmlinux_std.bpf.c $cflags; then
		set_cap std_default yes "the default -std accepts vmlinux.h"
	elif try std vmlinux_std.bpf.c $cflags -std=gnu17; then
		set_cap std_default no "the default -std (C23) rejects vmlinux.h's bool; -std=gnu17 accepts it"
		set_cap std_gnu17 yes "-std=gnu17 accepts vmlinux.h"
	else
		set_cap std_default no "$(first_error std)"
		set_cap std_gnu17 no "$(first_error std)"
	fi

	# glibc headers need the target's own architecture macros.
	if try glibc glibc.bpf.c $cflags; then
		set_cap glibc_default yes "glibc headers compile without the target's arch macros"
		set_cap glibc_headers yes "<errno.h>, <stdint.h>, <netinet/in.h> compile"
	else
		set_cap glibc_default no "glibc headers need the target's own arch macros: $(first_error glibc | sed 's/^[^ ]*: //')"
		set_cap glibc_headers yes "<errno.h>, <stdint.h>, <netinet/in.h> compile with the arch macros"
		cflags=$(decided_flags)
		try glibc glibc.bpf.c $cflags || set_cap glibc_headers no "$(first_error glibc)"
	fi
	cflags=$(decided_flags)

	ahead_start mcpu:mcpu.bpf.c mcpu_v1:mcpu.bpf.c:-mcpu=v1 mcpu_v2:mcpu.bpf.c:-mcpu=v2 \
		mcpu_v3:mcpu.bpf.c:-mcpu=v3 mcpu_v4:mcpu.bpf.c:-mcpu=v4 btf:target.bpf.c:$btf_flag
	probe_mcpu

	if try btf target.bpf.c $cflags $btf_flag && [ "$(obj_info "$work/btf.o" btf)" = yes ]; then
		set_cap btf yes "$btf_flag emits .BTF"
	else
		set_cap btf no "$btf_flag emits no .BTF"
	fi
	cflags=$(decided_flags)
	ahead_stop
	# The PCH probe's long compiles beside the probes from here on; where
	# there are none, the probes' own compiles made ahead there instead.
	pch_start
	core_flag=$([ $cc_kind = clang ] || echo -mco-re)
	[ -n "$pch_job" ] || ahead_probes

	link=no
	if [ "$(cap btf)" = yes ]; then
		# libbpf parses BTF-defined maps from .BTF even when the kernel
		# refuses that BTF (gcc-bpf 12), so BTF stays whenever it is emitted.
		if "$bpftool" gen object "$work/btf.linked.o" "$work/btf.o" >"$work/link.log" 2>&1; then
			link=yes
			set_cap btf_link yes "bpftool gen object links its BTF"
		else
			set_cap btf_link no "bpftool gen object rejects its BTF: $(grep -m1 -E 'failed|Error' "$work/link.log" | sed 's/^libbpf: //' | cut -c1-120)"
		fi
	else
		set_cap btf_link no "no BTF to link"
	fi

	obj=$work/target.o
	[ $link = yes ] && obj=$work/btf.linked.o
	if "$bpftool" gen skeleton "$obj" name probe >"$work/probe.skel.h" 2>"$work/skel.log"; then
		set_cap skeleton yes "bpftool gen skeleton accepts its objects"
	else
		set_cap skeleton no "bpftool gen skeleton fails: $(grep -m1 -E 'failed|Error' "$work/skel.log" | cut -c1-120)"
	fi

	if try helpers helpers.bpf.c $cflags; then
		set_cap helpers yes "several helper calls in one function compile"
	else
		set_cap helpers no "$(first_error helpers)"
	fi

	# gcc-bpf 12 may "compile" an atomic into a call to an undefined
	# __sync_* function, so look at the object, not only the exit code.
	probe_atomics atomics "__sync_fetch_and_add (result unused) is a BPF atomic instruction"
	probe_atomics atomics_fetch "__sync_fetch_and_add's old value is an atomic fetch"

	if [ $link = no ]; then
		set_cap core no "needs BTF that bpftool can link"
	elif ! try core core.bpf.c $cflags $core_flag; then
		set_cap core no "$(first_error core)"
	elif [ "$(core_relo_bytes "$work/core.o")" -eq 0 ]; then
		set_cap core no "no CO-RE relocation in .BTF.ext"
	else
		set_cap core yes "CO-RE relocations in .BTF.ext"
	fi
	cflags=$(decided_flags) && ahead_refresh

	probe_core_reloc core_field_exists core_field_exists.bpf.c \
		"bpf_core_field_exists emits a CO-RE relocation"
	probe_core_reloc core_field_exists_bitfield core_field_exists_bitfield.bpf.c \
		"bpf_core_field_exists on a bit-field emits a CO-RE relocation"
	probe_core_const

	probe_gcc16_features
	cflags=$(decided_flags) && ahead_refresh

	probe_null_check
	probe_ret_range
	probe_stack_guard
	probe_maps_order
	cflags=$(decided_flags) && ahead_refresh
	probe_bounded_index
	cflags=$(decided_flags) && ahead_refresh

	probe_pch

	probe_deterministic
	[ "$(cap deterministic)" = no ] || [ -z "$vmlinux_btf" ] || probe_path_lengths
	# Accepted is not enough: gcc-bpf writes the absolute source path into
	# its BTF, so look for the mapped directory in the final object; where
	# bpfbuild-btf-sort's own map removes it, bpfbuild-cc applies that.
	if ! try prefix_map target.bpf.c $cflags "-ffile-prefix-map=$probes=."; then
		set_cap prefix_map_flag no "-ffile-prefix-map rejected"
		set_cap prefix_map no "-ffile-prefix-map rejected: reproducibility across build paths is not guaranteed"
	elif ! grep -qF "$probes" "$work/prefix_map.o"; then
		set_cap prefix_map_flag yes "-ffile-prefix-map accepted"
		set_cap prefix_map yes "-ffile-prefix-map removes the build paths"
	elif btf_final "$work/prefix_map.o" "$work/prefix_map.l.o" --prefix-map "$probes=." &&
	     ! grep -qF "$probes" "$work/prefix_map.l.o"; then
		set_cap prefix_map_flag yes "-ffile-prefix-map accepted"
		set_cap prefix_map yes "the compiler leaves the absolute source path in its BTF strings; bpfbuild-btf-sort applies the map there"
		[ "$(cap btf_sort)" = yes ] ||
			set_cap btf_sort yes "gcc writes the absolute source path into its BTF strings without applying -ffile-prefix-map; bpfbuild-btf-sort applies it"
	else
		set_cap prefix_map_flag yes "-ffile-prefix-map accepted"
		set_cap prefix_map no "the object still holds the absolute source path despite -ffile-prefix-map: reproducibility across build paths is not guaranteed"
	fi
	[ -z "${mounted_bpffs:-}" ] || umount "$mounted_bpffs" 2>/dev/null
	ahead_stop
	return 0
}

# probe_atomics NAME WHY: the probe NAME.bpf.c compiles, to no call.
probe_atomics() {
	if ! try "$1" "$1.bpf.c" $cflags; then
		set_cap "$1" no "$(first_error "$1")"
	elif undefined_calls "$work/$1.o" | grep -q .; then
		set_cap "$1" no "compiled into a call to $(undefined_calls "$work/$1.o" | head -n 1), which BPF cannot make"
	else
		set_cap "$1" yes "$2"
	fi
}

# probe_core_reloc NAME SOURCE WHY: a CO-RE relocation, and no call to an
# unknown builtin (gcc-bpf 12 leaves __builtin_preserve_field_info undefined).
probe_core_reloc() {
	if [ "$(cap core)" != yes ]; then
		set_cap "$1" no "no CO-RE"
	elif ! try "$1" "$2" $cflags; then
		set_cap "$1" no "$(first_error "$1")"
	elif undefined_calls "$work/$1.o" | grep -q .; then
		set_cap "$1" no "compiled into a call to $(undefined_calls "$work/$1.o" | head -n 1)"
	elif [ "$(core_relo_bytes "$work/$1.o")" -eq 0 ]; then
		set_cap "$1" no "compiles to a constant, with no CO-RE relocation"
	else
		set_cap "$1" yes "$3"
	fi
}

# probe_mcpu: the -mcpu levels accepted, and which one is the default (the
# level whose object equals the one compiled without -mcpu).
probe_mcpu() {
	mcpu_levels='' mcpu_default=''
	try mcpu mcpu.bpf.c $cflags
	for v in v1 v2 v3 v4; do
		if try mcpu_$v mcpu.bpf.c $cflags -mcpu=$v; then
			mcpu_levels="$mcpu_levels $v"
			[ -n "$mcpu_default" ] || ! cmp -s "$work/mcpu.o" "$work/mcpu_$v.o" || mcpu_default=$v
		fi
	done
	mcpu_levels=${mcpu_levels# }
	if [ -n "$mcpu_levels" ]; then
		set_cap mcpu yes "accepts $mcpu_levels; default ${mcpu_default:-not told apart}; $(
			[ "$opt_cpu" = default ] && echo "the default is kept" || echo "bpf-cpu=$opt_cpu asked")"
	else
		set_cap mcpu no "accepts no -mcpu level"
	fi
	case " $mcpu_levels " in *" v4 "*) set_cap mcpu_v4 yes "-mcpu=v4 accepted" ;;
	*) set_cap mcpu_v4 no "-mcpu=v4 rejected" ;; esac
	# v4 code (sign-extending loads, ...) needs kernel 6.6: a compiler whose
	# own default is v4 (GCC 16) makes objects that 6.1 rejects ("BPF_LDX
	# uses reserved fields").
	case $mcpu_default in
	v4) set_cap mcpu_default_portable no "the default ISA is v4, which kernels before 6.6 reject" ;;
	*) set_cap mcpu_default_portable yes "the default ISA (${mcpu_default:-not told apart}) loads on every kernel" ;;
	esac
}

# probe_stack_guard: a compiler whose default enables the stack protector
# references __stack_chk_*, which BPF cannot resolve.
probe_stack_guard() {
	if ! try stack_guard stack_guard.bpf.c $cflags; then
		set_cap stack_guard_default no "$(first_error stack_guard)"
	elif ! undefined_calls "$work/stack_guard.o" | grep -q __stack_chk; then
		set_cap stack_guard_default yes "no stack protector by default"
	else
		set_cap stack_guard_default no "the stack protector is on by default ($(undefined_calls "$work/stack_guard.o" | grep -m1 __stack_chk))"
		if try stack_guard_off stack_guard.bpf.c $cflags -fno-stack-protector &&
		   ! undefined_calls "$work/stack_guard_off.o" | grep -q __stack_chk; then
			set_cap stack_guard yes "-fno-stack-protector turns it off"
		else
			set_cap stack_guard no "-fno-stack-protector does not turn it off"
		fi
	fi
}

# set_cap NAME yes|no WHY: a measured fact, for the output and for
# bpfbuild-decide.  Values hold no newline.
set_cap() {
	eval "cap_$1=\$2 why_$1=\$3"
	case " $caps " in *" $1 "*) ;; *) caps="$caps $1" ;; esac
	printf 'cap_%s=%s\nwhy_%s=%s\n' "$1" "$2" "$1" "$3" >>"$facts"
}
cap() { eval "echo \${cap_$1:-no}"; }
why() { eval "echo \"\${why_$1-}\""; }
