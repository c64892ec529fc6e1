# The debhelper addon (debhelper/, -Ddh-addon=true): the README's Meson
# consumer packaged with tests/debian/consumer-pkg/debian ("dh $@
# --buildsystem=meson", "Build-Depends: dh-sequence-bpfbuild") builds with
# dpkg-buildpackage and the addon of a staged install of this tree.  Its
# verdicts lie beside the .deb, in bpf-consumer_1.0_ARCH.bpf-verdicts,
# which the .changes lists (per object: the compiler, the verifier test's
# result, each program's verdict on the build host's kernel and on a VM's;
# sorted, no build path), and in the build log, not in the .deb: the .deb
# is the same bytes built as root, with nocheck, and unprivileged (as a
# build daemon builds, Rules-Requires-Root: no) under another kernel
# release (setarch --uname-2.6).  Lintian finds nothing to say about its
# BPF objects.  dh_bpfbuild fails, one line
# each, on an object holding the build path, one without BTF, a host ELF
# named *.bpf.o, and objects whose verifier test did not run; under
# nocheck it records "not verified: nocheck", and a test the build host
# could not run (unprivileged, exit 77) is recorded with its reason.  Only
# a record this build's test wrote counts: a passing one planted beside
# the build's own failing one, and under nocheck one that came with the
# source tree (older than the object, or apart from it), are an error
# naming the record.
# dh_bpfbuild.1 renders, dated by SOURCE_DATE_EPOCH.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"
. "$(dirname "$0")/../meson/lib-consumer.sh"
. "$(dirname "$0")/lib-pkg.sh"

for p in dh dpkg-buildpackage lintian pod2man; do
	command -v "$p" >/dev/null || fail "$p not installed (tests/install-deps installs debhelper, dpkg-dev and lintian on the host)"
done
unset BPF_VALIDATE_KERNELS DEB_BUILD_OPTIONS

note "staged install of the toolkit with -Ddh-addon=true"
stage=$T/stage
SOURCE_DATE_EPOCH=1700000000 meson setup "$T/tk" "$BPFBUILD_TOP" --prefix=/usr -Ddh-addon=true >"$T/tk.log" 2>&1 &&
	SOURCE_DATE_EPOCH=1700000000 meson install -C "$T/tk" --destdir "$stage" >>"$T/tk.log" 2>&1 ||
	{ tail -n 30 "$T/tk.log"; fail "the toolkit with -Ddh-addon=true does not build and install"; }
[ -x "$stage/usr/bin/dh_bpfbuild" ] || fail "no bin/dh_bpfbuild installed"
[ -f "$stage/usr/share/perl5/Debian/Debhelper/Sequence/bpfbuild.pm" ] || fail "no share/perl5/Debian/Debhelper/Sequence/bpfbuild.pm installed"
page=$stage/usr/share/man/man1/dh_bpfbuild.1
[ -f "$page" ] || fail "no man1/dh_bpfbuild.1 installed"
LC_ALL=C MANWIDTH=100 man --nh --nj -l "$page" >"$T/man.txt" 2>"$T/man.err" || fail "man -l dh_bpfbuild.1 exits $?"
[ ! -s "$T/man.err" ] || fail "man -l dh_bpfbuild.1 warns: $(head -n 3 "$T/man.err")"
assert_grep '^ +dh_bpfbuild - check the BPF objects' "$T/man.txt" "dh_bpfbuild.1 (NAME)"
assert_grep '^\.TH DH_BPFBUILD 1 "2023-11-14" "bpfbuild [0-9.]+"' "$page" "dh_bpfbuild.1 (SOURCE_DATE_EPOCH's date)"
export PATH="$stage/usr/bin:$PATH" PERL5LIB="$stage/usr/share/perl5"

