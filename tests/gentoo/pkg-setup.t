#!/bin/bash
# bpfbuild_pkg_setup: USE="bpf clang" picks the slot's clang from
# $(get_llvm_prefix -b), USE="bpf -clang" picks bpf-unknown-none-gcc from
# ${BROOT}/usr/lib/bpf-toolchain/bin (else PATH); both are the host's real
# compilers behind symlinks and must compile a BPF object.  The host CC,
# AR, PATH... never change, CFLAGS never reach BPF_CFLAGS, USE=-bpf and
# binary merges do nothing.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

host_clang=$(command -v clang-14 || command -v clang) || fail "no clang on the host"
host_bpfgcc=$(command -v bpf-gcc || command -v bpf-unknown-none-gcc) || fail "no bpf-gcc on the host"

# A fake ${BROOT}: the slot's clang and bpf-toolchain's gcc, as symlinks.
BROOT_DIR=$T/broot
mkdir -p "$BROOT_DIR/usr/lib/llvm/17/bin" "$BROOT_DIR/usr/lib/bpf-toolchain/bin"
ln -s "$host_clang" "$BROOT_DIR/usr/lib/llvm/17/bin/clang"
ln -s "$host_bpfgcc" "$BROOT_DIR/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc"
# The same without bpf-toolchain, and a PATH dir holding its gcc instead.
BROOT_NOTC=$T/broot-notc
mkdir -p "$BROOT_NOTC/usr/bin" "$T/pathbin"
ln -s "$host_bpfgcc" "$T/pathbin/bpf-unknown-none-gcc"

