# The version story (README, "Versions"): the version is the project()'s
# of meson.build, MAJOR.MINOR.PATCH, with a release_date beside it that is
# a real day; docs/bpfbuild.wrap names the release tarball of this version;
# a v* tag on the checked-out commit names this version.
. "$(dirname "$0")/../lib.sh"

mb=$BPFBUILD_TOP/meson.build
v=$(sed -n "s/^[[:space:]]*version : '\([^']*\)',*$/\1/p" "$mb" | head -n 1)
[[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "meson.build: the project's version '$v' is not MAJOR.MINOR.PATCH"
d=$(sed -n "s/^release_date = '\([^']*\)'$/\1/p" "$mb")
[[ $d =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] && [ "$(date -u -d "$d" +%F 2>/dev/null)" = "$d" ] ||
	fail "meson.build: release_date '$d' is not a day (YYYY-MM-DD)"

wrap=$BPFBUILD_TOP/docs/bpfbuild.wrap
assert_grep "^directory = bpfbuild-${v//./\\.}\$" "$wrap" "docs/bpfbuild.wrap (version $v)"
assert_grep "^source_filename = bpfbuild-${v//./\\.}\\.tar\\.xz\$" "$wrap" "docs/bpfbuild.wrap (version $v)"

if git -C "$BPFBUILD_TOP" rev-parse --git-dir >/dev/null 2>&1; then
	for tag in $(git -C "$BPFBUILD_TOP" tag --points-at HEAD --list 'v*'); do
		[ "$tag" = "v$v" ] || fail "the commit is tagged $tag, but meson.build says version $v (tag releases v$v)"
	done
fi
note "version $v, released $d"
