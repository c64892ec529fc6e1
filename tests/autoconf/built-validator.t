# A bpfbuildized consumer on a machine with no bpf-validate installed gets
# the real validator, as a Meson consumer does (meson/subproject-validator.t):
# bpfbuildize, run from bpfbuild's source tree, copies the validator's
# sources and the VM tools into build-aux/bpfbuild; configure says it will
# build bpf-validate; "make check" builds it for the build machine before
# the verifier tests and prints its report (not "bpftool prog loadall"'s);
# --with-bpf-validate-kernels then verifies in that VM (one boot) with the
# copied bpf-vm-verify; "make dist" ships the sources (distcheck builds
# and runs it from there) and "make clean" removes it.  With no sources (bpfbuild's own examples link the engine alone),
# the fallback's reason: autoconf/validate-kernels.t.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

vm_kernel_61

# Nothing of the toolkit installed: neither on PATH nor known to pkg-config.
without_toolkit "$T/sys"

# The consumer, and beside its programs one the host may refuse (an LSM
# program), which the VM verifies.
p=$T/c
mkdir -p "$p" && cp -R "$BPFBUILD_TOP/tests/autoconf/consumer/." "$p/" || fail "cannot copy the consumer"
cp "$BPFBUILD_TOP/tests/vm/progs/lsm_file_open.bpf.c" "$p/src/"
echo 'BPF_OBJECTS += src/lsm_file_open.bpf.o' >>"$p/Makefile.am"
ac_consumer_reconf "$p"
assert_grep "^bpfbuildize: linking [0-9]+ files into build-aux/bpfbuild/bpf-validate\$" "$p.bpfbuildize.log" "bpfbuildize"
assert_grep "^bpfbuildize: linking [0-9]+ files into build-aux/bpfbuild/bpf-vm\$" "$p.bpfbuildize.log" "bpfbuildize"
assert_grep "^bpfbuildize: copying 1 file into build-aux/bpfbuild/bpf-validate\$" "$p.bpfbuildize.log" "bpfbuildize"
[ -L "$p/build-aux/bpfbuild/bpf-validate/main.c" ] && [ -L "$p/build-aux/bpfbuild/bpf-vm/bpf-vm-verify" ] &&
	[ -f "$p/build-aux/bpfbuild/bpf-validate/bv-config.h" ] && [ ! -L "$p/build-aux/bpfbuild/bpf-validate/bv-config.h" ] ||
	fail "bpfbuildize: the validator's sources, the VM tools (links) and bv-config.h (a file)"
# The VM tools' --version: the version put in, as meson install does.
v=$(sed -n 's/^bpfbuildize (bpfbuild) //p' <("$BPFBUILD_TOP/autoconf-macros/bpfbuildize" --version))
[ ! -L "$p/build-aux/bpfbuild/bpf-vm/bpf-vm-version.sh" ] && [ -n "$v" ] &&
	grep -qF "v='$v'" "$p/build-aux/bpfbuild/bpf-vm/bpf-vm-version.sh" || fail "bpf-vm-version.sh lacks the version $v"

b=$p/b
mkdir "$b"
(cd "$b" && ../configure) >"$T/configure.log" 2>&1 || { tail -n 30 "$T/configure.log"; fail "configure of the consumer"; }
built="${b//./\\.}/bpf-validate \\(built for the build machine by make check, from \\S+/build-aux/bpfbuild/bpf-validate: no bpf-validate is installed \\(on PATH or through pkg-config bpfbuild\\)\\)"
assert_grep "^ +validation +: $built, no VM kernels" "$T/configure.log" "the summary"
[ ! -e "$b/bpf-validate" ] || fail "configure built bpf-validate"

# Where pkg-config finds no libbpf nor libelf (the loader's flags, and the
# libbpf headers for the BPF programs, given by hand), the fallback, with
# the reason.
mkdir "$T/nopc" "$p/b0"
inc=$(pkg-config --variable=includedir libbpf) || fail "pkg-config finds no libbpf"
(cd "$p/b0" && PKG_CONFIG_LIBDIR=$T/nopc ax_cv_bpf_libbpf_includedir=$inc \
	../configure LIBBPF_CFLAGS=-DLIBBPF_BY_HAND LIBBPF_LIBS=-lbpf) >"$T/configure-0.log" 2>&1 ||
	{ tail -n 30 "$T/configure-0.log"; fail "configure of the consumer with no libbpf.pc"; }