EB=$(synth_ebuild demo 'LLVM_COMPAT=( 15 16 17 )
BPFBUILD_OPTIONAL_IUSE=+bpf
inherit bpfbuild')

# setup_with USE [snippet-prefix]: run pkg_setup, print the environment it
# leaves.  The host toolchain is set first so that a change would show.
setup_with() {
	pm_run "${2:-}
		export CC=x86_64-pc-linux-gnu-gcc AR=x86_64-pc-linux-gnu-ar CXX=x86_64-pc-linux-gnu-g++
		export CPP='x86_64-pc-linux-gnu-gcc -E' LD=x86_64-pc-linux-gnu-ld
		export CFLAGS='-O2 -march=native -pipe' CXXFLAGS='-O2 -march=native'
		pm_source_ebuild '$EB'
		before=\$(declare -p CC AR CXX CPP LD CFLAGS CXXFLAGS PATH)
		pm_use '$1'
		pm_phase setup || exit 1
		after=\$(declare -p CC AR CXX CPP LD CFLAGS CXXFLAGS PATH)
		[[ \$before == \"\$after\" ]] && echo HOST=unchanged || { echo HOST=changed; diff <(echo \"\$before\") <(echo \"\$after\") >&2; }
		echo \"BPF_CC=\${BPF_CC-<unset>}\"
		echo \"BPF_CC_ATTR=\${BPF_CC@a}\"
		echo \"BPF_CFLAGS=\${BPF_CFLAGS-<unset>}\"
		echo \"BPF_CFLAGS_ATTR=\${BPF_CFLAGS@a}\""
}
get() { sed -n "s/^$1=//p" "$PM_OUT"; }

# bpf_compiles CC: CC compiles a BPF object (EM_BPF) from C.
bpf_compiles() {
	cat >"$T/t.bpf.c" <<'C'
int counter;
__attribute__((section("xdp"), used)) int prog(void *ctx) { counter++; return 2; }
char _license[] __attribute__((section("license"), used)) = "GPL";
C
	local target=()
	case $1 in *clang*) target=(-target bpf) ;; esac
	"$1" "${target[@]}" -O2 -c "$T/t.bpf.c" -o "$T/t.bpf.o" || fail "$1 does not compile BPF"
	readelf -h "$T/t.bpf.o" | grep -q 'Machine:.*BPF' || fail "$1 made no BPF object"
}

note "USE='bpf clang llvm_slot_17' -> the slot's clang"
BROOT=$BROOT_DIR setup_with "bpf clang llvm_slot_17"
[ "$PM_RC" -eq 0 ] || { cat "$PM_ERR"; fail "pkg_setup failed"; }
assert_eq "clang BPF_CC" "$BROOT_DIR/usr/lib/llvm/17/bin/clang" "$(get BPF_CC)"
assert_eq "BPF_CC exported" "x" "$(get BPF_CC_ATTR)"
assert_eq "host toolchain (clang)" unchanged "$(get HOST)"
assert_eq "CFLAGS do not become BPF_CFLAGS" "<unset>" "$(get BPF_CFLAGS)"
assert_grep "^einfo: BPF compiler: $BROOT_DIR/usr/lib/llvm/17/bin/clang" "$PM_ERR"
bpf_compiles "$(get BPF_CC)"

note "USE='bpf' -> bpf-toolchain's gcc in \${BROOT}"
BROOT=$BROOT_DIR setup_with "bpf llvm_slot_17"
[ "$PM_RC" -eq 0 ] || { cat "$PM_ERR"; fail "pkg_setup failed"; }
assert_eq "gcc BPF_CC" "$BROOT_DIR/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc" "$(get BPF_CC)"
assert_eq "host toolchain (gcc)" unchanged "$(get HOST)"
bpf_compiles "$(get BPF_CC)"

note "no bpf-toolchain in \${BROOT} -> bpf-unknown-none-gcc from PATH"
BROOT=$BROOT_NOTC setup_with "bpf" "PATH=$T/pathbin:\$PATH"
[ "$PM_RC" -eq 0 ] || { cat "$PM_ERR"; fail "pkg_setup failed"; }
assert_eq "PATH fallback BPF_CC" "$T/pathbin/bpf-unknown-none-gcc" "$(get BPF_CC)"
assert_eq "host toolchain (PATH fallback)" unchanged "$(get HOST)"

note "no gcc-bpf anywhere -> a one-line cause"
BROOT=$BROOT_NOTC setup_with "bpf" "PATH=/nonexistent"
[ "$PM_RC" -ne 0 ] || fail "pkg_setup succeeded without a BPF compiler"
assert_grep "^die: bpfbuild_pkg_setup: bpf-unknown-none-gcc not found .*emerge sys-devel/bpf-toolchain" "$PM_ERR"

note "the selected slot's clang missing -> a one-line cause"
BROOT=$BROOT_DIR setup_with "bpf clang llvm_slot_16"
[ "$PM_RC" -ne 0 ] || fail "pkg_setup succeeded without clang:16"
assert_grep "^die: bpfbuild_pkg_setup: $BROOT_DIR/usr/lib/llvm/16/bin/clang not found; is llvm-core/clang:16 installed\?" "$PM_ERR"
# llvm-r2's default slot may be newer than a stable system has: the slot
# stays USE's (no automagic fallback), and the message names the slots
# that are installed and the package.use line that picks one.
assert_grep "^die: .*Installed slots in LLVM_COMPAT: 17; to use one, set \"dev-util/demo llvm_slot_17 -llvm_slot_16\" in package.use\.$" "$PM_ERR" "missing slot: the installed ones"

note "USE=-bpf -> nothing"
BROOT=$BROOT_DIR setup_with "clang llvm_slot_17"
[ "$PM_RC" -eq 0 ] || { cat "$PM_ERR"; fail "pkg_setup failed with USE=-bpf"; }
assert_eq "USE=-bpf BPF_CC" "<unset>" "$(get BPF_CC)"
assert_eq "host toolchain (USE=-bpf)" unchanged "$(get HOST)"
assert_no_grep . "$PM_ERR" "USE=-bpf output"

note "binary merge -> nothing, even with USE=bpf"
BROOT=$BROOT_DIR MERGE_TYPE=binary setup_with "bpf clang llvm_slot_17"
[ "$PM_RC" -eq 0 ] || { cat "$PM_ERR"; fail "pkg_setup failed for a binary merge"; }
assert_eq "binary BPF_CC" "<unset>" "$(get BPF_CC)"

note "BPF_CFLAGS passes through unchanged and exported"
BROOT=$BROOT_DIR setup_with "bpf" "BPF_CFLAGS='-O2 -g  -mcpu=v3'"
assert_eq "BPF_CFLAGS" "-O2 -g  -mcpu=v3" "$(get BPF_CFLAGS)"
assert_eq "BPF_CFLAGS exported" "x" "$(get BPF_CFLAGS_ATTR)"

note "a BPF_CC from the environment loses to USE, with a warning"
BROOT=$BROOT_DIR setup_with "bpf" "export BPF_CC=/usr/bin/clang-99"
assert_eq "USE wins over BPF_CC" "$BROOT_DIR/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc" "$(get BPF_CC)"
assert_grep "^ewarn: Ignoring BPF_CC=/usr/bin/clang-99 from the environment: USE=-clang selects " "$PM_ERR"

note "the overlay's examples ebuilds (no bpf flag): pkg_setup always acts"
mkdir -p "$BROOT_DIR/usr/lib/llvm/21/bin"
ln -s "$host_clang" "$BROOT_DIR/usr/lib/llvm/21/bin/clang"
for kind in meson autotools; do
	pkg=bpfbuild-examples-$kind
	for use in "llvm_slot_21" "clang llvm_slot_21"; do
		BROOT=$BROOT_DIR pm_ok "$pkg setup ($use)" "
			CC=x86_64-pc-linux-gnu-gcc; before=\$(declare -p CC PATH)
			pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
			pm_use '$use'; pm_phase setup
			[[ \$before == \"\$(declare -p CC PATH)\" ]] || echo HOST=changed
			echo BPF_CC=\$BPF_CC"
		case $use in
			clang*) want=$BROOT_DIR/usr/lib/llvm/21/bin/clang ;;
			*) want=$BROOT_DIR/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc ;;
		esac
		assert_eq "$pkg USE='$use' BPF_CC" "$want" "$(get BPF_CC)"
		assert_no_grep '^HOST=changed' "$PM_OUT" "$pkg host toolchain"
	done
done
echo "pkg_setup: ok"