note "dpkg-buildpackage of tests/debian/consumer-pkg"
src=$T/src/bpf-consumer
consumer_pkg "$src"
subproject_copy "$src/subprojects/bpfbuild"
# build: the package's own build and tests (dh_auto_test runs meson test).
build() { (cd "$src" && dpkg-buildpackage -us -uc -b -d) >"$T/$1.log" 2>&1; }
# With a VM kernel (bookworm's 6.1) besides the build host's, as a
# maintainer sets BPF_VALIDATE_KERNELS for meson test.
vm_kernel_61
BPF_VALIDATE_KERNELS=$k61 build deb || { tail -n 40 "$T/deb.log"; fail "dpkg-buildpackage of the consumer package"; }
assert_grep '^ +dh_bpfbuild ' "$T/deb.log" "the build (dh ran dh_bpfbuild)"
deb=$T/src/bpf-consumer_1.0_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "no ${deb##*/} built"
cp "$deb" "$T/root.deb"
dpkg-deb -x "$deb" "$T/deb"
[ ! -e "$T/deb/usr/share/doc/bpf-consumer/bpf-verdicts" ] || fail "the .deb holds the verdicts, which name the build host"
rec=${deb%.deb}.bpf-verdicts
[ -f "$rec" ] || fail "no ${rec##*/} beside the .deb"
cat "$rec"
assert_grep " $(sha256sum <"$rec" | cut -d' ' -f1) [0-9]+ ${rec##*/}\$" "${deb%.deb}.changes" "the .changes (the verdicts file)"
assert_grep "^dh_bpfbuild: bpf-consumer: /usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o test pass\$" "$T/deb.log" "the build log (the verdicts)"
host=$(uname -r)
for o in socket-bind:deny_low_ports write-counter:count_write; do
	p=/usr/lib/bpf/bpf-consumer/${o%%:*}.bpf.o
	[ -f "$T/deb$p" ] || fail "the .deb lacks $p"
	# Byte for byte the object its record names: dh_strip and dh_dwz,
	# which come after dh_bpfbuild, leave ELF relocatables alone.
	cmp -s "$T/deb$p" "$src/obj-$(dpkg-architecture -qDEB_HOST_MULTIARCH)/${p##*/}" ||
		fail "$p in the .deb differs from the object the build made and tested"
	assert_grep "^$p compiler (clang|gcc) [0-9]+\\." "$rec" "bpf-verdicts ($p's compiler)"
	assert_grep "^$p test pass\$" "$rec" "bpf-verdicts ($p's test)"
	assert_grep "^$p kernel host=${host//./\\.} ${o#*:} pass\$" "$rec" "bpf-verdicts ($p on the build host's kernel)"
	assert_grep "^$p kernel vm=${k61//./\\.} ${o#*:} pass\$" "$rec" "bpf-verdicts ($p on the VM's kernel)"
done
grep -v '^#' "$rec" | LC_ALL=C sort -c || fail "bpf-verdicts is not sorted"
assert_no_grep "$T|[0-9]{4}-[0-9]{2}-[0-9]{2}" "$rec" "bpf-verdicts (build paths, dates)"

note "Static-Built-Using: the sources of the headers compiled in"
libbpf=$(dpkg-query -W -f '${source:Package} (= ${source:Version})' libbpf-dev)
dpkg-deb -f "$deb" Static-Built-Using | tr ',' '\n' | sed 's/^ *//' >"$T/sbu"
cat "$T/sbu"
grep -qxF "$libbpf" "$T/sbu" || fail "Static-Built-Using lacks $libbpf (libbpf's headers)"
linux=$(dpkg-query -W -f '${source:Package} (= ${source:Version})' linux-libc-dev)
grep -qxF "$linux" "$T/sbu" || fail "Static-Built-Using lacks $linux (the kernel's uapi headers)"

note "lintian on the .deb"
lintian --tag-display-limit 0 "$deb" >"$T/lintian.txt" 2>&1 || true
cat "$T/lintian.txt"
assert_no_grep '\.bpf\.o' "$T/lintian.txt" "lintian's tags"
# No error or warning either, but one: bookworm's lintian (2.116) predates
# Static-Built-Using, which dpkg has known since 1.21.3.
grep -E '^[EW]: ' "$T/lintian.txt" | grep -v ': unknown-field Static-Built-Using$' >"$T/lintian.ew" || :
[ ! -s "$T/lintian.ew" ] || fail "lintian: errors or warnings on the consumer's .deb (above)"
assert_grep 'binary-from-other-architecture \[usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o\]' \
	"$T/deb/usr/share/lintian/overrides/bpf-consumer" "the lintian overrides"

