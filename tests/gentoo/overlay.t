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
