# shellcheck shell=bash
# Test-side helpers for tests/gentoo/*.t, sourced after ../lib.sh.  The
# package-manager stand-in itself is pm-stubs.sh; this file only runs it.

GENTOO_TESTS=$BPFBUILD_TOP/tests/gentoo
OVERLAY=$BPFBUILD_TOP/ebuilds

# pm_run SNIPPET: run SNIPPET in a fresh bash that sourced pm-stubs.sh,
# without set -e/-u (ebuild.sh runs without them).  Sets PM_OUT and
# PM_ERR (files with its stdout/stderr), PM_RC (its exit status) and
# PM_DIR (its PM_ROOT).  Put extra environment in front: FOO=1 pm_run ...
pm_run() {
	PM_DIR=$(mktemp -d "$T/pm.XXXXXX")
	PM_OUT=$PM_DIR.out PM_ERR=$PM_DIR.err PM_RC=0
	PM_ROOT=$PM_DIR PM_OVERLAY=$OVERLAY \
		bash -c '. "$1" || exit 99; eval "$2"' pm-run "$GENTOO_TESTS/pm-stubs.sh" "$1" \
		>"$PM_OUT" 2>"$PM_ERR" || PM_RC=$?
}

# pm_ok WHAT SNIPPET: pm_run that must exit 0.
pm_ok() {
	pm_run "$2"
	[ "$PM_RC" -eq 0 ] || { sed 's/^/    /' "$PM_ERR" >&2; fail "$1: exited $PM_RC"; }
}

# pm_dies WHAT PATTERN SNIPPET: pm_run that must die with PATTERN.
pm_dies() {
	pm_run "$3"
	[ "$PM_RC" -ne 0 ] || fail "$1: did not die"
	assert_grep "^die: .*$2" "$PM_ERR" "$1 (stderr)"
}

# synth_ebuild NAME BODY: write a synthetic ebuild dev-util/NAME/NAME-1
# whose BODY follows "EAPI=8"; prints its path.
synth_ebuild() {
	local dir=$T/synth/dev-util/$1
	mkdir -p "$dir"
	printf 'EAPI=8\n%s\n' "$2" >"$dir/$1-1.ebuild"
	echo "$dir/$1-1.ebuild"
}

# norm STRING: whitespace-normalised STRING.
norm() {
	local w
	read -r -d '' -a w <<<"$1" || true
	echo "${w[*]}"
}
