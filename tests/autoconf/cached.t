# A second ./configure -C prints "(cached)" for every BPF check, and runs
# no probe.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_tree
mkdir "$T/b"
(cd "$T/b" && "$AC_SRC/configure" -C) >"$T/1.log" 2>&1 || { cat "$T/1.log"; fail "first configure -C"; }
(cd "$T/b" && "$AC_SRC/configure" -C) >"$T/2.log" 2>&1 || { cat "$T/2.log"; fail "second configure -C"; }
checks='^checking (for the bpfbuild helper scripts|for bpftool|whether bpftool|for libbpf headers|for a BPF compiler|BPF probe |for the BPF compile flags|for bpf-validate|for bpf-vm-verify|for vmlinux\.h)'
grep -E "$checks" "$T/2.log" >"$T/checks"
cat "$T/checks"
n=$(wc -l <"$T/checks")
[ "$n" -ge 10 ] || fail "only $n BPF checks in the second configure"
assert_eq "BPF checks in both runs" "$(grep -cE "$checks" "$T/1.log")" "$n"
assert_no_grep '\(cached\)' <(grep -E "$checks" "$T/1.log") "the first configure"
if grep -v '(cached)' "$T/checks" >"$T/uncached"; then
	cat "$T/uncached"; fail "BPF checks not cached in the second configure"
fi
grep -q 'running BPF_CC=.*bpfbuild-probe' "$T/b/config.log" && fail "the second configure ran bpfbuild-probe"
# The same answers: the summary tables agree.
diff <(sed -n '/^  BPF$/,$p' "$T/1.log" | grep -v 'config.status') <(sed -n '/^  BPF$/,$p' "$T/2.log" | grep -v 'config.status') ||
	fail "the cached configure prints a different summary"

# A changed input is not answered from the cache.
(cd "$T/b" && "$AC_SRC/configure" -C --with-bpf-compiler=gcc) >"$T/3.log" 2>&1 || { cat "$T/3.log"; fail "configure -C --with-bpf-compiler=gcc"; }
assert_grep '^checking for a BPF compiler\.\.\. .*bpf-gcc' "$T/3.log" "configure -C with another compiler"
assert_no_grep '^checking for a BPF compiler\.\.\. \(cached\)' "$T/3.log" "configure -C with another compiler"

# A compiler that changed behind the same BPF_CC (a wrapper, an upgrade in
# place) is probed again: the probe's own key, which asks the compiler who
# it is, decides whether config.cache's answers hold.
mkdir "$T/bin" "$T/w"
printf '#!/bin/sh\nexec clang "$@"\n' >"$T/bin/bpf-cc"
chmod +x "$T/bin/bpf-cc"
(cd "$T/w" && "$AC_SRC/configure" -C --disable-bpf-pch BPF_CC="$T/bin/bpf-cc") >"$T/4.log" 2>&1 || { cat "$T/4.log"; fail "configure -C BPF_CC=wrapper of clang"; }
assert_grep '^checking for a BPF compiler\.\.\. .*bpf-cc \(clang ' "$T/4.log" "configure -C with the wrapper of clang"
printf '#!/bin/sh\nexec bpf-gcc "$@"\n' >"$T/bin/bpf-cc"
(cd "$T/w" && "$AC_SRC/configure" -C --disable-bpf-pch BPF_CC="$T/bin/bpf-cc") >"$T/5.log" 2>&1 || { cat "$T/5.log"; fail "configure -C BPF_CC=the wrapper, now of bpf-gcc"; }
assert_grep '^checking for a BPF compiler\.\.\. .*bpf-cc \(gcc ' "$T/5.log" "configure -C with the same wrapper, now of bpf-gcc"
assert_grep '^ +flags +: -mlittle-endian ' "$T/5.log" "the summary's flags for bpf-gcc"
