#!/bin/bash
# bpfbuild_meson_args / bpfbuild_econf_args for each USE combination, with
# and without the optional bpf flag; and the arguments the overlay's
# examples ebuilds hand to meson and configure.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

OPT=$(synth_ebuild opt 'LLVM_COMPAT=( 15 16 17 )
BPFBUILD_OPTIONAL_IUSE=+bpf
inherit bpfbuild')
ALWAYS=$(synth_ebuild always 'LLVM_COMPAT=( 15 16 17 )
inherit bpfbuild')

# args EBUILD USE: print both functions' output, one argument per line,
# called from src_configure as an ebuild would.
args() {
	pm_ok "args ($2)" "pm_source_ebuild '$1'; pm_use '$2'
		pm_in_phase configure bpfbuild_meson_args
		echo --
		pm_in_phase configure bpfbuild_econf_args"
	MESON=$(sed '/^--$/,$d' "$PM_OUT" | tr '\n' ' ')
	ECONF=$(sed '1,/^--$/d' "$PM_OUT" | tr '\n' ' ')
}
check() { # check EBUILD USE MESON-ARGS ECONF-ARGS
	args "$1" "$2"
	assert_eq "meson args, USE='$2' (${1##*/})" "$3 " "$MESON"
	assert_eq "econf args, USE='$2' (${1##*/})" "$4 " "$ECONF"
}

check "$OPT" "bpf clang llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=enabled -Dbpfbuild:bpf-compiler=clang" "--enable-bpf=yes --with-bpf-compiler=clang"
check "$OPT" "bpf llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=enabled -Dbpfbuild:bpf-compiler=gcc" "--enable-bpf=yes --with-bpf-compiler=gcc"
check "$OPT" "llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=disabled -Dbpfbuild:bpf-compiler=gcc" "--enable-bpf=no --with-bpf-compiler=gcc"
check "$OPT" "clang llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=disabled -Dbpfbuild:bpf-compiler=clang" "--enable-bpf=no --with-bpf-compiler=clang"
check "$ALWAYS" "clang llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=enabled -Dbpfbuild:bpf-compiler=clang" "--enable-bpf=yes --with-bpf-compiler=clang"
check "$ALWAYS" "llvm_slot_17" \
	"-Dbpfbuild:bpf-framework=enabled -Dbpfbuild:bpf-compiler=gcc" "--enable-bpf=yes --with-bpf-compiler=gcc"

# A package that declares bpfbuild's options itself (systemd's names), in
# meson.options or meson_options.txt: the top-level spelling, per option.
for f in meson.options meson_options.txt; do
	pm_ok "declared in $f" "pm_source_ebuild '$ALWAYS'; pm_use 'clang llvm_slot_17'
		mkdir -p \"\$S\" && printf \"option('bpf-framework', type : 'feature')\\n\" >\"\$S/$f\"
		pm_in_phase configure bpfbuild_meson_args"
	assert_eq "meson args, bpf-framework declared in $f" "-Dbpf-framework=enabled -Dbpfbuild:bpf-compiler=clang " \
		"$(tr '\n' ' ' <"$PM_OUT")"
done

# One argument per line, no whitespace inside: safe for mapfile and $(...).
args "$OPT" "bpf clang llvm_slot_17"
assert_eq "lines" 5 "$(wc -l <"$PM_OUT")"
assert_no_grep '[[:space:]]' "$PM_OUT" "argument lines"

# Misuse dies; so does calling them in global scope (use is phase-only).
pm_dies "meson args with an argument" "Usage: bpfbuild_meson_args" \
	"pm_source_ebuild '$OPT'; pm_use bpf; pm_in_phase configure bpfbuild_meson_args foo"
pm_dies "econf args with an argument" "Usage: bpfbuild_econf_args" \
	"pm_source_ebuild '$OPT'; pm_use bpf; pm_in_phase configure bpfbuild_econf_args foo"
pm_dies "meson args in global scope" "called in global scope" \
	"pm_source_ebuild '$OPT'; pm_use bpf; bpfbuild_meson_args"

# The examples ebuilds' src_configure, with meson/econf replaced by a
# printout of what they would run.
for use in "llvm_slot_21" "clang llvm_slot_21"; do
	for vmlinux in "" /usr/src/vmlinux.h; do
		pkg=bpfbuild-examples-meson
		VMLINUX_H=$vmlinux BROOT=/broot pm_ok "$pkg src_configure ($use, VMLINUX_H=$vmlinux)" "
			[[ \$VMLINUX_H ]] || unset VMLINUX_H
			pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
			mkdir -p \"\$S\" && cp '$BPFBUILD_TOP/examples/meson_options.txt' \"\$S/\"
			meson_src_configure() { printf '%s\n' \"\${emesonargs[@]}\" \"\$@\"; }
			pm_use '$use'; pm_phase configure"
		comp=gcc; case $use in clang*) comp=clang ;; esac
		if [ -n "$vmlinux" ]; then vm="-Dvmlinux-h=provided -Dvmlinux-h-path=$vmlinux"; else vm=-Dvmlinux-h=generated; fi
		assert_eq "$pkg emesonargs ($use, VMLINUX_H=$vmlinux)" \
			"-Dbpf-framework=enabled -Dbpf-compiler=$comp $vm -Dbpf-validate=/broot/usr/bin/bpf-validate " \
			"$(tr '\n' ' ' <"$PM_OUT")"

		pkg=bpfbuild-examples-autotools
		VMLINUX_H=$vmlinux pm_ok "$pkg src_configure ($use, VMLINUX_H=$vmlinux)" "
			[[ \$VMLINUX_H ]] || unset VMLINUX_H
			pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
			econf() { printf '%s\n' \"\$@\"; }
			pm_use '$use'; pm_phase configure"
		assert_eq "$pkg econf args ($use, VMLINUX_H=$vmlinux)" \
			"--enable-bpf=yes --with-bpf-compiler=$comp --with-vmlinux-h=${vmlinux:-generated} " \
			"$(tr '\n' ' ' <"$PM_OUT")"
	done
done
echo "args: ok"
