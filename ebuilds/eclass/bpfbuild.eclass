# Copyright 2026 Gentoo Authors
# Distributed under the terms of the GNU General Public License v2

# shellcheck shell=bash
# shellcheck disable=SC2034 # IUSE, *DEPEND, REQUIRED_USE and LLVM_OPTIONAL
# are read by the package manager or by llvm-r2, not here.

# @ECLASS: bpfbuild.eclass
# @MAINTAINER:
# The bpfbuild project <https://github.com/bpfbuild/bpfbuild/issues>
# @AUTHOR:
# The bpfbuild project <https://github.com/bpfbuild/bpfbuild/issues>
# @SUPPORTED_EAPIS: 8
# @PROVIDES: llvm-r2 bpfbuild-utils
# @BLURB: Build BPF programs from C with gcc-bpf or clang (bpfbuild)
# @DESCRIPTION:
# Support for packages that compile BPF programs (*.bpf.c) with the
# bpfbuild Meson module or autoconf macros.  The eclass:
#
# - adds the USE flags "clang" (build the BPF programs with clang;
#   otherwise with gcc-bpf from sys-devel/bpf-toolchain) and, with
#   BPFBUILD_OPTIONAL_IUSE, a flag (normally "bpf") that makes the BPF
#   parts optional;
#
# - generates BDEPEND, DEPEND and REQUIRED_USE for them (clang through
#   llvm-r2's llvm_gen_dep, so LLVM_COMPAT must be set);
#
# - exports BPF_CC in pkg_setup without touching the host toolchain
#   (CC, AR, PATH...), and passes the user's BPF_CFLAGS through.  CFLAGS
#   never reach the BPF compiler: they describe the host CPU and ABI;
#
# - prints the configure arguments matching the USE flags
#   (bpfbuild_meson_args, bpfbuild_econf_args), installs BPF objects
#   unstripped and exempt from the executable-stack QA check
#   (bpfbuild_doobj, bpfbuild_newobj), warns about programs the build
#   skipped (bpfbuild_report_skipped): these come from bpfbuild-utils;
#   and runs tests that may skip kernel verification (bpfbuild_src_test).
#
# vmlinux.h: Gentoo packages no distribution vmlinux.h (Debian's
# linux-bpf-dev, which the toolkit's "auto" prefers, has no Gentoo
# counterpart), so the eclass leaves the choice to the ebuild, and the
# example ebuilds take VMLINUX_H (from make.conf or package.env) or else
# generate the header from the build host's /sys/kernel/btf/vmlinux: a
# Gentoo system builds for the kernel it runs, and CO-RE relocates the
# objects for another.  A binary package host whose clients run other
# kernels sets VMLINUX_H, so that its packages do not follow its own.
#
# The eclass sets LLVM_OPTIONAL=1 before inheriting llvm-r2, so that
# llvm-r2 neither adds unconditional REQUIRED_USE nor exports its
# pkg_setup, which would point the host CC at clang.  An ebuild that
# also needs LLVM for its own (host) code calls llvm-r2_pkg_setup from
# its pkg_setup, under the matching USE condition.
#
# @EXAMPLE:
# A systemd-style Meson package with optional BPF programs:
#
# @CODE
# EAPI=8
#
# LLVM_COMPAT=( {15..21} )
# BPFBUILD_OPTIONAL_IUSE="+bpf"
# inherit bpfbuild meson
#
# src_configure() {
# 	local emesonargs
# 	mapfile -t emesonargs < <(bpfbuild_meson_args)
# 	emesonargs+=( -Dfoo=bar )
# 	meson_src_configure
# }
#
# src_install() {
# 	meson_src_install
# 	if use bpf; then
# 		bpfbuild_doobj "${BUILD_DIR}"/src/bpf/*.bpf.o
# 	fi
# }
# @CODE

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_BPFBUILD_ECLASS} ]]; then
_BPFBUILD_ECLASS=1

# @ECLASS_VARIABLE: BPFBUILD_OPTIONAL_IUSE
# @PRE_INHERIT
# @DEFAULT_UNSET
# @DESCRIPTION:
# A single USE flag, optionally prefixed with "+" to enable it by
# default, that makes the BPF parts optional.  The typical value is
# "bpf" or "+bpf".  The flag is added to IUSE, the eclass dependencies
# and REQUIRED_USE are made conditional on it, bpfbuild_pkg_setup does
# nothing without it, and bpfbuild_meson_args/bpfbuild_econf_args
# disable the BPF framework without it.
#
# If unset, the BPF programs are the package's purpose: no flag is
# added and the BPF parts are always built.

