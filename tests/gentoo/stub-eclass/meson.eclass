# Test stand-in for ::gentoo's meson.eclass (see ../pm-stubs.sh).
# NOT the real eclass: no dependencies, no cross/native files, only the
# four phases, running the real meson with emesonargs and "$@" for the
# end-to-end phase runs (../e2e-*.t).

# shellcheck shell=bash

case ${EAPI} in
	8) ;;
	*) die "${ECLASS}: EAPI ${EAPI:-0} not supported" ;;
esac

if [[ -z ${_MESON_ECLASS} ]]; then
_MESON_ECLASS=1

meson_src_configure() {
	: "${BUILD_DIR:=${WORKDIR}/${P}-build}"
	# shellcheck disable=SC2154 # emesonargs is the ebuild's, as in meson.eclass
	local args=( --prefix="${EPREFIX}/usr" --libdir=lib --buildtype=plain
		--wrap-mode=nodownload "${emesonargs[@]}" "$@" )
	echo meson setup "${args[@]}" "${BUILD_DIR}" "${EMESON_SOURCE:-${S}}" >&2
	meson setup "${args[@]}" "${BUILD_DIR}" "${EMESON_SOURCE:-${S}}" || die "meson setup failed"
}

meson_src_compile() {
	meson compile -C "${BUILD_DIR}" "$@" || die "meson compile failed"
}

meson_src_test() {
	meson test -C "${BUILD_DIR}" --print-errorlogs "$@" || die -n "tests failed"
}

meson_src_install() {
	DESTDIR="${D}" meson install -C "${BUILD_DIR}" --no-rebuild "$@" || die "meson install failed"
}

fi

EXPORT_FUNCTIONS src_configure src_compile src_test src_install
