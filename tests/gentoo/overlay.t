#!/bin/bash
# The overlay's skeleton and conventions: repo_name, layout.conf, a
# well-formed metadata.xml per package describing exactly its local USE
# flags, Gentoo headers, EAPI 8, and the eclass documentation tags.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

assert_eq "profiles/repo_name" bpfbuild "$(cat "$OVERLAY/profiles/repo_name")"
assert_grep '^masters = gentoo$' "$OVERLAY/metadata/layout.conf"
assert_grep '^thin-manifests = true$' "$OVERLAY/metadata/layout.conf"

hdr1='^# Copyright (20[0-9]{2}-)?20[0-9]{2} Gentoo Authors$'
hdr2='^# Distributed under the terms of the GNU General Public License v2$'
n=0
for f in "$OVERLAY"/eclass/*.eclass "$OVERLAY"/*/*/*.ebuild; do
	sed -n 1p "$f" | grep -qE "$hdr1" || fail "${f#"$OVERLAY"/}: line 1 is not the Gentoo copyright line"
	sed -n 2p "$f" | grep -qE "$hdr2" || fail "${f#"$OVERLAY"/}: line 2 is not the GPL-2 line"
	n=$((n + 1))
done
note "$n files carry the Gentoo header"

for eb in "$OVERLAY"/*/*/*.ebuild; do
	name=${eb#"$OVERLAY"/}
	# EAPI first, before any inherit (PMS: an ebuild's EAPI is set first).
	first=$(grep -vE '^(#|$)' "$eb" | head -n1)
	assert_eq "$name first statement" "EAPI=8" "$first"
	# Thin manifests: if a Manifest exists it holds DIST lines only.
	man=$(dirname "$eb")/Manifest
	[ ! -e "$man" ] || assert_no_grep '^(AUX|EBUILD|MISC) ' "$man" "$man"
done

for dir in "$OVERLAY"/*/*/; do
	pkg=${dir%/}; pkg=${pkg#"$OVERLAY"/}
	case $pkg in eclass/* | profiles/* | metadata/*) continue ;; esac
	xml=$dir/metadata.xml
	[ -f "$xml" ] || fail "$pkg has no metadata.xml"
	python3 - "$xml" <<'PY' || fail "$pkg/metadata.xml is not well-formed"
import sys, xml.etree.ElementTree as ET
ET.parse(sys.argv[1])
PY
	grep -q '<!DOCTYPE pkgmetadata SYSTEM "https://www.gentoo.org/dtd/metadata.dtd">' "$xml" \
		|| fail "$pkg/metadata.xml lacks the pkgmetadata DOCTYPE"
	documented=$(python3 - "$xml" <<'PY'
import sys, xml.etree.ElementTree as ET
print(" ".join(sorted(f.get("name") for f in ET.parse(sys.argv[1]).iter("flag"))))
PY
)
	# Local flags = IUSE of every version, minus USE_EXPAND (llvm_slot_*).
	local_flags=
	for eb in "$dir"*.ebuild; do
		pm_ok "$pkg IUSE" "pm_source_ebuild '$eb'; echo \$IUSE_EFFECTIVE"
		local_flags+=" $(cat "$PM_OUT")"
	done
	local_flags=$(printf '%s\n' $local_flags | grep -v '^llvm_slot_' | sort -u | tr '\n' ' ' | sed 's/ $//')
	assert_eq "$pkg: flags in metadata.xml vs IUSE" "$local_flags" "$documented"
done

note "README, URLs, maintainers, Manifests"
R=$OVERLAY/README.md
[ -f "$R" ] || fail "the overlay has no README.md"
for d in "$OVERLAY"/*/*/; do
	pkg=${d%/}; pkg=${pkg#"$OVERLAY"/}
	case $pkg in profiles/* | metadata/*) continue ;; esac
	grep -qF "\`$pkg\`" "$R" || fail "README.md does not say what $pkg is"
done
for e in "$OVERLAY"/eclass/*.eclass; do
	grep -qF "\`eclass/${e##*/}\`" "$R" || fail "README.md does not say what eclass/${e##*/} is"
done
# The repos.conf it gives: the repository's own name, at ebuilds/ of a clone.
assert_grep "^\[$(cat "$OVERLAY/profiles/repo_name")\]\$" "$R" "README.md's repos.conf section"
assert_grep '^location = /.*/ebuilds$' "$R" "README.md's repos.conf location"
assert_grep 'eselect repository' "$R" "README.md (eselect repository)"
# No placeholder: no reserved example domain or TLD, no "TODO".
if grep -rnE 'example\.(org|com|net)|\.invalid\b|\bTODO\b' "$OVERLAY" >"$T/placeholders"; then
	cat "$T/placeholders"; fail "the overlay carries placeholders"
fi
# One home for the project: every URL of the overlay is under the toolkit's
# HOMEPAGE (or Gentoo's), and the upstream remote-id is that repository.
pm_ok "HOMEPAGE" "pm_source_ebuild '$OVERLAY/dev-util/bpfbuild/bpfbuild-0.1.0.ebuild'; echo \$HOMEPAGE"
home=$(cat "$PM_OUT")
case $home in https://github.com/*/*) ;; *) fail "dev-util/bpfbuild's HOMEPAGE is not a GitHub repository: $home" ;; esac
grep -rhoE 'https?://[^ "<>)`]+' "$OVERLAY" | sort -u >"$T/urls"
while read -r u; do
	case $u in "$home" | "$home"[/.#]* | https://www.gentoo.org/dtd/*) ;; *) fail "a URL elsewhere than $home: $u" ;; esac
done <"$T/urls"
for xml in "$OVERLAY"/*/*/metadata.xml; do
	assert_grep "<remote-id type=\"github\">${home#https://github.com/}</remote-id>" "$xml" "${xml#"$OVERLAY"/} remote-id"
	assert_grep "<bugs-to>$home/issues</bugs-to>" "$xml" "${xml#"$OVERLAY"/} bugs-to"
	assert_grep '<name>The bpfbuild project</name>' "$xml" "${xml#"$OVERLAY"/} maintainer"
done
# Every DIST line names a distfile of its package's ebuilds, with both hashes.
for man in "$OVERLAY"/*/*/Manifest; do
	[ -f "$man" ] || continue
	dir=$(dirname "$man")
	files=
	for eb in "$dir"/*.ebuild; do
		pm_ok "$eb SRC_URI" "pm_source_ebuild '$eb'; echo \$SRC_URI"
		files+=" $(tr ' ' '\n' <"$PM_OUT" | grep -v '^->$' | sed 's|.*/||')"
	done
	while read -r kind f size rest; do
		[ "$kind" = DIST ] || continue
		case " $files " in *" $f "*) ;; *) fail "${man#"$OVERLAY"/}: $f is no distfile of its ebuilds" ;; esac
		[[ $size =~ ^[0-9]+$ && $rest =~ ^BLAKE2B\ [0-9a-f]{128}\ SHA512\ [0-9a-f]{128}$ ]] ||
			fail "${man#"$OVERLAY"/}: $f: not 'SIZE BLAKE2B <hex> SHA512 <hex>'"
	done <"$man"
