#!/bin/sh
# Sourced by bpfbuild-probe; executable only so that it installs like its siblings.
# bpfbuild-probe-gcc16.sh: the probes of what GCC 16 brought to BPF (BTF
# tags, the CO-RE pragma, line info, inlined memset, CO-RE bit-fields) and
# whether the running kernel takes the compiler's BTF.
# Variables flow to and from bpfbuild-probe-cc.sh (set_cap's eval, try's
# objects, obj_info, kernel_load); flags are split into words on purpose.
# shellcheck disable=SC2034,SC2154,SC2046,SC2086

# The features GCC 16 brought: each checked in the object, not by version.
probe_gcc16_features() {
	if ! try tags tags.bpf.c $cflags; then
		set_cap btf_tags no "$(first_error tags)"
	else
		kinds=" $(obj_info "$work/tags.o" btf_kinds) "
		case $kinds in *" TYPE_TAG "*) ;; *) kinds='' ;; esac
		case $kinds in
		*" DECL_TAG "*) set_cap btf_tags yes "BTF has TYPE_TAG and DECL_TAG" ;;
		*) set_cap btf_tags no "the attributes compile, but BTF has no TYPE_TAG/DECL_TAG" ;;
		esac
	fi

	if ! try pragma pragma.bpf.c $cflags; then
		set_cap core_pragma no "$(first_error pragma)"
	elif [ "$(core_relo_bytes "$work/pragma.o")" -gt 0 ]; then
		set_cap core_pragma yes "#pragma clang attribute preserve_access_index gives CO-RE relocations"
	else
		set_cap core_pragma no "#pragma clang attribute is ignored: no CO-RE relocation for direct field accesses"
	fi
	# Where the pragma is ignored, the attribute on each record instead.
	[ "$(cap core_pragma)" = yes ] || probe_core_reloc core_records core_records.bpf.c \
		"__attribute__((preserve_access_index)) on a record gives CO-RE relocations"

	if ! try line_info line_info.bpf.c $cflags; then
		set_cap line_info no "$(first_error line_info)"
	else
		nf=$(obj_num "$work/line_info.o" func_info) nl=$(obj_num "$work/line_info.o" line_info)
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

	if ! try bitfield bitfield.bpf.c $cflags; then
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
	if [ "$(cap btf)" = yes ]; then
		obj=$work/btf.o
		[ "$link" = yes ] && obj=$work/btf.linked.o
		kernel_load "$obj"
		if [ $load = unasked ]; then
			:
		elif grep -q 'Error loading .BTF into kernel' "$work/load.log"; then
			set_cap btf_kernel no "the running kernel rejects it: $(grep -m1 -oE '(Unsupported|Invalid|invalid)[^.]*' "$work/load.log" | cut -c1-80)"
		elif [ $load = loaded ]; then
			set_cap btf_kernel yes "the running kernel loads it"
		else
			set_cap btf_kernel no "not checked: the probe program did not load ($(tail -n 1 "$work/load.log" | cut -c1-80))"
		fi
	fi
}
