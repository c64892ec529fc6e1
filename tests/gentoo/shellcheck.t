#!/bin/bash
# shellcheck passes on the eclass, the ebuilds and the test stand-ins,
# and every exclusion carries its reason on the same line (or, for a
# file-wide directive, on the comment line right after it).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

command -v shellcheck >/dev/null || fail "shellcheck is not installed (apt-get install shellcheck)"
files=( "$OVERLAY"/eclass/*.eclass "$OVERLAY"/*/*/*.ebuild
	"$GENTOO_TESTS"/pm-stubs.sh "$GENTOO_TESTS"/gentoo-lib.sh "$GENTOO_TESTS"/e2e-lib.sh
	"$GENTOO_TESTS"/stub-eclass/*.eclass )
# Ebuilds and eclasses are bash sourced by the package manager: -s bash.
shellcheck -s bash "${files[@]}" >"$T/sc.log" 2>&1 || { cat "$T/sc.log"; fail "shellcheck"; }
note "shellcheck clean: ${#files[@]} files"

for f in "${files[@]}"; do
	{ grep -n 'shellcheck disable=' "$f" || true; } | while IFS= read -r line; do
		case $line in
			*'disable='*[0-9]' # '?*) ;;  # reason on the same line
			*) fail "${f#"$BPFBUILD_TOP"/}:${line%%:*}: shellcheck exclusion without a reason" ;;
		esac
	done
done
echo "shellcheck: ok"
