#!/bin/sh
# Sourced by bpfbuild-probe; executable only so that it installs like its siblings.
# Its variables flow to and from bpfbuild-probe, and set_cap's eval sets
# cap_* and why_*: shellcheck cannot follow either.  `set -- $(...)`
# splits readelf's and od's numbers into words on purpose.
# shellcheck disable=SC2034,SC2154,SC2046
# bpfbuild-probe-cc.sh: what one BPF compiler can do, and the compile
# flags decided from that (probe_cc CC).  Sourced by bpfbuild-probe, which
# sets $work, $probes, $bpftool, $endian, $target_arch, $libbpf_inc,
# $asm_inc, $pch_btf and $vmlinux_btf; this is the one place where a BPF
# compile flag is decided, for Meson and autoconf alike.
# --- helpers --------------------------------------------------------------

# section_info OBJ NAME -> "OFFSET SIZE" (hex) or nothing
section_info() {
	readelf -SW "$1" 2>/dev/null | sed 's/^ *\[ *[0-9]*\] *//' |
		awk -v n="$2" '$1 == n { print $4, $5; exit }'
}
has_section() { [ -n "$(section_info "$1" "$2")" ]; }

# core_relo_count OBJ: the number of bytes of CO-RE relocations in .BTF.ext
core_relo_bytes() {
	set -- "$1" $(section_info "$1" .BTF.ext)
	[ $# -eq 3 ] || { echo 0; return; }
	# struct btf_ext_header: magic(2) version(1) flags(1) hdr_len(4)
	# func_info off/len, line_info off/len, then core_relo off/len (u32 each)
	hdr=$(od -An -tu4 -j $((0x$2 + 4)) -N 28 "$1" | tr -s ' \n' '  ')
	set -- $hdr
	[ "${1:-0}" -ge 32 ] && echo "${7:-0}" || echo 0
}

# btf_ext_records OBJ func|line: how many func_info or line_info records
btf_ext_records() {
	set -- "$1" "$2" $(section_info "$1" .BTF.ext)
	[ $# -eq 4 ] || { echo 0; return; }
	base=$((0x$3))
	set -- "$1" "$2" $(od -An -tu4 -j $((base + 4)) -N 20 "$1" | tr -s ' \n' '  ')
	# hdr_len func_off func_len line_off line_len
	if [ "$2" = func ]; then off=$4 len=$5; else off=$6 len=$7; fi
	[ "$len" -gt 4 ] || { echo 0; return; }
	od -An -tu4 -v -j $((base + $3 + off)) -N "$len" "$1" | tr -s ' \n' '\n\n' | grep -v '^$' |
		awk 'NR == 1 { rec = $1 / 4; state = 0; next }
		     state == 0 { state = 1; next }			# sec_name_off
		     state == 1 { n = $1; total += n; skip = n * rec; state = skip ? 2 : 0; next }
		     state == 2 { if (--skip == 0) state = 0 }
		     END { print total + 0 }'
}

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

# undefined_calls OBJ: undefined function symbols the object calls
undefined_calls() {
	readelf -sW "$1" 2>/dev/null | awk '$7 == "UND" && $8 != "" { print $8 }'
}

# try NAME SOURCE ARGS...: compile a probe; the object is $work/NAME.o
try() {
	name=$1 src=$2; shift 2
	"$cc" "$@" -c "$probes/$src" -o "$work/$name.o" >"$work/$name.log" 2>&1
}
first_error() {
	grep -m1 -E 'error|Error|unsupported|not supported' "$work/$1.log" |
		sed 's/^[^ ]*: //; s/^error: //' | cut -c1-160
}

# --- one candidate --------------------------------------------------------

# probe_cc CC: sets cc_kind, cc_version, caps, flags.  Returns 1 if the
# compiler cannot target BPF at all.
probe_cc() {
	cc=$1
	vline=$("$cc" --version 2>/dev/null | head -n 1)
	case $vline in
	*clang*) cc_kind=clang ;;
	*) cc_kind=gcc ;;
	esac
	cc_version=$(echo "$vline" | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -n 1)
	caps='' why=''
	if [ "$endian" = big ]; then bpf_target=bpfeb; else bpf_target=bpfel; fi
	if [ $cc_kind = clang ]; then
		base="-target $bpf_target"
		btf_flag=-g
	else
		base="-m$endian-endian"
		btf_flag=-gbtf
	fi
	# -I first: bpf-gcc does not search /usr/include; -idirafter for <asm/...>
	base="$base -O2 -I$libbpf_inc -idirafter $asm_inc -D__TARGET_ARCH_$target_arch"

	set_cap target no "cannot compile for the BPF target"
	try target target.bpf.c $base || {
		set_cap target no "$(first_error target)"
		return 1
	}
	set_cap target yes "compiles BPF"

	# The default C standard against vmlinux.h's own bool/false/true.
	std=
	if try std vmlinux_std.bpf.c $base; then
		set_cap std_default yes "default -std accepts vmlinux.h"
	elif try std vmlinux_std.bpf.c $base -std=gnu17; then
		std=-std=gnu17
		set_cap std_default no "default -std (C23) rejects vmlinux.h's bool; adding -std=gnu17"
	else
		set_cap std_default no "$(first_error std)"
	fi

	mcpu_levels=
	for v in v1 v2 v3 v4; do
		try mcpu_$v target.bpf.c $base -mcpu=$v && mcpu_levels="$mcpu_levels $v"
	done
	mcpu_levels=${mcpu_levels# }
	# v3 (32-bit jumps, ALU32) loads on every supported kernel; v4 needs 6.6.
	case " $mcpu_levels " in
	*" v3 "*) mcpu=-mcpu=v3 ;;
	*" v2 "*) mcpu=-mcpu=v2 ;;
	*) mcpu= ;;
	esac
	if [ -n "$mcpu_levels" ]; then
		set_cap mcpu yes "accepts $mcpu_levels; using ${mcpu:-the default}"
	else
		set_cap mcpu no "accepts no -mcpu level"
	fi
	case " $mcpu_levels " in *" v4 "*) set_cap mcpu_v4 yes "-mcpu=v4 accepted" ;;
	*) set_cap mcpu_v4 no "-mcpu=v4 rejected" ;; esac

	cflags="$base $std $mcpu"

	if try btf target.bpf.c $cflags $btf_flag && has_section "$work/btf.o" .BTF; then
		set_cap btf yes "$btf_flag emits .BTF"
	else
		set_cap btf no "$btf_flag emits no .BTF"
	fi

	link=no
	if [ "$(cap btf)" = yes ]; then
		# libbpf parses BTF-defined maps from .BTF even when the kernel
		# refuses that BTF (gcc-bpf 12), so keep BTF whenever it is emitted.
		cflags="$cflags $btf_flag"
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
		set_cap helpers yes "libbpf helper calls compile"
	else
		set_cap helpers no "$(first_error helpers)"
	fi

	# gcc-bpf 12 may "compile" an atomic into a call to an undefined
	# __sync_* function, so look at the object, not only the exit code.
	if ! try atomics atomics.bpf.c $cflags; then
		set_cap atomics no "$(first_error atomics)"
	elif undefined_calls "$work/atomics.o" | grep -q .; then
		set_cap atomics no "compiled into a call to $(undefined_calls "$work/atomics.o" | head -n 1), which BPF cannot make"
	else
		set_cap atomics yes "__sync_fetch_and_add is a BPF atomic instruction"
	fi

	core_flag=
	[ $cc_kind = gcc ] && core_flag=-mco-re
	if [ $link = no ]; then
		set_cap core no "needs BTF that bpftool can link"
	elif ! try core core.bpf.c $cflags $core_flag; then
		set_cap core no "$(first_error core)"
	elif [ "$(core_relo_bytes "$work/core.o")" -eq 0 ]; then
		set_cap core no "no CO-RE relocation in .BTF.ext"
	else
		set_cap core yes "CO-RE relocations in .BTF.ext"
	fi
	[ "$(cap core)" = yes ] && cflags="$cflags $core_flag"

	if ! try core_field_exists core_field_exists.bpf.c $cflags $core_flag; then
		set_cap core_field_exists no "$(first_error core_field_exists)"
	elif [ "$(core_relo_bytes "$work/core_field_exists.o")" -eq 0 ]; then
		set_cap core_field_exists no "bpf_core_field_exists compiles to a constant, with no CO-RE relocation"
	else
		set_cap core_field_exists yes "bpf_core_field_exists emits a CO-RE relocation"
	fi

	# GCC ignores clang's attribute pragma in vmlinux.h; its CO-RE then comes
	# from BPF_CORE_READ / __builtin_preserve_access_index.
	if [ $cc_kind = gcc ] && [ "$(cap core_pragma)" != yes ]; then
		cflags="$cflags -DBPF_NO_PRESERVE_ACCESS_INDEX"
	fi

	probe_pch

	probe_gcc16_features

	# Two compiles of the same source must give the same bytes; gcc-bpf 12
	# orders its BTF strings by address, so address randomisation shows.
	if try again1 deterministic.bpf.c $cflags && try again2 deterministic.bpf.c $cflags &&
	   try again3 deterministic.bpf.c $cflags &&
	   cmp -s "$work/again1.o" "$work/again2.o" && cmp -s "$work/again1.o" "$work/again3.o"; then
		set_cap deterministic yes "two compiles give identical objects"
	else
		set_cap deterministic no "two compiles of one source differ: rebuilds are not reproducible"
	fi
	[ "$(cap deterministic)" = no ] || [ -z "$vmlinux_btf" ] || probe_path_lengths
	# Accepted is not enough: gcc-bpf 12 still writes the absolute source
	# path into its BTF, so look for the mapped directory in the object.
	if ! try prefix_map target.bpf.c $cflags "-ffile-prefix-map=$probes=."; then
		set_cap prefix_map_flag no "-ffile-prefix-map rejected"
		set_cap prefix_map no "-ffile-prefix-map rejected: reproducibility across build paths is not guaranteed"
	elif grep -qF "$probes" "$work/prefix_map.o"; then
		set_cap prefix_map_flag yes "-ffile-prefix-map accepted"
		set_cap prefix_map no "the object still holds the absolute source path despite -ffile-prefix-map: reproducibility across build paths is not guaranteed"
	else
		set_cap prefix_map_flag yes "-ffile-prefix-map accepted"
		set_cap prefix_map yes "-ffile-prefix-map removes the build paths"
	fi
	return 0
}