# @ECLASS_VARIABLE: BPFBUILD_DEFAULT_COMPILER
# @PRE_INHERIT
# @DESCRIPTION:
# The BPF compiler enabled by default: "gcc" (IUSE="clang", gcc-bpf
# from sys-devel/bpf-toolchain, the compiler Gentoo's systemd uses)
# or "clang" (IUSE="+clang", as dev-util/bpftool does).  The user still
# chooses with USE=clang.
: "${BPFBUILD_DEFAULT_COMPILER:=gcc}"

# @ECLASS_VARIABLE: BPF_CC
# @OUTPUT_VARIABLE
# @DESCRIPTION:
# The absolute path of the BPF compiler chosen by bpfbuild_pkg_setup,
# exported so that the build system uses the compiler USE=clang selected
# (for the autoconf macros it is a precious variable).

# @ECLASS_VARIABLE: BPF_CFLAGS
# @USER_VARIABLE
# @DEFAULT_UNSET
# @DESCRIPTION:
# Extra flags for the BPF compiler only, e.g. set in make.conf or
# package.env.  Exported unchanged by bpfbuild_pkg_setup.  CFLAGS are
# never copied here: -march, -fstack-protector and friends describe the
# host and break or bloat BPF code.

# @ECLASS_VARIABLE: BPF_VALIDATE_KERNELS
# @USER_VARIABLE
# @DEFAULT_UNSET
# @DESCRIPTION:
# Kernels in whose QEMU VMs the tests verify the BPF programs that the
# build host's kernel refuses (LSM, fentry) or cannot verify (no
# privilege): comma-separated bzImages, or names in bpf-vm-kernels'
# cache (e.g. "6.1.0-57-cloud-amd64", fetched with "bpf-vm-kernels
# matrix").  Set it in make.conf or package.env; meson test and make
# check of bpfbuild packages read it, and no eclass code is involved.

# llvm-r2 must not change the host toolchain or force LLVM_REQUIRED_USE
# unconditionally: clang is only the BPF compiler, and only with USE=clang.
LLVM_OPTIONAL=1
inherit llvm-r2 bpfbuild-utils

# @FUNCTION: _bpfbuild_set_globals
# @INTERNAL
# @DESCRIPTION:
# Validate the pre-inherit variables and set IUSE, BDEPEND, DEPEND and
# REQUIRED_USE.
_bpfbuild_set_globals() {
	local flag=${BPFBUILD_OPTIONAL_IUSE#+}
	if [[ ${BPFBUILD_OPTIONAL_IUSE} && ! ${flag} =~ ^[A-Za-z0-9][A-Za-z0-9+_@-]*$ ]]; then
		die "${ECLASS}: BPFBUILD_OPTIONAL_IUSE='${BPFBUILD_OPTIONAL_IUSE}' is not a single USE flag (e.g. bpf or +bpf)"
	fi

	local clang_iuse
	case ${BPFBUILD_DEFAULT_COMPILER} in
		gcc) clang_iuse=clang ;;
		clang) clang_iuse=+clang ;;
		*) die "${ECLASS}: BPFBUILD_DEFAULT_COMPILER='${BPFBUILD_DEFAULT_COMPILER}' must be gcc or clang" ;;
	esac

	# Everything that runs on the build machine goes to BDEPEND: the BPF
	# compiler (get_llvm_prefix -b / ${BROOT}), bpftool, which links
	# objects ("gen object") and writes skeletons ("gen skeleton"), and
	# pkg-config, through which both build systems find libbpf's includedir
	# (gcc-bpf does not search /usr/include).
	local bdep
	# shellcheck disable=SC2016 # llvm_gen_dep substitutes ${LLVM_SLOT} per slot
	bdep="
		dev-util/bpftool
		virtual/pkgconfig
		clang? (
			$(llvm_gen_dep 'llvm-core/clang:${LLVM_SLOT}[llvm_targets_BPF]')
		)
		!clang? ( sys-devel/bpf-toolchain )
	"
	# libbpf's headers (bpf_helpers.h, bpf_core_read.h...) are compiled
	# into the objects, which run on the target's kernel: they must come
	# from the target's ${ESYSROOT}, i.e. DEPEND.  Linking host loaders
	# against libbpf is the package's business (RDEPEND with :=).
	local dep="dev-libs/libbpf"
	# clang without the BPF parts would be a no-op flag: ignore it there
	# rather than force users to flip two flags.
	local req="clang? ( ${LLVM_REQUIRED_USE} )"

	if [[ ${flag} ]]; then
		bdep="${flag}? ( ${bdep} )"
		dep="${flag}? ( ${dep} )"
		req="${flag}? ( ${req} )"
	fi

	IUSE="${BPFBUILD_OPTIONAL_IUSE}${BPFBUILD_OPTIONAL_IUSE:+ }${clang_iuse}"
	BDEPEND=${bdep}
	DEPEND=${dep}
	REQUIRED_USE=${req}
}
_bpfbuild_set_globals
unset -f _bpfbuild_set_globals

