# Parity: with the same compiler, the Meson and the autotools builds of
# examples/ produce byte-identical .bpf.o and .skel.h / .lskel.h for every
# program they build, and register the same tests: a verifier test per
# object, and each functional test-*.sh script with the same loader and
# arguments, on the host or in the same VM (restrict_fs, LSM).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

# compare WHAT MESON-DIR AUTOTOOLS-DIR NAME...
compare() {
	local what=$1 m=$2 a=$3 name f; shift 3
	for name in "$@"; do
		for f in "$name.bpf.o" "$(ex_skel "$name")"; do
			[ -s "$m/$f" ] || fail "$what: the Meson build has no $f"
			[ -s "$a/${AC_DIR[$name]}/$f" ] || fail "$what: the autotools build has no ${AC_DIR[$name]}/$f"
			ac_cmp_bpf "$what: $f (Meson vs autotools)" "$m/$f" "$a/${AC_DIR[$name]}/$f" "$det"
			echo "$what: $f identical ($(sha256sum <"$m/$f" | cut -c1-16))"
		done
	done
}

# clang: the Meson build of the checkout against the autotools build of a
# copy elsewhere, so this also shows that the bytes do not depend on where
# the trees lie.
examples_build clang -Dbpf-compiler=clang
ac_build clang --with-bpf-compiler=clang
# shellcheck disable=SC2046 # one word per name
# Every clang gives the same bytes from paths of other lengths (its BTF
# forward declarations sorted where the probe says so: issue 21).
ac_path_deterministic clang || fail "the probe finds clang's objects not reproducible across build paths"
det=yes
compare clang "$EX_BUILD" "$AC_BUILD" $(ex_names)
assert_eq "BPF outputs of the autotools build" "$((2 * ${#EX_NEEDS[@]}))" "$(bpf_outputs "$AC_BUILD" | wc -l)"

# The tests, as "KIND PROGRAM-OR-SCRIPT LOADER ARGS..." lines, and
# "functional-vm RUNNER KERNEL SCRIPT LOADER" for a functional test in a VM
# (both builds have bookworm's 6.1 as VM kernel).  Meson:
meson introspect --tests "$EX_BUILD" | python3 -c '
import json, os, sys
top = sys.argv[1]
for t in json.load(sys.stdin):
    cmd = t["cmd"]
    if any(s.endswith(":bpf-verifier") for s in t["suite"]):
        print("verifier", os.path.basename(cmd[-1]))
    elif any(s.endswith(":functional-vm") for s in t["suite"]):
        assert cmd[1:5:2] == ["--kernel", "--run"], cmd
        print("functional-vm", cmd[0], os.path.basename(cmd[2]), os.path.relpath(cmd[4], top),
              os.path.basename(cmd[5]), *cmd[6:])
    else:
        print("functional", os.path.relpath(cmd[0], top), os.path.basename(cmd[1]), *cmd[2:])