# vmlinux_h: $work/inc/vmlinux.h from BTF FILE, once per probe run.
vmlinux_h() {
	[ -s "$work/inc/vmlinux.h" ] && return 0
	mkdir -p "$work/inc"
	"$bpftool" btf dump file "$1" format c >"$work/inc/vmlinux.h" 2>"$work/vmlinux.log"
}

# probe_path_lengths: the real CO-RE program, compiled as bpfbuild-cc does
# (from its directory, mapped to "."), in two trees whose paths differ in
# length only, must give the same final object.
probe_path_lengths() {
	if ! vmlinux_h "$vmlinux_btf"; then
		set_cap deterministic no "not checked: cannot make a vmlinux.h from $vmlinux_btf"
		return
	fi
	long=$work/tree-with-a-much-longer-path-than-the-first/and/deeper/still
	longer=$long/and-longer-again/by-another-forty-characters/or-so
	for d in "$work/t" "$long" "$longer"; do
		mkdir -p "$d"
		cp "$probes/pch_core.bpf.c" "$d/probe.bpf.c"
		(cd "$d" && "$cc" $cflags $core_flag -I"$work/inc" "-ffile-prefix-map=$d=." \
			-c "$d/probe.bpf.c" -o "$d/probe.o") >"$d/log" 2>&1 || {
			set_cap deterministic no "not checked: the CO-RE probe program does not compile"
			return
		}
	done
	if ! same_final_object "$work/t/probe.o" "$long/probe.o" ||
	   ! same_final_object "$work/t/probe.o" "$longer/probe.o"; then
		set_cap deterministic no "a CO-RE object's BTF changes with the length of the build paths: identical only from equally long paths"
	fi
}

