# Copyright 2026 Gentoo Authors
# Distributed under the terms of the GNU General Public License v2

# shellcheck shell=bash
# shellcheck disable=SC2034 # QA_* are read by the package manager, not here

# @ECLASS: bpfbuild-utils.eclass
# @MAINTAINER:
# The bpfbuild project <https://github.com/bpfbuild/bpfbuild/issues>
# @AUTHOR:
# The bpfbuild project <https://github.com/bpfbuild/bpfbuild/issues>
# @SUPPORTED_EAPIS: 8
# @BLURB: Install BPF objects and report skipped BPF programs (bpfbuild)
# @DESCRIPTION:
# The install-time helpers of bpfbuild.eclass, which inherits this one:
# BPF objects installed unstripped and exempt from the CFLAGS and
# executable-stack QA checks (bpfbuild_doobj, bpfbuild_newobj), and the
# programs the build skipped reported (bpfbuild_report_skipped).  Inherit
# bpfbuild.eclass, not this one.

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_BPFBUILD_UTILS_ECLASS} ]]; then
_BPFBUILD_UTILS_ECLASS=1

# @ECLASS_VARIABLE: BPFBUILD_OBJDIR
# @DEFAULT_UNSET
# @DESCRIPTION:
# The directory (relative to ${ED}) into which bpfbuild_doobj and
# bpfbuild_newobj install BPF objects.  Defaults to /usr/lib/bpf/${PN}
# when unset.  May be set anywhere before those functions are called.

# @FUNCTION: _bpfbuild_check_obj
# @INTERNAL
# @USAGE: <file>
# @DESCRIPTION:
# Die unless <file> is an ELF object for the BPF machine (EM_BPF, 247),
# so that a wrong glob cannot install host objects unstripped.
_bpfbuild_check_obj() {
	local f=${1} hdr
	[[ -f ${f} ]] || die "${FUNCNAME[1]}: ${f}: no such file"
	# e_ident (16 bytes), e_type (2), e_machine (2); BPF is little- or
	# big-endian like its target, so accept either byte order.
	hdr=$(od -An -tx1 -N20 -- "${f}" | tr -d ' \n') || die
	[[ ${hdr:0:8} == 7f454c46 && ( ${hdr:36:4} == f700 || ${hdr:36:4} == 00f7 ) ]] ||
		die "${FUNCNAME[1]}: ${f}: not a BPF ELF object"
}

