#!/bin/bash
# EAPI guard, include guard and exported phases of bpfbuild.eclass.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

note "EAPI 7 dies with the eclass's message, before anything else"
eb=$(synth_ebuild old 'LLVM_COMPAT=( 17 )
inherit bpfbuild')
sed -i 's/^EAPI=8$/EAPI=7/' "$eb"
pm_dies "EAPI 7" "bpfbuild: EAPI 7 not supported$" "pm_source_ebuild '$eb'"
assert_eq "die lines for EAPI 7" 1 "$(grep -c '^die:' "$PM_ERR")"

note "a second inherit is a no-op"
metadata() {
	pm_ok "$1" "pm_source_ebuild '$2'
		for v in IUSE BDEPEND DEPEND RDEPEND REQUIRED_USE LLVM_OPTIONAL BPFBUILD_DEFAULT_COMPILER; do echo \"\$v=\$(pm_metadata \$v)\"; done
		declare -f pkg_setup"
	cp "$PM_OUT" "$T/$1.out"
}
once=$(synth_ebuild once 'LLVM_COMPAT=( 15 16 17 )
BPFBUILD_OPTIONAL_IUSE=bpf
inherit bpfbuild')
twice=$(synth_ebuild twice 'LLVM_COMPAT=( 15 16 17 )
BPFBUILD_OPTIONAL_IUSE=bpf
inherit bpfbuild
# Too late: pre-inherit variables are read by the first inherit only.
BPFBUILD_OPTIONAL_IUSE=+other
inherit bpfbuild llvm-r2')
metadata once "$once"
metadata twice "$twice"
# Only the (ignored) late assignment itself may differ.
diff <(grep -v '^BPFBUILD_OPTIONAL' "$T/once.out") <(grep -v '^BPFBUILD_OPTIONAL' "$T/twice.out") \
	|| fail "a second inherit changed the metadata or the phases"
assert_grep '^IUSE=\+llvm_slot_17 llvm_slot_15 llvm_slot_16 bpf clang$' "$T/twice.out" "IUSE after two inherits"

note "pkg_setup is bpfbuild's, and llvm-r2's stays unexported"
assert_grep '^LLVM_OPTIONAL=1$' "$T/once.out" "LLVM_OPTIONAL"
assert_grep 'bpfbuild_pkg_setup "\$@"' "$T/once.out" "exported pkg_setup"
assert_no_grep 'llvm-r[12]_pkg_setup' "$T/once.out" "exported pkg_setup"
# Default for the compiler when unset.
assert_grep '^BPFBUILD_DEFAULT_COMPILER=gcc$' "$T/once.out" "default compiler"

note "inherit order with meson: bpfbuild keeps pkg_setup, meson the src_ phases"
eb=$(synth_ebuild both 'LLVM_COMPAT=( 17 )
inherit bpfbuild meson')
pm_ok "bpfbuild meson" "pm_source_ebuild '$eb'; declare -f pkg_setup src_configure src_install"
assert_grep 'bpfbuild_pkg_setup "\$@"' "$PM_OUT" "pkg_setup with meson"
assert_grep 'meson_src_configure "\$@"' "$PM_OUT" "src_configure with meson"
echo "EAPI/inherit: ok"
