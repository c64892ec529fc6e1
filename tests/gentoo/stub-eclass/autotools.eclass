# Test stand-in for ::gentoo's autotools.eclass (see ../pm-stubs.sh).
# NOT the real eclass: eautoreconf runs the real autoreconf, adding
# AT_M4DIR like the real one; no dependencies are generated.

# shellcheck shell=bash

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_AUTOTOOLS_ECLASS} ]]; then
_AUTOTOOLS_ECLASS=1

eautoreconf() {
	local inc=() d
	for d in ${AT_M4DIR}; do inc+=( -I "${d}" ); done
	autoreconf -fi "${inc[@]}" || die "autoreconf failed"
}

fi