# dh_bpfbuild again on the built tree, with OBJ installed as NAME; its
# errors in $T/NAME.err.
objdir=$src/debian/bpf-consumer/usr/lib/bpf/bpf-consumer
# redo NAME [ENV...] [--OPTION...]: fails, its errors in $T/NAME.err.
redo() {
	local name=$1 rc=0 a envs=() opts=(); shift
	for a; do case $a in --*) opts+=("$a") ;; *) envs+=("$a") ;; esac; done
	(cd "$src" && env "${envs[@]}" dh_bpfbuild --buildsystem=meson "${opts[@]}") >"$T/$name.out" 2>"$T/$name.err" || rc=$?
	[ $rc -ne 0 ] || { cat "$T/$name.out"; fail "dh_bpfbuild passes $name"; }
	redo_rc=$rc
}
# only_error NAME PATTERN INPUT: exactly one line, which matches (a row of
# docs/bad-input.md).
only_error() {
	[ "$(grep -c 'error:' "$T/$1.err")" = 1 ] || { cat "$T/$1.err"; fail "$1: not one error line"; }
	assert_grep "^dh_bpfbuild: error: bpf-consumer: $2" "$T/$1.err" "dh_bpfbuild ($1)"
	bad_input dh_bpfbuild "$3" "$redo_rc" "$(grep "error:" "$T/$1.err")"
}

note "an object holding the build path (__FILE__ in a debug message)"
cp "$BPFBUILD_TOP/tests/debian/programs/trace_open.bpf.c" "$src/"
clang_bpf_object "$src/trace_open.bpf.c" "$objdir/trace_open.bpf.o"
grep -qF "$src" "$objdir/trace_open.bpf.o" || fail "trace_open.bpf.o does not hold $src"
redo buildpath DEB_BUILD_OPTIONS=nocheck
only_error buildpath "/usr/lib/bpf/bpf-consumer/trace_open\\.bpf\\.o: holds the build path $src; " \
	"an installed BPF object holding the package's source path"
rm -f "$objdir/trace_open.bpf.o"

note "an object without BTF (built without -g)"
# From the source dir: __FILE__ is then no build path.
(cd "$src" && clang -O2 -target bpf -idirafter "/usr/include/$(gcc -print-multiarch)" -c trace_open.bpf.c -o "$objdir/nobtf.bpf.o")
redo nobtf DEB_BUILD_OPTIONS=nocheck
only_error nobtf '/usr/lib/bpf/bpf-consumer/nobtf\.bpf\.o: no \.BTF section' "an installed BPF object without .BTF"
rm -f "$objdir/nobtf.bpf.o"

note "a host ELF object installed as a BPF object"
cp "$src"/obj-*/write-counter.p/write-counter.c.o "$objdir/loader.bpf.o"
redo hostelf DEB_BUILD_OPTIONS=nocheck
only_error hostelf '/usr/lib/bpf/bpf-consumer/loader\.bpf\.o: not a BPF ELF object \(e_machine 247\)' \
	"an installed *.bpf.o that is a host ELF object"
rm -f "$objdir/loader.bpf.o"

note "objects whose verifier test did not run"
b=$(echo "$src"/obj-*)
# A record the build's test wrote, passing, for the cases below.
cp "$b/.bpfbuild-verdicts/socket-bind.bpf.o.verdict" "$T/pass.verdict"
mkdir "$T/verdicts"
mv "$b/.bpfbuild-verdicts" "$T/verdicts/"
redo notrun
assert_grep '^dh_bpfbuild: error: bpf-consumer: /usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o: its verifier test did not run' "$T/notrun.err"
assert_grep '^dh_bpfbuild: error: bpf-consumer: /usr/lib/bpf/bpf-consumer/write-counter\.bpf\.o: its verifier test did not run' "$T/notrun.err"
bad_input dh_bpfbuild "an installed BPF object without a record of its verifier test (tests not run)" "$redo_rc" \
	"$(grep socket-bind "$T/notrun.err")"
note "records moved away from their objects are none of this build's"
(cd "$src" && dh_bpfbuild --buildsystem=meson --verdicts-dir="$T/verdicts") >"$T/moved.out" 2>"$T/moved.err" &&
	fail "dh_bpfbuild believes records moved away from their objects"
assert_grep "^dh_bpfbuild: error: bpf-consumer: /usr/lib/bpf/bpf-consumer/socket-bind\\.bpf\\.o: $T/verdicts/\\.bpfbuild-verdicts/socket-bind\\.bpf\\.o\\.verdict is no record of this build's verifier test of it \\(no socket-bind\\.bpf\\.o beside it\\)" \
	"$T/moved.err" "dh_bpfbuild (records moved away)"
mv "$T/verdicts/.bpfbuild-verdicts" "$b/"

