# shellcheck shell=bash
# pm-stubs.sh: a TEST STAND-IN for the package manager.  It is NOT portage.
#
# Portage cannot be installed here, so the Gentoo tests source the
# overlay's eclass and ebuilds under plain bash with this file providing
# the few PMS functions and variables they call, kept minimal and close
# to PMS/portage semantics where the eclass depends on them:
#
#  - inherit: sources <name>.eclass from the overlay (${PM_OVERLAY}/eclass)
#    first, then from stub-eclass/ (stand-ins for ::gentoo's llvm-r2,
#    meson, autotools, git-r3).  Like portage, IUSE, REQUIRED_USE, *DEPEND,
#    PROPERTIES and RESTRICT set by eclasses accumulate (E_*) and are
#    appended to the ebuild's own values after it is sourced.
#  - EXPORT_FUNCTIONS, use (dies outside phases and for flags not in IUSE),
#    usex, has, in_iuse, die (from a subshell it kills the main shell, as
#    portage's does), nonfatal, einfo/ewarn/eerror/elog (to stderr, tagged
#    "ewarn: ..." so tests can grep), debug-print*.
#  - install helpers: insinto, insopts, doins, newins, exeinto, doexe,
#    dodir, dostrip (records -x paths in PM_DOSTRIP_SKIP, install phase
#    only, like portage's dostrip which is a shell function, not a helper).
#  - for the end-to-end phase runs (e2e-*.t): default_src_*, econf, emake (real
#    ./configure and make); stub-eclass/meson.eclass runs the real meson.
#
# Driver functions (prefix pm_): pm_source_ebuild, pm_use, pm_default_use,
# pm_required_use_ok, pm_phase, pm_in_phase, pm_metadata.  Typical use, in a fresh bash
# without set -e/-u (ebuild.sh runs without them too):
#
#   PM_ROOT=$(mktemp -d) PM_OVERLAY=ebuilds bash -c '
#       . tests/gentoo/pm-stubs.sh
#       pm_source_ebuild ebuilds/dev-util/foo/foo-1.ebuild  # global scope
#       pm_use "bpf clang llvm_slot_17"     # USE, and LLVM_SLOT (USE_EXPAND)
#       pm_phase setup                      # pkg_setup, in its phase
#       pm_metadata BDEPEND'                # final value, whitespace-normalised
#
# Environment: PM_ROOT (required, a scratch dir: work/, temp/, image/),
# PM_OVERLAY (required), BROOT/ESYSROOT/EPREFIX (default empty),
# MERGE_TYPE (default source).

: "${PM_ROOT:?PM_ROOT must name a scratch directory}"
: "${PM_OVERLAY:?PM_OVERLAY must name the overlay}"
PM_STUBDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/stub-eclass
PM_ECLASSDIRS=( "${PM_OVERLAY}/eclass" "${PM_STUBDIR}" )
PM_MAIN_PID=${BASHPID}
PM_DOSTRIP_SKIP=()
PM_DOSTRIP=()

WORKDIR=${PM_ROOT}/work T=${PM_ROOT}/temp D=${PM_ROOT}/image
EPREFIX=${EPREFIX-} BROOT=${BROOT-} ESYSROOT=${ESYSROOT-} ROOT='' EROOT=${EPREFIX}
ED=${D%/}${EPREFIX}
MERGE_TYPE=${MERGE_TYPE:-source}
INSDESTTREE=/ INSOPTIONS=-m0644 EXEDESTTREE=/ EXEOPTIONS=-m0755
mkdir -p "${WORKDIR}" "${T}" "${D}"
export WORKDIR T D ED EPREFIX BROOT ESYSROOT ROOT EROOT MERGE_TYPE

# Metadata variables that accumulate across eclasses (PMS 10.2; EAPI 8
# adds PROPERTIES and RESTRICT).
PM_ACCUMULATED=( IUSE REQUIRED_USE DEPEND RDEPEND PDEPEND BDEPEND IDEPEND PROPERTIES RESTRICT )

# --- messages and errors --------------------------------------------------

einfo() { echo "einfo: $*" >&2; }
elog() { echo "elog: $*" >&2; }
ewarn() { echo "ewarn: $*" >&2; }
eerror() { echo "eerror: $*" >&2; }
debug-print() { :; }
debug-print-function() { :; }

nonfatal() { PORTAGE_NONFATAL=1 "$@"; }

