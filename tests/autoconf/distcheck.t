# make distcheck passes: an out-of-tree build of the tarball, with a
# read-only source tree, builds, checks and cleans up.  The tarball holds
# real files where examples/ has symlinks (m4/, build-aux/bpfbuild).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

toolkit_build
ac_tree
[ -L "$AC_SRC/build-aux/bpfbuild" ] || fail "the copy of examples/ lost its build-aux/bpfbuild symlink"
ac_vm
ac_configure "$T/b" BPF_VALIDATE="$BPF_VALIDATE" "${AC_VM_ARGS[@]}"
make -C "$T/b" -j2 distcheck >"$T/distcheck.log" 2>&1 || { tail -n 60 "$T/distcheck.log"; fail "make distcheck"; }
tail -n 5 "$T/distcheck.log"
# Every program has a verifier and a functional test, and all of them
# pass: the configure inside distcheck got the VM kernel too
# (AM_DISTCHECK_CONFIGURE_FLAGS), for the LSM one.
# shellcheck disable=SC2046 # one word per name
ac_assert_checked "$T/distcheck.log" "" $(ex_names)
assert_grep 'archives ready for distribution' "$T/distcheck.log" "distcheck"

tarball=$T/b/bpfbuild-examples-0.1.0.tar.gz
[ -s "$tarball" ] || fail "no $tarball"
tar -tvzf "$tarball" >"$T/list"
for f in build-aux/bpfbuild/bpfbuild-probe build-aux/bpfbuild/bpfbuild-cc \
	build-aux/bpfbuild/probes/core.bpf.c m4/ax_bpf.m4 m4/ax_prog_bpf_cc.m4 m4/bpfbuild.am \
	configure; do
	grep -qE "^-[^ ]* .* bpfbuild-examples-0\.1\.0/$f\$" "$T/list" || fail "the tarball lacks $f as a regular file"
done
# Every source and test script of every example (the directories with a
# .bpf.c, and common/).
ex=$BPFBUILD_TOP/examples
for d in common $(cd "$ex" && ls -d -- */*.bpf.c | sed 's|/.*||' | sort -u); do
	for f in "$ex/$d"/*.[ch] "$ex/$d"/test-*.sh; do
		[ -e "$f" ] || continue
		f=${f#"$ex"/}
		grep -qE "^-[^ ]* .* bpfbuild-examples-0\.1\.0/$f\$" "$T/list" || fail "the tarball lacks $f"
	done
done
assert_no_grep '^l' "$T/list" "the tarball (symlinks)"
assert_src_untouched