note "a test the build host could not run (unprivileged: exit 77)"
mkdir -m 0777 "$T/unpriv"
chmod o+x "$T"
cp "$src"/obj-*/socket-bind.bpf.o "$src"/obj-*/write-counter.bpf.o "$T/unpriv/"
# The engine where that user can read it, wherever the checkout lies.
cp -R "$BPFBUILD_TOP/engine" "$T/engine" && chmod -R o+rX "$T/engine"
rc=0
# A build daemon is no CI run: there a skip stays a skip (77), not a failure.
# No kernel image in /boot (an empty one in a mount namespace): no VM either.
unshare -m sh -c 'mount -t tmpfs -o mode=755 tmpfs /boot && exec "$@"' sh \
	env -u CI setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	sh "$T/engine/bpfbuild-validate-test" --validator "$stage/usr/bin/bpf-validate" \
	--compiler 'clang 99.1' -- "$T/unpriv/socket-bind.bpf.o" >"$T/unpriv.log" 2>&1 || rc=$?
assert_eq "the verifier test's exit, unprivileged" 77 "$rc"
assert_grep "bpf\(\) is denied to this user and the build environment has no kernel to verify in a VM: add linux-image-cloud-$(dpkg --print-architecture) and bpfbuild-vm-tools to the Build-Depends" \
	"$T/unpriv.log" "the unprivileged skip"
(cd "$src" && dh_bpfbuild --buildsystem=meson --verdicts-dir="$T/unpriv" --verdicts-dir="$b") >"$T/skip.out" 2>&1 ||
	{ cat "$T/skip.out"; fail "dh_bpfbuild on a recorded skip"; }
rec=${deb%.deb}.bpf-verdicts
assert_grep '^/usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o test skipped: bpf\(\) denied \(Operation not permitted\)' "$rec" "bpf-verdicts (skip)"
assert_grep '^/usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o compiler clang 99\.1$' "$rec" "bpf-verdicts (the skip's compiler)"
assert_grep '^/usr/lib/bpf/bpf-consumer/write-counter\.bpf\.o test pass$' "$rec" "bpf-verdicts (the other object's record)"

note "a passing record planted beside the build's own failing one"
# The build's own test of socket-bind, failing: its policy requires a
# program the object lacks.
rc=0
env -u CI sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" --validator "$stage/usr/bin/bpf-validate" \
	--require no_such_program -- "$b/socket-bind.bpf.o" >"$T/own-fail.log" 2>&1 || rc=$?
assert_eq "the verifier test's exit, a required program missing" 1 "$rc"
assert_grep '^exit 1$' "$b/.bpfbuild-verdicts/socket-bind.bpf.o.verdict" "the build's own record"
cp "$T/pass.verdict" "$b/.bpfbuild-verdicts/old.verdict"
redo planted
planted="^dh_bpfbuild: error: bpf-consumer: /usr/lib/bpf/bpf-consumer/socket-bind\\.bpf\\.o: ${b#"$src/"}/\\.bpfbuild-verdicts/old\\.verdict is no record of this build's verifier test of it \\(named other than its object socket-bind\\.bpf\\.o\\); delete it"
assert_grep "$planted" "$T/planted.err" "dh_bpfbuild (a planted record)"
assert_grep '^dh_bpfbuild: error: bpf-consumer: /usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o: its verifier test failed' \
	"$T/planted.err" "dh_bpfbuild (the build's own record)"
bad_input dh_bpfbuild "a passing verifier record beside the build's own failing one (planted, not written by this build's test)" \
	"$redo_rc" "$(grep -E "$planted" "$T/planted.err")"
rm -f "$b/.bpfbuild-verdicts/old.verdict"