die() {
	if [[ ${1} == -n ]]; then
		shift
		if [[ ${PORTAGE_NONFATAL} == 1 ]]; then
			eerror "$*"
			return 1
		fi
	fi
	echo "die: $*" >&2
	# Portage's die ends the whole ebuild even from $(...) or a pipeline.
	if [[ ${BASHPID} != "${PM_MAIN_PID}" ]]; then
		kill -s TERM "${PM_MAIN_PID}"
	fi
	exit 1
}

# --- inherit --------------------------------------------------------------

EXPORT_FUNCTIONS() {
	[[ ${ECLASS} ]] || die "EXPORT_FUNCTIONS called outside an eclass"
	local __pm_f
	for __pm_f; do
		eval "${__pm_f}() { ${ECLASS}_${__pm_f} \"\$@\"; }"
	done
}

inherit() {
	[[ ${EAPI} ]] || die "inherit: EAPI must be set before inherit"
	local __pm_name __pm_dir __pm_file __pm_v __pm_e __pm_prev=${ECLASS}
	local -A __pm_saved=()
	for __pm_name; do
		__pm_file=
		for __pm_dir in "${PM_ECLASSDIRS[@]}"; do
			if [[ -f ${__pm_dir}/${__pm_name}.eclass ]]; then
				__pm_file=${__pm_dir}/${__pm_name}.eclass
				break
			fi
		done
		[[ ${__pm_file} ]] || die "inherit: ${__pm_name}.eclass not found"

		# Hide the caller's values, collect what the eclass sets, restore.
		for __pm_v in "${PM_ACCUMULATED[@]}"; do
			unset "__pm_saved[${__pm_v}]"
			[[ ${!__pm_v+set} ]] && __pm_saved[${__pm_v}]=${!__pm_v}
			unset "${__pm_v}"
		done
		ECLASS=${__pm_name}
		# shellcheck disable=SC1090 # the eclass is chosen at run time
		source "${__pm_file}" || die "inherit: sourcing ${__pm_file} failed"
		for __pm_v in "${PM_ACCUMULATED[@]}"; do
			__pm_e=E_${__pm_v}
			if [[ ${!__pm_v} ]]; then
				printf -v "${__pm_e}" '%s' "${!__pm_e}${!__pm_e:+ }${!__pm_v}"
			fi
			if [[ ${__pm_saved[${__pm_v}]+set} ]]; then
				printf -v "${__pm_v}" '%s' "${__pm_saved[${__pm_v}]}"
			else
				unset "${__pm_v}"
			fi
		done
		ECLASS=${__pm_prev}
		INHERITED+=" ${__pm_name}"
	done
}

# --- USE ------------------------------------------------------------------

has() {
	local needle=${1} x
	shift
	for x; do [[ ${x} == "${needle}" ]] && return 0; done
	return 1
}

in_iuse() {
	[[ ${EBUILD_PHASE} && ${EBUILD_PHASE} != depend ]] || die "in_iuse ${1}: called in global scope"
	# shellcheck disable=SC2086 # IUSE_EFFECTIVE is a word list
	has "${1}" ${IUSE_EFFECTIVE}
}

