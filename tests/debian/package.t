# The toolkit as Debian packages (debian/): dpkg-buildpackage builds them
# from a copy of the tree, twice (another path, umask, time zone and
# locale: the .debs are byte-identical), lintian finds no error and no
# warning (and no override hides one), and the autopkgtests (debian/tests:
# a Meson and an autotools consumer, their verifier tests, and a consumer
# package built with dh-sequence-bpfbuild) pass with the
# real autopkgtest against the built .debs in a throwaway overlay of the
# cached sid root.
. "$(dirname "$0")/../lib.sh"
for tool in dpkg-buildpackage dh fakeroot lintian autopkgtest; do
	command -v "$tool" >/dev/null || fail "$tool not installed (tests/install-deps installs it)"
done

# copy_tree DIR: the checkout's files (not its build directories) in DIR.
copy_tree() {
	mkdir -p "$1"
	if git -C "$BPFBUILD_TOP" rev-parse --git-dir >/dev/null 2>&1; then
		git -C "$BPFBUILD_TOP" ls-files -co --exclude-standard -z |
			(cd "$BPFBUILD_TOP" && xargs -0 sh -c 'for f; do [ -e "$f" ] || [ -L "$f" ] && echo "$f"; done' sh) |
			(cd "$BPFBUILD_TOP" && cpio -pdm --quiet "$1")
	else
		cp -R "$BPFBUILD_TOP/." "$1/"
	fi
}

# No override may hide what lintian says.
overrides=$(cd "$BPFBUILD_TOP" && find debian -name '*lintian-overrides*')
[ -z "$overrides" ] || fail "lintian overrides in debian/: $overrides (fix the toolkit instead)"
# Every file of another license is listed in debian/copyright.
for f in $(cd "$BPFBUILD_TOP" && grep -rlE --include='*.[ch]' 'SPDX-License-Identifier: GPL-2\.0' .); do
	grep -qE "^ *(Files: )?${f#./}\$" "$BPFBUILD_TOP/debian/copyright" ||
		fail "debian/copyright does not list ${f#./} (SPDX GPL-2.0)"
done

