# The adoption path of README.md: a fresh consumer (a CO-RE tracepoint
# program with its loader, a cgroup program; tests/autoconf/consumer) goes
# from "bpfbuildize" and "autoreconf -fi" to a green "make distcheck" with
# nothing else added: the fragment distributes the BPF sources and the
# vendored scripts (real files, where bpfbuildize linked them).  Then
# bpfbuildize itself: idempotent, --copy, --force, --help, --version, and a
# file that differs is kept, with one line.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

bz=$BPFBUILD_TOP/autoconf-macros/bpfbuildize
command -v shellcheck >/dev/null || fail "shellcheck not installed (tests/install-deps installs it)"
(cd "$(dirname "$bz")" && shellcheck -x -S warning bpfbuildize) || fail "bpfbuildize: shellcheck warnings"

toolkit_build
p=$T/proj
ac_consumer "$p"
# One line per directory, the files counted (not some 70 lines, one a file).
n=$(find "$BPFBUILD_TOP/engine" -maxdepth 1 -type f | wc -l)
assert_grep "^bpfbuildize: linking $n files into build-aux/bpfbuild\$" "$p.bpfbuildize.log" "bpfbuildize"
assert_grep "^bpfbuildize: linking [0-9]+ files into m4\$" "$p.bpfbuildize.log" "bpfbuildize"
assert_no_grep "linking file" "$p.bpfbuildize.log" "bpfbuildize (a line per file without --verbose)"
[ "$(grep -c '^bpfbuildize: ' "$p.bpfbuildize.log")" -le 8 ] || { cat "$p.bpfbuildize.log"; fail "bpfbuildize: more than 8 lines"; }
assert_no_grep "add '" "$p.bpfbuildize.log" "bpfbuildize (hints for a project that has the include)"
[ -L "$p/m4/ax_bpf.m4" ] && [ -L "$p/build-aux/bpfbuild/probes/core.bpf.c" ] || fail "bpfbuildize made no links"
mkdir "$p/b"
(cd "$p/b" && ../configure BPF_VALIDATE="$BPF_VALIDATE") >"$T/configure.log" 2>&1 ||
	{ tail -n 30 "$T/configure.log"; fail "configure of the consumer"; }
assert_grep "^checking for the bpfbuild helper scripts\\.\\.\\. $p/build-aux/bpfbuild\$" "$T/configure.log" "configure"
# BPF_VALIDATE reaches the configure of distcheck through the environment.
(cd "$p/b" && BPF_VALIDATE=$BPF_VALIDATE make -j2 distcheck) >"$T/distcheck.log" 2>&1 ||
	{ tail -n 60 "$T/distcheck.log"; fail "make distcheck of the consumer"; }
assert_grep 'execcount-1\.0 archives ready for distribution' "$T/distcheck.log" "distcheck"
assert_grep '^PASS: src/execcount\.bpf\.o$' "$T/distcheck.log" "make check in distcheck"
assert_grep '^PASS: src/egress_bytes\.bpf\.o$' "$T/distcheck.log" "make check in distcheck"
assert_grep '^# PASS: +2$' "$T/distcheck.log" "make check in distcheck"
tar -tvzf "$p/b/execcount-1.0.tar.gz" >"$T/list"
for f in src/execcount.bpf.c src/egress_bytes.bpf.c src/execcount.c m4/ax_bpf.m4 m4/bpfbuild.am \
	build-aux/bpfbuild/bpfbuild-probe build-aux/bpfbuild/bpfbuild-cc build-aux/bpfbuild/bpfbuild-vmlinux-h \
	build-aux/bpfbuild/bpfbuild-probe-cc.sh build-aux/bpfbuild/probes/core.bpf.c; do
	grep -qE "^-[^ ]* .* execcount-1\\.0/$f\$" "$T/list" || fail "the tarball lacks $f as a regular file"
done
assert_no_grep '^l' "$T/list" "the tarball (symlinks)"

# Again: nothing to do, nothing said, nothing changed.
(cd "$p" && find m4 build-aux/bpfbuild -exec ls -ld --time-style=+%s.%N {} + | LC_ALL=C sort) >"$T/before"
(cd "$p" && "$bz") >"$T/again.log" 2>&1 || { cat "$T/again.log"; fail "bpfbuildize a second time"; }
[ ! -s "$T/again.log" ] || { cat "$T/again.log"; fail "bpfbuildize a second time said something"; }
(cd "$p" && find m4 build-aux/bpfbuild -exec ls -ld --time-style=+%s.%N {} + | LC_ALL=C sort) >"$T/after"
diff "$T/before" "$T/after" || fail "bpfbuildize a second time changed files"

