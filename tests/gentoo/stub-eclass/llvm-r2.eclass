# Test stand-in for ::gentoo's llvm-r2.eclass (see ../pm-stubs.sh).
# NOT the real eclass: it reproduces only what bpfbuild.eclass relies on,
# with the same observable results: IUSE (+llvm_slot_<newest stable>),
# LLVM_REQUIRED_USE (^^ over the slots), REQUIRED_USE unless LLVM_OPTIONAL,
# llvm_gen_dep (the template once per slot, inside llvm_slot_N? ( ... ),
# with ${LLVM_SLOT} substituted), get_llvm_prefix [-b|-d] and an
# llvm-r2_pkg_setup that, like the real one's llvm_cbuild_setup, rewrites
# CC and PATH where the slot is installed in BROOT.  LLVM_SLOT itself
# comes from USE_EXPAND (pm_use in pm-stubs.sh).  There is no llvm-r1
# stand-in: ::gentoo replaced it with llvm-r2, and inheriting it dies here.

# shellcheck shell=bash
# shellcheck disable=SC2034 # metadata and output variables are read by others

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_LLVM_R2_ECLASS} ]]; then
_LLVM_R2_ECLASS=1

# The window of ::gentoo's llvm-r2.eclass as stored for this work
# (gentoo/gentoo commit 011d7e1d2c38, "Copyright 2024-2026"): slots older
# than the oldest are dropped, newer than the newest stable are not
# defaults.  tests/gentoo/llvm-r2.t checks the ebuilds against it.
_LLVM_OLDEST_SLOT=15
_LLVM_NEWEST_STABLE=21

_stub_llvm_set_globals() {
	[[ ${LLVM_COMPAT@a} == *a* ]] ||
		die "LLVM_COMPAT must be set to an array before inheriting ${ECLASS}"

	local s stable=() testing=()
	for s in "${LLVM_COMPAT[@]}"; do
		if (( s > _LLVM_NEWEST_STABLE )); then
			testing+=( "${s}" )
		elif (( s >= _LLVM_OLDEST_SLOT )); then
			stable+=( "${s}" )
		fi
	done
	_LLVM_SLOTS=( "${stable[@]}" "${testing[@]}" )
	(( ${#_LLVM_SLOTS[@]} )) ||
		die "LLVM_COMPAT does not contain any valid versions (all older than ${_LLVM_OLDEST_SLOT}?)"

	local def
	if (( ${#stable[@]} )); then def=${stable[-1]}; else def=${testing[0]}; fi
	IUSE="+llvm_slot_${def}"
	for s in "${_LLVM_SLOTS[@]}"; do
		[[ ${s} == "${def}" ]] || IUSE+=" llvm_slot_${s}"
	done

	local flags=( "${_LLVM_SLOTS[@]/#/llvm_slot_}" )
	LLVM_REQUIRED_USE="^^ ( ${flags[*]} )"
	LLVM_USEDEP=$(IFS=,; echo "${flags[*]/%/(-)?}")
	[[ ${LLVM_OPTIONAL} ]] || REQUIRED_USE=${LLVM_REQUIRED_USE}
}
_stub_llvm_set_globals
unset -f _stub_llvm_set_globals

llvm_gen_dep() {
	[[ ${#} -ne 1 ]] && die "Usage: ${FUNCNAME[0]} <dependency>"
	local slot
	for slot in "${_LLVM_SLOTS[@]}"; do
		echo "llvm_slot_${slot}? ( ${1//\$\{LLVM_SLOT\}/${slot}} )"
	done
}

get_llvm_prefix() {
	[[ ${#} -gt 1 ]] && die "Usage: ${FUNCNAME[0]} [-b|-d]"
	local prefix
	case ${1--d} in
		-d) prefix=${ESYSROOT} ;;
		-b) prefix=${BROOT} ;;
		*) die "${FUNCNAME[0]}: invalid option: ${1}" ;;
	esac
	echo "${prefix}/usr/lib/llvm/${LLVM_SLOT}"
}

# The real one (llvm_cbuild_setup, where the slot is in BROOT) points
# CC/CXX/AR... at the slot's clang/llvm tools and prepends the slot's bin
# to PATH; the stand-in does the observable part so that a test notices if
# bpfbuild ever calls it.
llvm-r2_pkg_setup() {
	[[ ${MERGE_TYPE} == binary ]] && return
	[[ -z ${LLVM_SLOT} ]] && die "LLVM_SLOT unset (broken USE_EXPAND?)"
	local bin
	bin=$(get_llvm_prefix -b)/bin
	[[ -d ${bin} ]] && export CC=clang AR=llvm-ar PATH=${bin}:${PATH}
}

fi

if [[ ! ${LLVM_OPTIONAL} ]]; then
	EXPORT_FUNCTIONS pkg_setup
fi
