#!/bin/sh
# Sourced by bpfbuild-cc; executable only so that it installs like its siblings.
# bpfbuild-core-records.sh: CO-RE for the direct field accesses of a gcc-bpf
# program.  bpftool's vmlinux.h marks its records for CO-RE with clang's
# "#pragma clang attribute push(preserve_access_index)", which gcc ignores
# (the probe's core_pragma): "p->pid" on a struct task_struct would be
# compiled to the offset of the build's vmlinux.h and read another field on
# every other kernel, with no relocation for libbpf to fix and nothing for
# a verifier to reject.  gcc honours the attribute on a record type (the
# probe's core_records, which decides -DBPFBUILD_CORE_RECORDS), so a source
# whose first #include is vmlinux.h gets the header through a wrapper that
# puts it on every struct and union of the header, and on nothing of the
# program's own: measured with gcc-bpf 16, 5 relocations where clang has 5
# and the plain header 0.
# shellcheck disable=SC2034,SC2154 # core_header; first_inc*, srcroot: bpfbuild-cc's

# core_records_header SRC ARGS...: when SRC's first #include is vmlinux.h,
# sets core_header to the file it reads, as gcc searches: for "vmlinux.h",
# SRC's own directory, then the -iquote directories of ARGS (the compile's
# words, relative ones from the source root); then, for either kind, the
# -I, -isystem and -idirafter ones, each kind in order.  Fails, setting
# nothing, otherwise.
core_records_header() {
	core_header=''
	first_include "$1" && [ "$first_inc" = vmlinux.h ] || return 1
	kinds='-I -isystem -idirafter'
	if [ "$first_inc_quote" = '"' ]; then
		core_header=${1%/*}/vmlinux.h
		[ ! -f "$core_header" ] || return 0
		kinds="-iquote $kinds"
	fi
	shift
	for kind in $kinds; do
		next=no
		for a in "$@"; do
			d=''
			if [ $next = yes ]; then
				d=$a next=no
			elif [ "$a" = "$kind" ]; then
				next=yes
			else
				case $a in "$kind"?*) d=${a#"$kind"} ;; esac
			fi
			[ -n "$d" ] || continue
			case $d in /*) ;; *) d=$srcroot/$d ;; esac
			[ -f "$d/vmlinux.h" ] && core_header=$d/vmlinux.h && return 0
		done
	done
	core_header=''
	return 1
}

# core_records_wrapper FILE: writes FILE, the header bpfbuild-cc makes the
# compile include first (-include FILE): core_header with the attribute on
# its records.  The program's own #include of vmlinux.h then finds the
# header's guard defined and reads nothing; its own types stay as written.
core_records_wrapper() {
	# A C string: a quote or backslash of the path escaped.
	case $core_header in
	*[\"\\]*) cr_path=$(printf '%s\n' "$core_header" | sed 's/[\\"]/\\&/g') ;;
	*) cr_path=$core_header ;;
	esac
	cat >"$1" <<CORE_RECORDS
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wattributes"
#define struct struct __attribute__((preserve_access_index))
#define union union __attribute__((preserve_access_index))
#include "$cr_path"
#undef struct
#undef union
#pragma GCC diagnostic pop
CORE_RECORDS
}

# core_records_deps DEPFILE: the compile's depfile without the wrapper,
# which lives in bpfbuild-cc's scratch directory: a build tool would find
# it gone and build again.  Any path before it, escaped blanks and all.
core_records_deps() {
	sed -E 's#([^ \\]|\\.)*/\.bpfbuild-cc\.[0-9]+\.[^/ ]+/core-records\.h:?##g' "$1" >"$1.tmp" &&
		mv -f "$1.tmp" "$1"
}
