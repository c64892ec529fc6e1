# Test stand-in for ::gentoo's git-r3.eclass (see ../pm-stubs.sh).
# NOT the real eclass: tests only source live ebuilds for metadata, so
# fetching is refused rather than emulated.

# shellcheck shell=bash

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_GIT_R3_ECLASS} ]]; then
_GIT_R3_ECLASS=1
PROPERTIES+=" live"

git-r3_src_unpack() {
	die "git-r3 stand-in: no fetching from ${EGIT_REPO_URI} in tests"
}

fi

EXPORT_FUNCTIONS src_unpack