# --copy: regular files with the same content; --verbose names each.
(cd "$p" && "$bz" --copy --verbose) >"$T/copy.log" 2>&1 || { cat "$T/copy.log"; fail "bpfbuildize --copy"; }
assert_grep "^bpfbuildize: copying file 'build-aux/bpfbuild/bpfbuild-cc'\$" "$T/copy.log" "bpfbuildize --copy --verbose"
assert_no_grep "files? into" "$T/copy.log" "bpfbuildize --verbose (the counts)"
[ ! -L "$p/m4/ax_bpf.m4" ] && [ -f "$p/m4/ax_bpf.m4" ] || fail "--copy left a link"
cmp "$p/m4/ax_bpf.m4" "$BPFBUILD_TOP/autoconf-macros/ax_bpf.m4" || fail "--copy: m4/ax_bpf.m4 differs"
[ -x "$p/build-aux/bpfbuild/bpfbuild-probe" ] || fail "--copy: bpfbuild-probe is not executable"

# A file the project changed is kept, with one line naming it and --force.
echo '# local change' >>"$p/m4/bpfbuild.am"
cp "$p/m4/bpfbuild.am" "$T/changed"
if (cd "$p" && "$bz") >"$T/conflict.log" 2>&1; then cat "$T/conflict.log"; fail "bpfbuildize over a changed file succeeded"; fi
cat "$T/conflict.log"
assert_grep "m4/bpfbuild\\.am differs from bpfbuild's .*; not replaced \\(bpfbuildize --force replaces it\\)" "$T/conflict.log" "bpfbuildize"
cmp "$p/m4/bpfbuild.am" "$T/changed" || fail "bpfbuildize changed m4/bpfbuild.am without --force"
(cd "$p" && "$bz" --force) >"$T/force.log" 2>&1 || { cat "$T/force.log"; fail "bpfbuildize --force"; }
cmp "$p/m4/bpfbuild.am" "$BPFBUILD_TOP/autoconf-macros/bpfbuild.am" || fail "--force did not replace m4/bpfbuild.am"

# --help, --version, bad input, and the hints for a project that lacks the lines.
"$bz" --help >"$T/help" || fail "bpfbuildize --help"
assert_grep '^ +-c, --copy' "$T/help" "--help"
assert_grep '^ +-f, --force' "$T/help" "--help"
assert_grep '^ +-v, --verbose' "$T/help" "--help"
"$bz" --version | grep -qE '^bpfbuildize \(bpfbuild\) [0-9]+\.[0-9]+' || fail "bpfbuildize --version"
if (cd "$T" && "$bz") >"$T/noac.log" 2>&1; then fail "bpfbuildize without configure.ac succeeded"; fi
assert_eq "bpfbuildize without configure.ac (lines)" 1 "$(wc -l <"$T/noac.log")"
assert_grep 'no configure\.ac here' "$T/noac.log"
if "$bz" --frobnicate >"$T/bad.log" 2>&1; then fail "bpfbuildize --frobnicate succeeded"; fi
assert_grep "unknown option '--frobnicate'" "$T/bad.log"
mkdir "$T/bare"
echo 'AC_INIT([bare], [1])' >"$T/bare/configure.ac"
(cd "$T/bare" && "$bz" --copy) >"$T/bare.log" 2>&1 || { cat "$T/bare.log"; fail "bpfbuildize in a bare project"; }
assert_grep "^bpfbuildize: copying $n files into build-aux/bpfbuild\$" "$T/bare.log" "bpfbuildize --copy"
assert_grep "add 'include \\\$\\(top_srcdir\\)/m4/bpfbuild\\.am' to Makefile\\.am" "$T/bare.log" "bpfbuildize"
assert_grep "add 'AC_CONFIG_MACRO_DIRS\\(\\[m4\\]\\)'" "$T/bare.log" "bpfbuildize"
[ -f "$T/bare/m4/ax_prog_bpf_cc.m4" ] && [ -f "$T/bare/build-aux/bpfbuild/bpfbuild-cc" ] ||
	fail "bpfbuildize --copy in a bare project"
