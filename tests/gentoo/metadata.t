#!/bin/bash
# bpfbuild.eclass metadata: IUSE, BDEPEND, DEPEND, RDEPEND, REQUIRED_USE for
# every combination of BPFBUILD_OPTIONAL_IUSE and BPFBUILD_DEFAULT_COMPILER,
# against literal expected strings; defaults satisfy REQUIRED_USE; bad
# control values die; the overlay's ebuilds have the metadata they mean.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

# The eclass's own pieces for LLVM_COMPAT=( 15 16 17 ), spelled out.
SLOTS='llvm_slot_15? ( llvm-core/clang:15[llvm_targets_BPF] ) llvm_slot_16? ( llvm-core/clang:16[llvm_targets_BPF] ) llvm_slot_17? ( llvm-core/clang:17[llvm_targets_BPF] )'
CORE_BDEP="dev-util/bpftool virtual/pkgconfig clang? ( $SLOTS ) !clang? ( sys-devel/bpf-toolchain )"
CORE_DEP='dev-libs/libbpf'
CORE_REQ='clang? ( ^^ ( llvm_slot_15 llvm_slot_16 llvm_slot_17 ) )'
LLVM_IUSE='+llvm_slot_17 llvm_slot_15 llvm_slot_16'

# A synthetic ebuild with its own IUSE/DEPEND, to check accumulation too.
metadata_of() { # metadata_of OPTIONAL_IUSE|- COMPILER|-
	local body='LLVM_COMPAT=( 15 16 17 )'
	[ "$1" = - ] || body+=$'\n'"BPFBUILD_OPTIONAL_IUSE=$1"
	[ "$2" = - ] || body+=$'\n'"BPFBUILD_DEFAULT_COMPILER=$2"
	body+=$'\ninherit bpfbuild\nIUSE="test"\nDEPEND="dev-libs/foo"\nRDEPEND="${DEPEND}"'
	local eb; eb=$(synth_ebuild "demo" "$body")
	pm_ok "metadata ($1, $2)" "
		pm_source_ebuild '$eb'
		for v in IUSE BDEPEND DEPEND RDEPEND PDEPEND IDEPEND REQUIRED_USE; do
			echo \"\$v=\$(pm_metadata \$v)\"
		done
		pm_use \"\$(pm_default_use)\"
		pm_required_use_ok && echo DEFAULTS=ok || echo DEFAULTS=violate"
}
get() { sed -n "s/^$1=//p" "$PM_OUT"; }