# probe_pch: a precompiled vmlinux.h, if it leaves the final object byte for
# byte alone.  clang takes it with -include-pch.  (gcc finds NAME.gch
# before NAME in an include dir, but refuses it with BTF.)
probe_pch() {
	pch=
	if [ -z "$pch_btf" ]; then
		set_cap pch no "not checked: the precompiled vmlinux.h is opt-in (bpf-pch=true, --enable-bpf-pch)"
		return
	fi
	if ! vmlinux_h "$pch_btf"; then
		set_cap pch no "cannot make a vmlinux.h from $pch_btf"
		return
	fi
	if [ $cc_kind = clang ]; then
		pch_out=$work/vmlinux.h.pch pch_use="-include-pch $work/vmlinux.h.pch"
	else
		mkdir -p "$work/gch"
		pch_out=$work/gch/vmlinux.h.gch pch_use="-I$work/gch -H"
	fi
	if ! "$cc" $cflags -x c-header "$work/inc/vmlinux.h" -o "$pch_out" >"$work/pchgen.log" 2>&1; then
		set_cap pch no "cannot precompile vmlinux.h: $(grep -m1 -E 'error' "$work/pchgen.log" | cut -c1-120)"
	elif ! try nopch pch_core.bpf.c $cflags $core_flag -I"$work/inc"; then
		set_cap pch no "the CO-RE probe program does not compile: $(first_error nopch)"
	elif ! try withpch pch_core.bpf.c $cflags $core_flag $pch_use -I"$work/inc"; then
		set_cap pch no "compiling with the precompiled vmlinux.h fails: $(first_error withpch)"
	elif [ $cc_kind = gcc ] && ! grep -q '^! ' "$work/withpch.log"; then
		set_cap pch no "gcc does not use the .gch: $(cat "$work/pchgen.log" "$work/withpch.log" | grep -m1 -i warning | sed "s/^[^ ]*: warning: //" | cut -c1-100)"
	elif ! same_final_object "$work/nopch.o" "$work/withpch.o"; then
		set_cap pch no "the object differs with the precompiled vmlinux.h (BTF types in another order)"
	else
		pch=$cc_kind
		set_cap pch yes "a precompiled vmlinux.h gives a byte-identical CO-RE object"
	fi
}