assert_grep "^ +validation +: \\S+/bpfbuild-validate-fallback \\(bpftool prog loadall: no bpf-validate is installed \\(on PATH or through pkg-config bpfbuild\\), and none can be built: pkg-config finds no libbpf-dev, libelf-dev\\), no VM kernels" \
	"$T/configure-0.log" "the summary"

# Built by make check, before the tests: they run it.  (Without VM kernels
# the host's refused LSM program is a skip, which CI=true would fail: the
# VMs come below.)
(cd "$b" && env -u CI make -j2 check) >"$T/check.log" 2>&1 || { tail -n 40 "$T/check.log"; fail "make check"; }
[ -x "$b/bpf-validate" ] || fail "make check built no bpf-validate"
"$b/bpf-validate" --version | grep -qE '^bpf-validate \(bpfbuild\) [0-9]+\.[0-9]+' ||
	fail "the built bpf-validate --version names no toolkit version"
assert_grep '^PASS: src/execcount\.bpf\.o$' "$T/check.log" "make check"
# bpf-validate's per-program table; the fallback prints "OBJ: loaded".
assert_grep '^execcount\.bpf\.o +[a-z_]+ +\S+ +pass +[0-9]+ ' "$b/src/execcount.bpf.log" "the host's report"
assert_no_grep ': loaded$' "$b/src/execcount.bpf.log" "the host's report"

# The VM kernel, with the copied bpf-vm-verify: one test, one boot.
(cd "$b" && ../configure --with-bpf-validate-kernels=$k61) >"$T/configure-k.log" 2>&1 ||
	{ tail -n 30 "$T/configure-k.log"; fail "configure --with-bpf-validate-kernels=$k61"; }
assert_grep "^checking for bpf-vm-verify\\.\\.\\. $p/build-aux/bpfbuild/bpf-vm/bpf-vm-verify\$" "$T/configure-k.log" "configure"
assert_grep "^ +validation +: $built, then every object in VMs: ${k61//./\\.}\$" "$T/configure-k.log" "the summary"
(cd "$b" && CI=true make check TESTS=src/lsm_file_open.bpf.o) >"$T/check-k.log" 2>&1 ||
	{ tail -n 40 "$T/check-k.log"; fail "make check with --with-bpf-validate-kernels=$k61"; }
log=$b/src/lsm_file_open.bpf.log
assert_grep "^kernel ${k61//./\\.}: release .*, exit 0\$" "$log" "the VM's boot"
assert_grep "^lsm_file_open\\.bpf\\.o +vm_file_open +.* pass\$" "$log" "the VM's table"

# Shipped by make dist (as files): distcheck's build of the tarball builds
# it from there and runs it, and leaves nothing behind; make clean removes it.
(cd "$b" && env -u CI make -j2 distcheck) >"$T/dist.log" 2>&1 || { tail -n 30 "$T/dist.log"; fail "make distcheck"; }
assert_grep '^ +GEN +bpf-validate$' "$T/dist.log" "make distcheck"
assert_grep '^PASS: src/execcount\.bpf\.o$' "$T/dist.log" "make distcheck"
tar -tvzf "$b/execcount-1.0.tar.gz" >"$T/list"
# bpf-validate reads its objects through the engine's reader, shipped too.
for f in bpf-validate/main.c bpf-validate/bpf-validate.h bpf-validate/bv-config.h bpf-vm/bpf-vm-verify \
	bpfbuild-btf-read.c bpfbuild-btf-read.h; do
	grep -qE "^-[^ ]* .* execcount-1\\.0/build-aux/bpfbuild/$f\$" "$T/list" || fail "the tarball lacks $f as a regular file"
done
(cd "$b" && make clean) >"$T/clean.log" 2>&1 || { cat "$T/clean.log"; fail "make clean"; }
[ ! -e "$b/bpf-validate" ] || fail "make clean left bpf-validate"