# build DIR UMASK TZ LANG: the packages, in DIR/bpfbuild's parent.
build() {
	copy_tree "$1/bpfbuild"
	(cd "$1/bpfbuild" && umask "$2" && TZ=$3 LANG=$4 LC_ALL=$4 dpkg-buildpackage -us -uc -b) >"$1/build.log" 2>&1 ||
		{ tail -n 40 "$1/build.log"; fail "dpkg-buildpackage in $1"; }
}
t0=$(date +%s)
build "$T/a" 022 UTC C.UTF-8 &
build "$T/other/path/b" 002 Asia/Tokyo C &
wait %1 || exit 1
wait %2 || exit 1
note "two builds: $(($(date +%s) - t0)) s"
changes=$(ls "$T"/a/*.changes)
version=$(cd "$T/a/bpfbuild" && dpkg-parsechangelog -S Version)
project=$(sed -n "s/^[[:space:]]*version : '\([^']*\)',\$/\1/p" "$BPFBUILD_TOP/meson.build" | head -n 1)
assert_eq "debian/changelog's version (meson.build's project version)" "$project" "$version"
released=$(sed -n "s/^release_date = '\([^']*\)'\$/\1/p" "$BPFBUILD_TOP/meson.build")
assert_eq "debian/changelog's day (meson.build's release_date)" "$released" \
	"$(date -u -d "$(cd "$T/a/bpfbuild" && dpkg-parsechangelog -S Date)" +%F)"
for p in bpfbuild_${version}_all bpf-validate_${version}_$(dpkg --print-architecture) bpfbuild-vm-tools_${version}_all \
	dh-bpfbuild_${version}_all; do
	[ -f "$T/a/$p.deb" ] || fail "no $p.deb built"
done
for d in "$T"/a/*.deb; do
	cmp -s "$d" "$T/other/path/b/${d##*/}" || fail "${d##*/} is not reproducible (another build path, umask, TZ, locale)"
done

# --fail-on: exit 1 on an error or a warning, 2 where lintian cannot run.
# Its TMPDIR is the test's: lintian leaves files there (mldbm-elf-*).
lrc=0
mkdir "$T/lintian-tmp"
TMPDIR=$T/lintian-tmp lintian -I --fail-on error,warning --tag-display-limit 0 "$changes" >"$T/lintian.log" 2>&1 || lrc=$?
! grep -E '^[EW]: ' "$T/lintian.log" || fail "lintian reports errors or warnings (above)"
[ $lrc = 0 ] || { cat "$T/lintian.log"; fail "lintian exits $lrc"; }
note "lintian: $(grep -c '^I: ' "$T/lintian.log") infos, no warning"

# The autopkgtests in an overlay of the sid root (never written to), in a
# mount namespace of this test's own, as tests/distro/run-in mounts it.
root=$("$BPFBUILD_TOP/tests/distro/make-root" sid) || fail "the sid root cannot be built (above)"
cache=$(dirname "$root")
exec 8>>"$cache/sid.use.lock"
flock -s 8
"$BPFBUILD_TOP/tests/distro/make-root" sid --check || fail "the sid root is being replaced; run again"
mkdir "$T/debs"
cp "$T"/a/*.deb "$T/debs/"
rm -f "$T"/debs/*dbgsym*
mkdir -p "$T/ovl/upper" "$T/ovl/work" "$T/ovl/root" "$T/out"
t0=$(date +%s)
rc=0
unshare --mount --propagation private sh -eu -c '
	root=$1 o=$2 src=$3 debs=$4 out=$5
	mount -t overlay overlay -o "lowerdir=$root,upperdir=$o/upper,workdir=$o/work" "$o/root"
	mount -t proc proc "$o/root/proc"
	mount --rbind /sys "$o/root/sys"
	mount --rbind /dev "$o/root/dev"
	mount -t tmpfs -o mode=1777 tmpfs "$o/root/tmp"
	# autopkgtest runs apt-get update before and after the tests: a mirror
	# whose Release file is past its Valid-Until (a snapshot) must not fail
	# them.  Written into the overlay, as all that the tests install.
	echo "Acquire::Check-Valid-Until \"false\";" >"$o/root/etc/apt/apt.conf.d/99bpfbuild-package-test"
	# The testbed gets the environment of a root login, as under run-in,
	# not the TMPDIR of this test, which the root lacks.
	exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		autopkgtest --no-built-binaries -o "$out" "$debs"/*.deb "$src" -- chroot "$o/root"
' sh "$root" "$T/ovl" "$T/a/bpfbuild" "$T/debs" "$T/out/result" >"$T/autopkgtest.log" 2>&1 || rc=$?
flock -u 8
note "autopkgtest: $(($(date +%s) - t0)) s"
if [ $rc != 0 ]; then
	tail -n 60 "$T/autopkgtest.log"
	# Each failed test's own output (autopkgtest keeps it in the result dir).
	for f in "$T"/out/result/*-stdout "$T"/out/result/*-stderr; do
		[ -s "$f" ] && { echo "--- ${f##*/}"; tail -n 40 "$f"; }
	done
	fail "autopkgtest failed (exit $rc)"
fi
assert_grep '^meson-consumer +PASS' "$T/autopkgtest.log" "autopkgtest"
assert_grep '^autotools-consumer +PASS' "$T/autopkgtest.log" "autopkgtest"
assert_grep '^dh-consumer +PASS' "$T/autopkgtest.log" "autopkgtest"
# The root is as it was: what the tests installed went to the overlay.
[ -z "$(awk -v d="$T/ovl" 'index($2, d) == 1' /proc/self/mounts)" ] || fail "mounts left under $T/ovl"
! chroot "$root" dpkg -s bpfbuild >/dev/null 2>&1 || fail "bpfbuild got installed into the cached sid root"
echo "debian: packages built, reproducible, lintian clean, autopkgtests pass"
