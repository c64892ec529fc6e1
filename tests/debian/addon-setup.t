# The addon does the consumer's set-up: with "Build-Depends:
# dh-sequence-bpfbuild" and a plain "dh $@ --buildsystem=meson" (the man
# page's example, tests/debian/consumer-pkg), README.md's Meson consumer
# builds on the installed toolkit (dh_bpfbuild_wrap puts its wrap in
# subprojects/ before dh_auto_configure's --wrap-mode=nodownload), and
# "debian/rules clean" gives back the tree exactly (dh_bpfbuild_wrap_clean):
# - a 3.0 (quilt) package whose upstream ships subprojects/bpfbuild.wrap
#   (the release's, as README.md tells upstreams) builds, source and
#   binary, twice in a row: dpkg-source finds no change of upstream's;
# - a native package without a wrap keeps none after clean.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../meson/lib-consumer.sh"
. "$(dirname "$0")/lib-pkg.sh"

for p in dh dpkg-buildpackage dpkg-source; do
	command -v "$p" >/dev/null || fail "$p not installed (tests/install-deps installs debhelper and dpkg-dev on the host)"
done
unset DEB_BUILD_OPTIONS BPF_VALIDATE_KERNELS

note "the toolkit with -Ddh-addon=true, installed into a prefix"
meson setup "$T/tk" "$BPFBUILD_TOP" --prefix="$T/prefix" -Ddh-addon=true >"$T/tk.log" 2>&1 &&
	meson install -C "$T/tk" >>"$T/tk.log" 2>&1 || { tail -n 30 "$T/tk.log"; fail "the toolkit does not install"; }
export PATH="$T/prefix/bin:$PATH" PERL5LIB="$T/prefix/share/perl5" PKG_CONFIG_PATH="$T/prefix/share/pkgconfig"
for c in dh_bpfbuild_wrap dh_bpfbuild_wrap_clean; do
	[ -x "$T/prefix/bin/$c" ] || fail "no bin/$c installed"
	[ -f "$T/prefix/share/man/man1/$c.1" ] || fail "no man1/$c.1 installed"
done
# No download: a wrap that needs one fails.
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 all_proxy=http://127.0.0.1:9

# same_tree WHAT PRISTINE TREE: TREE is PRISTINE again, file for file.
same_tree() {
	diff -r --no-dereference "$2" "$3" >"$T/diff" 2>&1 || { head -n 20 "$T/diff"; fail "$1: the tree differs from the source's"; }
}

note "3.0 (quilt), upstream ships its wrap: build, clean, build again"
q=$T/quilt/bpf-consumer-1.0
consumer_pkg "$q"
cp "$BPFBUILD_TOP/docs/bpfbuild.wrap" "$q/subprojects/bpfbuild.wrap"
(cd "$T/quilt" && tar --exclude=bpf-consumer-1.0/debian -cJf bpf-consumer_1.0.orig.tar.xz bpf-consumer-1.0)
echo '3.0 (quilt)' >"$q/debian/source/format"
sed -i '1s/(1\.0)/(1.0-1)/' "$q/debian/changelog"
cp -a "$q" "$T/quilt.pristine"
for run in 1 2; do
	(cd "$q" && dpkg-buildpackage -us -uc -d) >"$T/quilt.$run.log" 2>&1 ||
		{ tail -n 30 "$T/quilt.$run.log"; fail "dpkg-buildpackage of the quilt package, run $run"; }
	assert_grep '^ +dh_bpfbuild_wrap( |$)' "$T/quilt.$run.log" "run $run (dh ran dh_bpfbuild_wrap)"
	assert_grep "^dh_bpfbuild: bpf-consumer: /usr/lib/bpf/bpf-consumer/write-counter\\.bpf\\.o test pass\$" "$T/quilt.$run.log" "run $run's verdicts"
	cmp -s "$BPFBUILD_TOP/docs/bpfbuild.wrap" "$q/subprojects/bpfbuild.wrap" &&
		fail "run $run built with upstream's wrap, not the installed toolkit's"
done
assert_grep '^ +dh_bpfbuild_wrap_clean( |$)' "$T/quilt.2.log" "run 2's clean"
(cd "$q" && debian/rules clean) >"$T/quilt.clean.log" 2>&1 || { cat "$T/quilt.clean.log"; fail "debian/rules clean"; }
same_tree "quilt, after debian/rules clean" "$T/quilt.pristine" "$q"

note "3.0 (native), no wrap of its own: build, then clean"
n=$T/native/bpf-consumer
consumer_pkg "$n"
cp -a "$n" "$T/native.pristine"
(cd "$n" && dpkg-buildpackage -us -uc -b -d) >"$T/native.log" 2>&1 ||
	{ tail -n 30 "$T/native.log"; fail "dpkg-buildpackage of the native package"; }
(cd "$n" && debian/rules clean) >"$T/native.clean.log" 2>&1 || { cat "$T/native.clean.log"; fail "debian/rules clean"; }
same_tree "native, after debian/rules clean" "$T/native.pristine" "$n"