n=0
for opt in - bpf +bpf ebpf; do
	for comp in - gcc clang; do
		metadata_of "$opt" "$comp"
		case $comp in clang) clang_iuse=+clang ;; *) clang_iuse=clang ;; esac
		if [ "$opt" = - ]; then
			iuse="test $LLVM_IUSE $clang_iuse"
			bdep=$CORE_BDEP dep="dev-libs/foo $CORE_DEP" req=$CORE_REQ
		else
			flag=${opt#+}
			iuse="test $LLVM_IUSE $opt $clang_iuse"
			bdep="$flag? ( $CORE_BDEP )" dep="dev-libs/foo $flag? ( $CORE_DEP )" req="$flag? ( $CORE_REQ )"
		fi
		what="OPTIONAL_IUSE=$opt DEFAULT_COMPILER=$comp"
		assert_eq "$what IUSE" "$iuse" "$(get IUSE)"
		assert_eq "$what BDEPEND" "$bdep" "$(get BDEPEND)"
		assert_eq "$what DEPEND" "$dep" "$(get DEPEND)"
		# The eclass adds no runtime dependencies: RDEPEND is the ebuild's.
		assert_eq "$what RDEPEND" "dev-libs/foo" "$(get RDEPEND)"
		assert_eq "$what PDEPEND" "" "$(get PDEPEND)"
		assert_eq "$what IDEPEND" "" "$(get IDEPEND)"
		assert_eq "$what REQUIRED_USE" "$req" "$(get REQUIRED_USE)"
		# Every default (e.g. +clang with -bpf) must be installable as is.
		assert_eq "$what defaults satisfy REQUIRED_USE" ok "$(get DEFAULTS)"
		n=$((n + 1))
	done
done
note "$n control combinations match"

# One combination spelled out in full, so the composition above is not
# the only statement of the expected strings.
metadata_of +bpf clang
assert_eq "full IUSE" "test +llvm_slot_17 llvm_slot_15 llvm_slot_16 +bpf +clang" "$(get IUSE)"
assert_eq "full BDEPEND" "bpf? ( dev-util/bpftool virtual/pkgconfig clang? ( llvm_slot_15? ( llvm-core/clang:15[llvm_targets_BPF] ) llvm_slot_16? ( llvm-core/clang:16[llvm_targets_BPF] ) llvm_slot_17? ( llvm-core/clang:17[llvm_targets_BPF] ) ) !clang? ( sys-devel/bpf-toolchain ) )" "$(get BDEPEND)"
assert_eq "full DEPEND" "dev-libs/foo bpf? ( dev-libs/libbpf )" "$(get DEPEND)"
assert_eq "full REQUIRED_USE" "bpf? ( clang? ( ^^ ( llvm_slot_15 llvm_slot_16 llvm_slot_17 ) ) )" "$(get REQUIRED_USE)"

# REQUIRED_USE semantics for the USE combinations that matter.
eb=$(synth_ebuild ru 'LLVM_COMPAT=( 15 16 17 )
BPFBUILD_OPTIONAL_IUSE=+bpf
inherit bpfbuild')
check_ru() { # check_ru "USE" ok|violate
	pm_ok "REQUIRED_USE for USE='$1'" "pm_source_ebuild '$eb'; pm_use '$1'
		pm_required_use_ok && echo ok || echo violate"
	assert_eq "REQUIRED_USE with USE='$1'" "$2" "$(cat "$PM_OUT")"
}
check_ru "bpf clang llvm_slot_17" ok
check_ru "bpf clang" violate
check_ru "bpf clang llvm_slot_15 llvm_slot_17" violate
check_ru "bpf" ok
check_ru "clang" ok            # clang without bpf is ignored, not an error
check_ru "" ok

# Bad control values die with a one-line cause naming the variable.
eb=$(synth_ebuild bad1 'LLVM_COMPAT=( 17 )
BPFBUILD_DEFAULT_COMPILER=llvm
inherit bpfbuild')
pm_dies "DEFAULT_COMPILER=llvm" "BPFBUILD_DEFAULT_COMPILER='llvm' must be gcc or clang" "pm_source_ebuild '$eb'"
eb=$(synth_ebuild bad2 'LLVM_COMPAT=( 17 )
BPFBUILD_OPTIONAL_IUSE="bpf clang"
inherit bpfbuild')
pm_dies "OPTIONAL_IUSE with two flags" "BPFBUILD_OPTIONAL_IUSE='bpf clang' is not a single USE flag" "pm_source_ebuild '$eb'"
eb=$(synth_ebuild bad3 'inherit bpfbuild')
pm_dies "no LLVM_COMPAT" "LLVM_COMPAT must be set to an array" "pm_source_ebuild '$eb'"

# The overlay's ebuilds.  LLVM_COMPAT=( {15..21} ) there.
SLOTS21=""
for s in 15 16 17 18 19 20 21; do SLOTS21+="llvm_slot_$s? ( llvm-core/clang:$s[llvm_targets_BPF] ) "; done
REQ21='clang? ( ^^ ( llvm_slot_15 llvm_slot_16 llvm_slot_17 llvm_slot_18 llvm_slot_19 llvm_slot_20 llvm_slot_21 ) )'
IUSE21='+llvm_slot_21 llvm_slot_15 llvm_slot_16 llvm_slot_17 llvm_slot_18 llvm_slot_19 llvm_slot_20'
for kind in meson autotools; do
	pkg=bpfbuild-examples-$kind
	pm_ok "$pkg metadata" "
		pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
		for v in IUSE BDEPEND DEPEND RDEPEND REQUIRED_USE SRC_URI S KEYWORDS; do
			echo \"\$v=\$(pm_metadata \$v)\"
		done"
	assert_eq "$pkg IUSE" "$IUSE21 clang" "$(get IUSE)"
	assert_eq "$pkg BDEPEND" "$(norm "~dev-util/bpfbuild-0.1.0 dev-util/bpftool virtual/pkgconfig clang? ( $SLOTS21 ) !clang? ( sys-devel/bpf-toolchain )")" "$(get BDEPEND)"
	assert_eq "$pkg DEPEND" "dev-libs/libbpf:= dev-libs/libbpf" "$(get DEPEND)"
	assert_eq "$pkg RDEPEND" "dev-libs/libbpf:=" "$(get RDEPEND)"
	assert_eq "$pkg REQUIRED_USE" "$REQ21" "$(get REQUIRED_USE)"
	# The examples come from the toolkit's tarball, not from ${P}.tar.xz.
	assert_eq "$pkg SRC_URI" "https://github.com/bpfbuild/bpfbuild/releases/download/v0.1.0/bpfbuild-0.1.0.tar.xz" "$(get SRC_URI)"
	assert_eq "$pkg S" "$PM_DIR/work/bpfbuild-0.1.0/examples" "$(get S)"
	assert_eq "$pkg KEYWORDS" "~amd64" "$(get KEYWORDS)"
done

for v in 0.1.0 9999; do
	pm_ok "bpfbuild-$v metadata" "
		pm_source_ebuild '$OVERLAY/dev-util/bpfbuild/bpfbuild-$v.ebuild'
		for v in IUSE BDEPEND DEPEND RDEPEND REQUIRED_USE SRC_URI S KEYWORDS PROPERTIES EGIT_REPO_URI INHERITED; do
			echo \"\$v=\$(pm_metadata \$v)\"
		done"
	assert_eq "bpfbuild-$v DEPEND" "dev-libs/libbpf:= virtual/libelf:=" "$(get DEPEND)"
	assert_eq "bpfbuild-$v RDEPEND" "dev-libs/libbpf:= virtual/libelf:= dev-util/bpftool" "$(get RDEPEND)"
	assert_eq "bpfbuild-$v BDEPEND" "virtual/pkgconfig" "$(get BDEPEND)"
	assert_eq "bpfbuild-$v IUSE" "" "$(get IUSE)"
	assert_eq "bpfbuild-$v S" "$PM_DIR/work/bpfbuild-$v" "$(get S)"
	if [ $v = 9999 ]; then
		assert_eq "live SRC_URI" "" "$(get SRC_URI)"
		assert_eq "live KEYWORDS" "" "$(get KEYWORDS)"
		assert_eq "live PROPERTIES" "live" "$(get PROPERTIES)"
		assert_eq "live EGIT_REPO_URI" "https://github.com/bpfbuild/bpfbuild.git" "$(get EGIT_REPO_URI)"
		assert_eq "live INHERITED" "meson git-r3" "$(get INHERITED)"
	else
		assert_eq "release SRC_URI" "https://github.com/bpfbuild/bpfbuild/releases/download/v0.1.0/bpfbuild-0.1.0.tar.xz" "$(get SRC_URI)"
		assert_eq "release KEYWORDS" "~amd64" "$(get KEYWORDS)"
		assert_eq "release PROPERTIES" "" "$(get PROPERTIES)"
		assert_eq "release INHERITED" "meson" "$(get INHERITED)"
	fi
done
# The README's Gentoo paragraph states the USE flags: "The example
# ebuilds have USE `a`, `b` only" must be their IUSE without llvm-r2's
# slots, and the eclass's flags it names (`clang`, and `bpf` through
# BPFBUILD_OPTIONAL_IUSE) must be the ones the eclass adds.
gentoo_par=$(sed -n '/^## Gentoo$/,/^## /p' "$BPFBUILD_TOP/README.md" | tr '\n' ' ')
claim=$(grep -o 'The example ebuilds have USE [^:.]*' <<<"$gentoo_par") ||
	fail "README's Gentoo paragraph no longer says which USE flags the example ebuilds have"
readme_flags=$(grep -o '`[^`]*`' <<<"${claim% only}" | tr -d '`' | sort | tr '\n' ' ')
for kind in meson autotools; do
	pkg=bpfbuild-examples-$kind
	pm_ok "$pkg IUSE" "pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'; pm_metadata IUSE"
	flags=$(tr ' ' '\n' <"$PM_OUT" | sed 's/^[+-]//' | grep -v '^llvm_slot_' | grep . | sort | tr '\n' ' ')
	assert_eq "$pkg: IUSE against the README" "$readme_flags" "$flags"
done
grep -q 'the flag it names in `BPFBUILD_OPTIONAL_IUSE` (`bpf`' <<<"$gentoo_par" ||
	fail "README's Gentoo paragraph no longer ties \`bpf\` to BPFBUILD_OPTIONAL_IUSE"
metadata_of bpf -
assert_eq "BPFBUILD_OPTIONAL_IUSE=bpf IUSE, as the README says" "test $LLVM_IUSE bpf clang" "$(get IUSE)"

cmp -s "$OVERLAY/dev-util/bpfbuild/bpfbuild-0.1.0.ebuild" "$OVERLAY/dev-util/bpfbuild/bpfbuild-9999.ebuild" \
	|| fail "bpfbuild-0.1.0 and -9999 ebuilds differ (they share one body switched on PV)"
echo "metadata: ok"