# @FUNCTION: _bpfbuild_nostrip
# @INTERNAL
# @USAGE: <path>
# @DESCRIPTION:
# Keep portage's strip and its CFLAGS QA check away from an installed
# BPF object.  Stripping would remove the BTF and relocations that
# libbpf needs; the object is built without CFLAGS on purpose.
_bpfbuild_nostrip() {
	dostrip -x "${1}"

	local re=${1#/}
	re=${re//./\\.}
	re=${re//+/\\+}
	# The ebuild may have set QA_FLAGS_IGNORED as an array or a string.
	if [[ ${QA_FLAGS_IGNORED@a} == *a* ]]; then
		QA_FLAGS_IGNORED+=( "${re}" )
	else
		# shellcheck disable=SC2179 # the string form, see the test above
		QA_FLAGS_IGNORED+="${QA_FLAGS_IGNORED:+ }${re}"
	fi

	# Portage's install QA runs "scanelf -qyRAF '%e %p'" over ${ED}: an
	# ELF relocatable without a .note.GNU-stack section counts as asking
	# for an executable stack ("!WX"), hence "QA Notice: The following
	# files contain writable and executable sections".  No BPF compiler
	# emits that note (BPF has no stack to protect: the kernel loads the
	# instructions, never the ELF), and adding one would change the
	# objects that the build validated.  So exempt exactly the installed
	# objects, as ::gentoo's xdp-tools does for its BPF objects.
	# QA_EXECSTACK is a string of fnmatch patterns relative to ${ED}:
	# escape the pattern characters of the path.
	local glob=${1#/}
	glob=${glob//\\/\\\\}
	glob=${glob//\*/\\*}
	glob=${glob//\?/\\?}
	glob=${glob//\[/\\[}
	_bpfbuild_qa_append QA_EXECSTACK "${glob}"
	# QA_EXECSTACK_<arch>, when set, replaces QA_EXECSTACK.
	local arch_var=QA_EXECSTACK_${ARCH/-/_}
	if [[ -n ${ARCH} && -n ${!arch_var} ]]; then
		_bpfbuild_qa_append "${arch_var}" "${glob}"
	fi
}

# @FUNCTION: _bpfbuild_qa_append
# @INTERNAL
# @USAGE: <variable> <pattern>
# @DESCRIPTION:
# Append <pattern> to the QA_* string <variable>.  Portage expands it as
# a string ("${QA_EXECSTACK}"), which would see only the first element
# of an array: an array set by the ebuild is joined first.
_bpfbuild_qa_append() {
	local cur
	if [[ $(declare -p "${1}" 2>/dev/null) == "declare -a"* ]]; then
		local -n _bpfbuild_arr=${1}
		cur="${_bpfbuild_arr[*]}"
		unset "${1}"
	else
		cur=${!1}
	fi
	declare -g "${1}=${cur}${cur:+ }${2}"
}

# @FUNCTION: bpfbuild_doobj
# @USAGE: <file>...
# @DESCRIPTION:
# Install BPF objects into BPFBUILD_OBJDIR (default /usr/lib/bpf/${PN})
# with mode 0644, excluded from stripping (dostrip -x) and from the
# CFLAGS QA check (QA_FLAGS_IGNORED) and from the executable-stack check
# (QA_EXECSTACK).  Dies on anything that is not a BPF ELF object.  The
# first call runs bpfbuild_report_skipped.  Use in src_install.
bpfbuild_doobj() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${#} -gt 0 ]] || die "Usage: ${FUNCNAME[0]} <file>..."
	# shellcheck disable=SC2119 # no logs: the default ones
	[[ ${_BPFBUILD_SKIPS_REPORTED} ]] || bpfbuild_report_skipped
	local f dir=${BPFBUILD_OBJDIR:-/usr/lib/bpf/${PN}}
	for f; do
		_bpfbuild_check_obj "${f}"
	done
	# A subshell keeps the ebuild's own insinto/insopts untouched.
	(
		insopts -m0644
		insinto "${dir}"
		doins "${@}"
	)
	# dostrip records state in this shell: never call it in a subshell.
	for f; do
		_bpfbuild_nostrip "${dir}/${f##*/}"
	done
}

# @FUNCTION: bpfbuild_newobj
# @USAGE: <file> <new name>
# @DESCRIPTION:
# Like bpfbuild_doobj, for one object installed under a new name.
bpfbuild_newobj() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${#} -eq 2 ]] || die "Usage: ${FUNCNAME[0]} <file> <new name>"
	[[ ${2} != */* ]] || die "${FUNCNAME[0]}: ${2}: the new name must not contain /"
	# shellcheck disable=SC2119 # no logs: the default ones
	[[ ${_BPFBUILD_SKIPS_REPORTED} ]] || bpfbuild_report_skipped
	local dir=${BPFBUILD_OBJDIR:-/usr/lib/bpf/${PN}}
	_bpfbuild_check_obj "${1}"
	(
		insopts -m0644
		insinto "${dir}"
		newins "${1}" "${2}"
	)
	_bpfbuild_nostrip "${dir}/${2}"
}

# @ECLASS_VARIABLE: BPFBUILD_REQUIRED_PROGRAMS
# @DEFAULT_UNSET
# @DESCRIPTION:
# BPF programs (names as the build system prints them, e.g. the NAME
# of NAME.bpf.o) that the package cannot do without.  When the build
# skipped one of them (the compiler lacks a feature it needs),
# bpfbuild_report_skipped dies instead of warning.  A string or an
# array; set it before src_install.

# @FUNCTION: bpfbuild_report_skipped
# @USAGE: [<log>...]
# @DESCRIPTION:
# Say which declared BPF programs the build skipped and why, so that a
# package installing fewer programs than it declares does not pass in
# silence (gcc-bpf 12, for one, lacks CO-RE and atomics).  Reads the
# configure logs, by default ${BUILD_DIR}/meson-logs/meson-log.txt and
# config.log in ${BUILD_DIR} and ${S}, for the lines the bpfbuild autoconf
# macros ("skipping BPF program NAME: REASON") and Meson consumers
# (message('skipping [BPF program ]NAME: REASON')) write.  Each skipped
# program gets an ewarn with its reason; one named in
# BPFBUILD_REQUIRED_PROGRAMS makes it die.  bpfbuild_doobj and
# bpfbuild_newobj call it once; call it yourself when the build system
# installs the objects.
# shellcheck disable=SC2120 # the logs are optional; the eclass passes none
bpfbuild_report_skipped() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	_BPFBUILD_SKIPS_REPORTED=1
	local logs=( "${@}" ) f
	if [[ ${#logs[@]} -eq 0 ]]; then
		for f in "${BUILD_DIR}/meson-logs/meson-log.txt" "${BUILD_DIR}/config.log" "${S}/config.log"; do
			[[ -n ${BUILD_DIR} || ${f} == "${S}"/* ]] || continue
			[[ -f ${f} ]] && ! has "${f}" "${logs[@]}" && logs+=( "${f}" )
		done
	fi
	[[ ${#logs[@]} -gt 0 ]] || return 0

	local line name why seen=() required
	read -r -a required <<<"${BPFBUILD_REQUIRED_PROGRAMS[*]}"
	local re='^(Message: |configure:[0-9]+: )skipping (BPF program )?([A-Za-z0-9_.+-]+): (.+)$'
	while IFS= read -r line; do
		[[ ${line} =~ ${re} ]] || continue
		name=${BASH_REMATCH[3]} why=${BASH_REMATCH[4]}
		has "${name}" "${seen[@]}" && continue
		seen+=( "${name}" )
		if has "${name}" "${required[@]}"; then
			die "${FUNCNAME[0]}: required BPF program ${name} was not built: ${why}; $(usex clang "use another llvm_slot_*" "try USE=clang") or a newer compiler"
		fi
		ewarn "BPF program ${name} not built${BPF_CC:+ with ${BPF_CC##*/}}: ${why}"
	done < <(cat -- "${logs[@]}" || die)
	if [[ ${#seen[@]} -gt 0 ]]; then
		ewarn "${#seen[@]} BPF program(s) of ${PN} skipped: ${seen[*]}.  $(usex clang "A newer llvm_slot_*" "USE=clang, or a newer gcc-bpf,") may build them."
	fi
}

fi