# The features GCC 16 brought: each checked in the object, not by version.
probe_gcc16_features() {
	if ! try tags tags.bpf.c $cflags; then
		set_cap btf_tags no "$(first_error tags)"
	elif "$bpftool" btf dump file "$work/tags.o" 2>/dev/null | grep -q ' TYPE_TAG ' &&
	     "$bpftool" btf dump file "$work/tags.o" 2>/dev/null | grep -q ' DECL_TAG '; then
		set_cap btf_tags yes "BTF has TYPE_TAG and DECL_TAG"
	else
		set_cap btf_tags no "the attributes compile, but BTF has no TYPE_TAG/DECL_TAG"
	fi

	if ! try pragma pragma.bpf.c $cflags $core_flag; then
		set_cap core_pragma no "$(first_error pragma)"
	elif [ "$(core_relo_bytes "$work/pragma.o")" -gt 0 ]; then
		set_cap core_pragma yes "#pragma clang attribute preserve_access_index gives CO-RE relocations"
	else
		set_cap core_pragma no "#pragma clang attribute is ignored: no CO-RE relocation"
	fi

	if ! try line_info line_info.bpf.c $cflags; then
		set_cap line_info no "$(first_error line_info)"
	else
		nf=$(btf_ext_records "$work/line_info.o" func) nl=$(btf_ext_records "$work/line_info.o" line)
		if [ "$nf" -ge 2 ] && [ "$nl" -ge 2 ]; then
			set_cap line_info yes "func_info for $nf functions, $nl line_info records"
		else
			set_cap line_info no "func_info for $nf of 2 functions, $nl line_info records"
		fi
	fi

	if ! try memset memset.bpf.c $cflags; then
		set_cap memset_inline no "$(first_error memset)"
	elif undefined_calls "$work/memset.o" | grep -q .; then
		set_cap memset_inline no "compiled into a call to $(undefined_calls "$work/memset.o" | tr '\n' ' ')"
	else
		set_cap memset_inline yes "memset and memmove are inlined"
	fi

	if ! try bitfield bitfield.bpf.c $cflags $core_flag; then
		set_cap core_bitfield no "$(first_error bitfield)"
	elif grep -qi 'warning' "$work/bitfield.log"; then
		set_cap core_bitfield no "a warning: $(grep -m1 -i warning "$work/bitfield.log" | sed 's/.*warning: //' | cut -c1-100)"
	elif [ "$(core_relo_bytes "$work/bitfield.o")" -gt 0 ]; then
		set_cap core_bitfield yes "a CO-RE relocation for the bitfield"
	else
		set_cap core_bitfield no "neither a relocation nor a warning"
	fi

	# Whether the running kernel takes this BTF is a fact about the build
	# host, so it is only reported, never used to decide anything.
	set_cap btf_kernel no "not checked: needs root to load BTF"
	if [ "$(cap btf)" = yes ] && [ "$(id -u)" = 0 ] && mkdir -p "$work/bpffs" &&
	   mount -t bpf bpf "$work/bpffs" 2>/dev/null; then
		obj=$work/btf.o
		[ "$link" = yes ] && obj=$work/btf.linked.o
		"$bpftool" -d prog loadall "$obj" "$work/bpffs/p" >"$work/btfload.log" 2>&1
		loaded=$?
		umount "$work/bpffs"
		if grep -q 'Error loading .BTF into kernel' "$work/btfload.log"; then
			set_cap btf_kernel no "the running kernel rejects it: $(grep -m1 -oE '(Unsupported|Invalid|invalid)[^.]*' "$work/btfload.log" | cut -c1-80)"
		elif [ $loaded -eq 0 ]; then
			set_cap btf_kernel yes "the running kernel loads it"
		else
			set_cap btf_kernel no "not checked: the probe program did not load ($(tail -n 1 "$work/btfload.log" | cut -c1-80))"
		fi
	fi
}

set_cap() {
	eval "cap_$1=\$2 why_$1=\$3"
	case " $caps " in *" $1 "*) ;; *) caps="$caps $1" ;; esac
}
cap() { eval "echo \${cap_$1:-no}"; }