# @FUNCTION: _bpfbuild_enabled
# @INTERNAL
# @DESCRIPTION:
# Return 0 when the BPF parts are built (BPFBUILD_OPTIONAL_IUSE unset or
# its flag enabled).
_bpfbuild_enabled() {
	[[ -z ${BPFBUILD_OPTIONAL_IUSE} ]] || use "${BPFBUILD_OPTIONAL_IUSE#+}"
}

# @FUNCTION: bpfbuild_pkg_setup
# @DESCRIPTION:
# Find the BPF compiler for USE=clang and export it as BPF_CC:
# $(get_llvm_prefix -b)/bin/clang of the selected LLVM slot, or
# bpf-unknown-none-gcc from ${BROOT}/usr/lib/bpf-toolchain/bin (falling
# back to PATH, e.g. for a crossdev toolchain).  Export BPF_CFLAGS
# unchanged if set.  The host CC, AR, PATH etc. are left alone: that is
# why llvm-r2_pkg_setup (its llvm_cbuild_setup) is not called.
#
# Does nothing for binary packages and when the BPF parts are disabled.
bpfbuild_pkg_setup() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${MERGE_TYPE} == binary ]] && return
	_bpfbuild_enabled || return 0

	local cc
	if use clang; then
		[[ -z ${LLVM_SLOT} ]] && die "LLVM_SLOT unset (broken USE_EXPAND?)"
		cc=$(get_llvm_prefix -b)/bin/clang
		# As for every llvm-r2 consumer, the slot is the llvm_slot_*
		# flag's, never a guess from what is installed: BDEPEND pulls in
		# that slot's clang, and another one would be a compiler the
		# dependencies do not name (automagic).  llvm-r2 enables the newest
		# stable slot by default, which a stable system may not have yet;
		# the fix is the user's package.use, so name the slots present.
		if [[ ! -x ${cc} ]]; then
			local have=() d
			for d in "${BROOT}"/usr/lib/llvm/*/bin/clang; do
				[[ -x ${d} ]] || continue
				d=${d%/bin/clang}
				has "${d##*/}" "${LLVM_COMPAT[@]}" && have+=( "${d##*/}" )
			done
			local hint=
			[[ ${#have[@]} -gt 0 ]] &&
				hint=" Installed slots in LLVM_COMPAT: ${have[*]}; to use one, set \"${CATEGORY}/${PN} llvm_slot_${have[-1]} -llvm_slot_${LLVM_SLOT}\" in package.use."
			die "${FUNCNAME[0]}: ${cc} not found; is llvm-core/clang:${LLVM_SLOT} installed?${hint}"
		fi
	else
		cc=${BROOT}/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc
		if [[ ! -x ${cc} ]]; then
			cc=$(type -P bpf-unknown-none-gcc) ||
				die "${FUNCNAME[0]}: bpf-unknown-none-gcc not found in ${BROOT}/usr/lib/bpf-toolchain/bin or PATH; emerge sys-devel/bpf-toolchain or set USE=clang"
		fi
	fi

	# USE=clang decides, so that the compiler matches the dependencies.
	if [[ -n ${BPF_CC} && ${BPF_CC} != "${cc}" ]]; then
		ewarn "Ignoring BPF_CC=${BPF_CC} from the environment: USE=$(usex clang clang -clang) selects ${cc}"
	fi
	export BPF_CC=${cc}
	einfo "BPF compiler: ${BPF_CC}"

	if [[ -n ${BPF_CFLAGS+set} ]]; then
		export BPF_CFLAGS
		einfo "BPF_CFLAGS: ${BPF_CFLAGS}"
	fi
}

# @FUNCTION: bpfbuild_meson_args
# @USAGE:
# @DESCRIPTION:
# Print the bpfbuild Meson options for the USE flags, one per line:
# @CODE
# -Dbpfbuild:bpf-framework=enabled|disabled
# -Dbpfbuild:bpf-compiler=clang|gcc
# @CODE
# spelled as a subproject's options are, or -Dbpf-framework=... where the
# package's own meson.options (or meson_options.txt) in ${S} declares the
# option, as systemd does: bpfbuild's options yield to it, and Meson
# stops at an unknown top-level option.  The compiler is given even with
# the BPF parts disabled, so that the option never falls back to "auto"
# (automagic).  No argument contains whitespace, so both "mapfile -t arr
# < <(bpfbuild_meson_args)" and an unquoted $(bpfbuild_meson_args) work.
bpfbuild_meson_args() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${#} -eq 0 ]] || die "Usage: ${FUNCNAME[0]}"
	local fw=disabled
	_bpfbuild_enabled && fw=enabled
	local -A value=( [bpf-framework]=${fw} [bpf-compiler]=$(usex clang clang gcc) )
	local opts=${S}/meson.options name d
	[[ -f ${opts} ]] || opts=${S}/meson_options.txt
	for name in bpf-framework bpf-compiler; do
		d=-Dbpfbuild:
		if [[ -f ${opts} ]] && grep -qE "^[[:space:]]*option[[:space:]]*\\([[:space:]]*'${name}'" "${opts}"; then
			d=-D
		fi
		echo "${d}${name}=${value[${name}]}"
	done
}

# @FUNCTION: bpfbuild_econf_args
# @USAGE:
# @DESCRIPTION:
# Print the configure options of the bpfbuild autoconf macros (AX_BPF)
# for the USE flags, one per line:
# @CODE
# --enable-bpf=yes|no
# --with-bpf-compiler=clang|gcc
# @CODE
# BPF_CC and BPF_CFLAGS reach configure as precious variables through
# the environment (bpfbuild_pkg_setup exports them).
bpfbuild_econf_args() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${#} -eq 0 ]] || die "Usage: ${FUNCNAME[0]}"
	if _bpfbuild_enabled; then
		echo "--enable-bpf=yes"
	else
		echo "--enable-bpf=no"
	fi
	echo "--with-bpf-compiler=$(usex clang clang gcc)"
}

# @FUNCTION: bpfbuild_src_test
# @USAGE: <command> [<arg>...]
# @DESCRIPTION:
# Run a test command (e.g. bpf-validate on the built objects) and treat
# its exit status the way the bpfbuild test suites do: 0 passes, 77
# means the kernel could not verify the objects here (portage's
# userpriv and sandbox take away the privileges the verifier needs), so
# warn and carry on; anything else dies.  bpf-validate still runs and
# prints its static checks before exiting 77.  With CI=true in the
# environment bpf-validate turns 77 into a failure, as upstream's CI
# wants.
#
# The command runs whatever the USE flags; guard the call yourself when
# it only makes sense with the BPF parts enabled.  meson test and the
# Automake test driver already report 77 as SKIP and succeed.
bpfbuild_src_test() {
	debug-print-function "${FUNCNAME[0]}" "$@"

	[[ ${#} -gt 0 ]] || die "Usage: ${FUNCNAME[0]} <command> [<arg>...]"
	local rc=0
	"${@}" || rc=${?}
	case ${rc} in
		0) ;;
		77)
			ewarn "Kernel verification of the BPF objects was skipped: '${1}' exited with 77."
			ewarn "Loading programs into the verifier needs root (CAP_BPF, CAP_PERFMON or"
			ewarn "CAP_SYS_ADMIN), which portage's userpriv and sandbox deny.  The static"
			ewarn "checks above did run.  To verify against the running kernel, run as root:"
			ewarn "  bpf-validate --require-kernel <installed object>"
			ewarn "or set BPF_VALIDATE_KERNELS to verify them in QEMU VMs instead."
			;;
		*) die "${FUNCNAME[0]}: '${*}' failed with exit status ${rc}" ;;
	esac
}

fi

EXPORT_FUNCTIONS pkg_setup