done

note "eclass documentation"
for E in "$OVERLAY"/eclass/*.eclass; do
	name=${E##*/}
	for tag in "@ECLASS: $name" '@MAINTAINER:' '@SUPPORTED_EAPIS: 8' '@BLURB: ' '@DESCRIPTION:'; do
		assert_grep "^# $tag" "$E" "$name tag $tag"
	done
	guard=_$(basename "$name" .eclass | tr a-z- A-Z_)_ECLASS
	assert_grep "^if \[\[ -z \\$\{$guard\} \]\]; then\$" "$E" "$name include guard"
	for fn in $(sed -nE 's/^([A-Za-z_][A-Za-z0-9_-]*)\(\) \{$/\1/p' "$E"); do
		grep -qE "^# @FUNCTION: $fn$" "$E" || fail "$name: function $fn has no @FUNCTION block"
		case $fn in _*) grep -A1 -E "^# @FUNCTION: $fn$" "$E" | grep -q '@INTERNAL' || fail "$name: $fn lacks @INTERNAL" ;; esac
	done
done
E=$OVERLAY/eclass/bpfbuild.eclass
assert_grep '^# @EXAMPLE:' "$E" "bpfbuild.eclass tag @EXAMPLE"
for v in BPFBUILD_OPTIONAL_IUSE BPFBUILD_DEFAULT_COMPILER BPFBUILD_OBJDIR BPF_CC BPF_CFLAGS; do
	grep -qE "^# @ECLASS_VARIABLE: $v$" "$OVERLAY"/eclass/*.eclass || fail "$v has no @ECLASS_VARIABLE block"
done
for v in BPFBUILD_OPTIONAL_IUSE BPFBUILD_DEFAULT_COMPILER; do
	grep -A1 -E "^# @ECLASS_VARIABLE: $v$" "$E" | grep -q '@PRE_INHERIT' || fail "$v lacks @PRE_INHERIT"
done
echo "overlay: ok"