use() {
	[[ ${#} -eq 1 ]] || die "use: exactly one flag expected"
	local flag=${1#!} r=1
	in_iuse "${flag}" || die "use: USE flag '${flag}' not in IUSE for ${CATEGORY}/${PF}"
	# shellcheck disable=SC2086 # USE is a word list
	has "${flag}" ${USE} && r=0
	[[ ${1} == !* ]] && r=$(( !r ))
	return "${r}"
}

usex() {
	if use "${1}"; then
		echo "${2-yes}${4}"
	else
		echo "${3-no}${5}"
	fi
}

# --- install helpers ------------------------------------------------------

insinto() { INSDESTTREE=${1}; }
insopts() { INSOPTIONS="$*"; }
exeinto() { EXEDESTTREE=${1}; }
dodir() { local d; for d; do mkdir -p "${ED%/}/${d#/}" || die "dodir ${d} failed"; done; }

_pm_install() { # _pm_install DESTDIR "OPTIONS" SRC [NAME]
	local dest=${ED%/}/${1#/} opts src=${3} name=${4:-${3##*/}}
	read -r -a opts <<<"${2}"
	[[ -f ${src} ]] || die "${FUNCNAME[1]}: ${src} does not exist"
	mkdir -p "${dest}" || die "${FUNCNAME[1]}: cannot create ${dest}"
	install "${opts[@]}" "${src}" "${dest}/${name}" || die "${FUNCNAME[1]}: failed to install ${src}"
}
doins() {
	[[ ${#} -gt 0 ]] || die "doins: at least one argument needed"
	[[ ${1} != -r ]] || die "doins -r: not in the stand-in"
	local f
	for f; do _pm_install "${INSDESTTREE}" "${INSOPTIONS}" "${f}"; done
}
newins() { [[ ${#} -eq 2 ]] || die "newins: two arguments needed"; _pm_install "${INSDESTTREE}" "${INSOPTIONS}" "$1" "$2"; }
doexe() { local f; for f; do _pm_install "${EXEDESTTREE}" "${EXEOPTIONS}" "${f}"; done; }

dostrip() {
	[[ ${EBUILD_PHASE} == install ]] || die "dostrip: only in src_install"
	if [[ ${1} == -x ]]; then
		shift
		PM_DOSTRIP_SKIP+=( "$@" )
	else
		PM_DOSTRIP+=( "$@" )
	fi
}

# --- default phases, econf, emake (for end-to-end runs) --------------------

econf() {
	[[ -x ./configure ]] || die "econf: no ./configure in ${PWD}"
	./configure --prefix="${EPREFIX}/usr" --sysconfdir="${EPREFIX}/etc" \
		--localstatedir="${EPREFIX}/var/lib" --disable-dependency-tracking "$@" ||
		die "econf failed"
}
emake() { make "$@" || die "emake failed"; }
eapply_user() { :; }
einstalldocs() { :; }
default_pkg_setup() { :; }
default_src_unpack() { :; }
default_src_prepare() { eapply_user; }
default_src_configure() { [[ -x ./configure ]] && econf "$@"; return 0; }
default_src_compile() { [[ -f Makefile ]] && emake; return 0; }
default_src_test() { [[ -f Makefile ]] && emake check; return 0; }
default_src_install() { [[ -f Makefile ]] && emake DESTDIR="${D}" install; einstalldocs; }
default() { "default_${EBUILD_PHASE_FUNC}"; }

# --- driver ---------------------------------------------------------------

# pm_source_ebuild PATH: set the package variables from PATH, source the
# ebuild in global scope and finish its metadata like portage does.
pm_source_ebuild() {
	local path=${1} base
	[[ -f ${path} ]] || die "pm_source_ebuild: ${path} not found"
	base=${path##*/}
	PF=${base%.ebuild}
	PN=$(basename "$(dirname "${path}")")
	CATEGORY=$(basename "$(dirname "$(dirname "${path}")")")
	PV=${PF#"${PN}"-}
	PR=r0
	if [[ ${PV} =~ -(r[0-9]+)$ ]]; then
		PR=${BASH_REMATCH[1]}
		PV=${PV%-r*}
	fi
	P=${PN}-${PV} PVR=${PF#"${PN}"-}
	FILESDIR=$(dirname "${path}")/files
	S=${WORKDIR}/${P}
	EBUILD_PHASE=depend
	export P PN PV PR PF PVR CATEGORY FILESDIR
	# shellcheck disable=SC1090 # the ebuild is chosen at run time
	source "${path}" || die "pm_source_ebuild: sourcing ${path} failed"
	local v e
	for v in "${PM_ACCUMULATED[@]}"; do
		e=E_${v}
		printf -v "${v}" '%s' "${!v}${!v:+${!e:+ }}${!e}"
	done
	local f flags=()
	for f in ${IUSE}; do flags+=( "${f#[+-]}" ); done
	IUSE_EFFECTIVE=${flags[*]}
	EBUILD_PHASE=
}

# pm_use "FLAGS": set USE and, from llvm_slot_* flags, LLVM_SLOT (USE_EXPAND).
pm_use() {
	USE=${1}
	local f slots=()
	for f in ${USE}; do
		[[ ${f} == llvm_slot_* ]] && slots+=( "${f#llvm_slot_}" )
	done
	LLVM_SLOT=${slots[*]}
	export USE LLVM_SLOT
}

# pm_default_use: print the flags IUSE enables by default (+flag).
pm_default_use() {
	local f out=()
	for f in ${IUSE}; do [[ ${f} == +* ]] && out+=( "${f#+}" ); done
	echo "${out[*]}"
}

# pm_required_use_ok: evaluate REQUIRED_USE (PMS 7.3.4 syntax: flag, !flag,
# flag? ( ), !flag? ( ), || ( ), ^^ ( ), ?? ( ), ( )) against USE.
pm_required_use_ok() {
	local ok=0
	read -r -d '' -a _pm_tok <<<"${REQUIRED_USE}"
	_pm_i=0
	_pm_ru_list || ok=1
	[[ ${_pm_i} -eq ${#_pm_tok[@]} ]] || die "REQUIRED_USE: unbalanced at token ${_pm_i}"
	return "${ok}"
}
# Evaluates items up to ")" or the end; _pm_true/_pm_total count them.
_pm_ru_list() {
	local t=0 n=0
	while [[ ${_pm_i} -lt ${#_pm_tok[@]} && ${_pm_tok[_pm_i]} != ")" ]]; do
		_pm_ru_item
		n=$((n + 1))
		[[ ${_pm_ok} == 1 ]] && t=$((t + 1))
	done
	_pm_true=${t} _pm_total=${n}
	[[ ${t} -eq ${n} ]]
}
_pm_ru_open() {
	[[ ${_pm_tok[_pm_i]} == "(" ]] || die "REQUIRED_USE: '(' expected at token ${_pm_i}"
	_pm_i=$((_pm_i + 1))
}
_pm_ru_close() {
	[[ ${_pm_tok[_pm_i]} == ")" ]] || die "REQUIRED_USE: ')' expected at token ${_pm_i}"
	_pm_i=$((_pm_i + 1))
}
_pm_ru_flag() { # _pm_ru_flag [!]flag -> 0 if satisfied
	local f=${1#!} on=1
	# shellcheck disable=SC2086 # USE is a word list
	has "${f}" ${USE} && on=0
	if [[ ${1} == !* ]]; then return $(( !on )); else return "${on}"; fi
}
_pm_ru_item() {
	local tok=${_pm_tok[_pm_i]}
	_pm_i=$((_pm_i + 1))
	case ${tok} in
		"||" | "^^" | "??" | "(")
			[[ ${tok} == "(" ]] && _pm_i=$((_pm_i - 1))
			_pm_ru_open
			_pm_ru_list
			_pm_ru_close
			case ${tok} in
				"||") (( _pm_true >= 1 )) ;;
				"^^") (( _pm_true == 1 )) ;;
				"??") (( _pm_true <= 1 )) ;;
				"(") (( _pm_true == _pm_total )) ;;
			esac && _pm_ok=1 || _pm_ok=0
			;;
		*"?")
			local cond=0
			_pm_ru_flag "${tok%\?}" && cond=1
			_pm_ru_open
			_pm_ru_list
			_pm_ru_close
			if [[ ${cond} == 1 && ${_pm_true} -ne ${_pm_total} ]]; then _pm_ok=0; else _pm_ok=1; fi
			;;
		*)
			if _pm_ru_flag "${tok}"; then _pm_ok=1; else _pm_ok=0; fi
			;;
	esac
}

# pm_phase NAME: run one phase (setup, configure, compile, test, install...)
# as portage would: the ebuild's phase function or the default one.
pm_phase() {
	local func
	case ${1} in
		setup | pretend | preinst | postinst | prerm | postrm) func=pkg_${1} ;;
		*) func=src_${1} ;;
	esac
	if declare -F "${func}" >/dev/null; then
		pm_in_phase "${1}" "${func}"
	else
		pm_in_phase "${1}" "default_${func}"
	fi
}

# pm_in_phase NAME COMMAND...: run COMMAND inside phase NAME (EBUILD_PHASE
# set, src_* phases in ${S}), e.g. to call an eclass helper directly.
pm_in_phase() {
	local phase=${1} rc
	shift
	case ${phase} in
		setup | pretend | preinst | postinst | prerm | postrm) EBUILD_PHASE_FUNC=pkg_${phase} ;;
		*) EBUILD_PHASE_FUNC=src_${phase} ;;
	esac
	EBUILD_PHASE=${phase}
	if [[ ${EBUILD_PHASE_FUNC} == src_* && -d ${S} ]]; then cd "${S}" || die; fi
	"$@"
	rc=${?}
	EBUILD_PHASE='' EBUILD_PHASE_FUNC=''
	return "${rc}"
}

# pm_metadata VAR: the variable's value with whitespace normalised.
pm_metadata() {
	local words
	read -r -d '' -a words <<<"${!1}"
	echo "${words[*]}"
}