' "$BPFBUILD_TOP/examples" | LC_ALL=C sort >"$T/meson-tests" || fail "meson introspect --tests"
# autotools: TESTS, and the wrapper each .test runs.
# shellcheck disable=SC2016 # $(TESTS) is for make
printf 'ac-print-tests:\n\t@echo $(TESTS)\n' >"$T/print.mk"
tests=$(make -s -C "$AC_BUILD" -f Makefile -f "$T/print.mk" ac-print-tests) || fail "cannot list TESTS"
for t in $tests; do
	case $t in
	*.bpf.o) echo "verifier ${t##*/}" ;;
	*-vm-*.test)
		make -s -C "$AC_BUILD" "$t" >/dev/null || fail "cannot make $t"
		line=$(grep '^exec ' "$AC_BUILD/$t")
		# exec "BPF-VM-VERIFY" --kernel "KERNEL" --run "SRCDIR/SCRIPT" "BUILDDIR/LOADER" "$@"
		fields=$(echo "$line" | sed -n 's|^exec "\([^"]*\)" --kernel "\([^"]*\)" --run "\([^"]*\)" "\([^"]*\)" "\$@"$|\1\t\2\t\3\t\4|p')
		[ -n "$fields" ] || fail "$t: unexpected wrapper: $line"
		IFS=$'\t' read -r runner kernel script loader <<<"$fields"
		[ "$t" = "${loader##*/}-vm-${kernel##*/}.test" ] || fail "$t: the wrapper runs ${loader##*/} in ${kernel##*/}"
		echo "functional-vm $runner ${kernel##*/} ${script#"$AC_SRC"/} ${loader##*/}" ;;
	*.test)
		make -s -C "$AC_BUILD" "$t" >/dev/null || fail "cannot make $t"
		line=$(grep '^exec ' "$AC_BUILD/$t")
		# exec flock "BUILDDIR" SHELL "SRCDIR/SCRIPT" "BUILDDIR/LOADER" "$@"
		script=$(echo "$line" | sed -n 's|.* "\([^"]*\)" "\([^"]*\)" "\$@"$|\1|p')
		loader=$(echo "$line" | sed -n 's|.* "\([^"]*\)" "\([^"]*\)" "\$@"$|\2|p')
		[ -n "$script" ] || fail "$t: unexpected wrapper: $line"
		echo "functional ${script#"$AC_SRC"/} ${loader##*/}" ;;
	*) fail "unexpected test '$t' in TESTS" ;;
	esac
done | LC_ALL=C sort >"$T/ac-tests"
cat "$T/ac-tests"
diff "$T/meson-tests" "$T/ac-tests" || fail "the autotools build registers other tests than the Meson build (-meson +autotools)"

# gcc-bpf gives the same bytes from any tree (bpfbuild-btf-sort maps the
# source path that 14 and 16 leave in their BTF, and canonicalises the BTF
# that 12 orders by heap address): the Meson build of the checkout against
# the autotools build of a copy, as for clang, with address randomisation.
# Only a gcc-bpf that the probe finds not deterministic (trixie's 14: two
# compiles differ, its .rel.BTF stops the canonicaliser) is compared from
# one tree without address randomisation; gcc-bpf 12 must not need that.
command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
ac_tree
norand=()
if ac_path_deterministic gcc; then
	gcc_src=$BPFBUILD_TOP/examples
else
	[ "$(bpf-gcc -dumpversion | cut -d. -f1)" != 12 ] ||
		fail "the probe finds gcc-bpf 12's objects not reproducible (its BTF is canonicalised: docs/reproducible-btf.md)"
	note "gcc-bpf here is not deterministic (probe): one tree, no address randomisation"
	gcc_src=$AC_SRC
	setarch "$(uname -m)" -R true 2>/dev/null || fail "setarch -R (util-linux) does not work here"
	norand=(setarch "$(uname -m)" -R)
fi
meson setup "$T/m" "$gcc_src" -Dbpf-compiler=gcc >"$T/m.log" 2>&1 || { cat "$T/m.log"; fail "meson setup (gcc)"; }
"${norand[@]}" meson compile -C "$T/m" >"$T/mc.log" 2>&1 || { cat "$T/mc.log"; fail "meson compile (gcc)"; }
ac_configure "$T/a" --with-bpf-compiler=gcc
"${norand[@]}" make -C "$T/a" -j2 >"$T/a.log" 2>&1 || { cat "$T/a.log"; fail "make (gcc)"; }
gcc_built=()
for p in $(ex_names); do
	[ -e "$T/m/$p.bpf.o" ] && gcc_built+=("$p")
done
[ ${#gcc_built[@]} -gt 0 ] || fail "the Meson build with gcc-bpf builds no program"
det=yes  # deterministic, or one tree without ASLR: see above
compare gcc "$T/m" "$T/a" "${gcc_built[@]}"
assert_eq "BPF outputs of the autotools build (gcc)" "$((2 * ${#gcc_built[@]}))" "$(bpf_outputs "$T/a" | wc -l)"
assert_src_untouched