note "nocheck: dpkg-buildpackage without the tests"
rm -f "$T"/src/*.deb
DEB_BUILD_OPTIONS=nocheck build nocheck || { tail -n 40 "$T/nocheck.log"; fail "dpkg-buildpackage with nocheck"; }
assert_no_grep 'socket-bind\.bpf\.o +OK' "$T/nocheck.log" "the nocheck build (no verifier test)"
assert_grep 'socket-bind\.bpf\.o: not verified: nocheck' "$T/nocheck.log" "the nocheck build"
cmp "$T/root.deb" "$deb" || fail "the .deb built with nocheck differs from the one built with the tests"
rec=${deb%.deb}.bpf-verdicts
for o in socket-bind write-counter; do
	assert_grep "^/usr/lib/bpf/bpf-consumer/$o\\.bpf\\.o test not verified: nocheck\$" "$rec" "bpf-verdicts under nocheck"
	assert_grep "^/usr/lib/bpf/bpf-consumer/$o\\.bpf\\.o compiler (clang|gcc) [0-9]+\\." "$rec" "bpf-verdicts under nocheck (the probe's compiler)"
done

note "nocheck: a record that came with the source tree"
b=$(echo "$src"/obj-*)
[ ! -e "$b/.bpfbuild-verdicts" ] || fail "the nocheck build left records: $(ls "$b/.bpfbuild-verdicts")"
sum=$(sha256sum <"$b/socket-bind.bpf.o" | cut -d' ' -f1)
# shipped DIR: a passing record of this very object in DIR, dated as a
# source tarball's files are (older than what the build made).
shipped() {
	mkdir -p "$1/.bpfbuild-verdicts"
	sed "s/^sha256 .*/sha256 $sum/" "$T/pass.verdict" >"$1/.bpfbuild-verdicts/socket-bind.bpf.o.verdict"
	touch -d @1700000000 "$1/.bpfbuild-verdicts/socket-bind.bpf.o.verdict"
}
# An in-tree build's: beside the object, older than it.
shipped "$b"
redo shipped DEB_BUILD_OPTIONS=nocheck
only_error shipped "/usr/lib/bpf/bpf-consumer/socket-bind\\.bpf\\.o: ${b#"$src/"}/\\.bpfbuild-verdicts/socket-bind\\.bpf\\.o\\.verdict is no record of this build's verifier test of it \\(older than the socket-bind\\.bpf\\.o beside it\\); delete it" \
	"under nocheck, a passing verifier record older than its object (shipped in the source tree)"
rm -r "$b/.bpfbuild-verdicts"
# At the source tree's top, searched with --verdicts-dir: apart from the object.
shipped "$src"
redo shipped-top DEB_BUILD_OPTIONS=nocheck --verdicts-dir="$src"
only_error shipped-top '/usr/lib/bpf/bpf-consumer/socket-bind\.bpf\.o: \.bpfbuild-verdicts/socket-bind\.bpf\.o\.verdict is no record of this build.s verifier test of it \(no socket-bind\.bpf\.o beside it\); delete it' \
	"under nocheck, a passing verifier record in the source tree, apart from its object"

note "unprivileged (as a build daemon), under another kernel release: the same .deb, verified in a VM"
# The tree as the build above left it: dpkg-buildpackage cleans it first.
rm -rf "$b/.bpfbuild-verdicts" "$src/.bpfbuild-verdicts"
u=$T/unpriv-build
mkdir "$u"
cp -R "$src" "$u/"
chown -R 65534:65534 "$u"
# No CI here: a build daemon's skip stays a skip.  HOME as Debian's system
# users have it, never to be made.  The kernel image a package among the
# Build-Depends would install (bookworm's 6.1, in a /boot of a mount
# namespace): the verifier test boots it, without privilege.
(cd "$u/bpf-consumer" && unshare -m sh -c 'mount -t tmpfs -o mode=755 tmpfs /boot &&
	cp "$1/vmlinuz" "/boot/vmlinuz-$2" && shift 2 && exec "$@"' sh "$K61" "$k61" \
	env -u CI -u DEB_BUILD_OPTIONS HOME=/nonexistent \
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	setarch "$(uname -m)" --uname-2.6 dpkg-buildpackage -us -uc -b -d) >"$T/unpriv-build.log" 2>&1 ||
	{ tail -n 40 "$T/unpriv-build.log"; fail "dpkg-buildpackage, unprivileged"; }
[ ! -e /nonexistent ] || fail "the unprivileged build made /nonexistent"
cmp "$T/root.deb" "$u/${deb##*/}" || fail "the .deb built unprivileged under --uname-2.6 differs from the one built as root"
assert_grep "verifying in a VM of the build environment's kernel, /boot/vmlinuz-$k61" \
	"$(echo "$u"/bpf-consumer/obj-*/meson-logs/testlog.txt)" "the unprivileged build's tests"
for o in socket-bind:deny_low_ports write-counter:count_write; do
	p=/usr/lib/bpf/bpf-consumer/${o%%:*}.bpf.o
	assert_grep "^$p test pass\$" "$u/${rec##*/}" "the unprivileged build's verdicts ($p)"
	assert_grep "^$p kernel vm=${k61//./\\.} ${o#*:} pass\$" "$u/${rec##*/}" "the unprivileged build's verdicts ($p in the VM)"
done
