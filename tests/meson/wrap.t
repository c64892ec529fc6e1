# A fresh Meson consumer (the README's) outside the repository gets bpfbuild
# the ways Meson users get a dependency, each only through a wrap in its
# subprojects/, and builds and passes "meson test" with each: the installed
# toolkit's wrap, a wrap-file of the "meson dist" tarball (docs/bpfbuild.wrap
# with its URL and sha256), a wrap-git of the repository; and a link to the
# installed module configures validate-kernels without the toolkit's bin
# on PATH.  All offline.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-consumer.sh"

# The repository as committed from this working tree (tracked and new files).
mkdir "$T/repo"
(cd "$BPFBUILD_TOP" && git ls-files -co --exclude-standard -z) |
	(cd "$BPFBUILD_TOP" && xargs -0 cp -P --parents -t "$T/repo")
git -C "$T/repo" init -q -b main
git -C "$T/repo" add -A
git -C "$T/repo" -c user.name=t -c user.email=t@t commit -qm snapshot

# The toolkit installed into a prefix of the test's own.
meson setup "$T/tk" "$T/repo" --prefix="$T/prefix" >"$T/tk.log" 2>&1 &&
	meson install -C "$T/tk" >>"$T/tk.log" 2>&1 || { tail -n 30 "$T/tk.log"; fail "the toolkit does not install"; }
export PATH="$T/prefix/bin:$PATH" PKG_CONFIG_PATH="$T/prefix/share/pkgconfig"
[ -x "$T/prefix/bin/bpf-validate" ] || fail "no bpf-validate installed"

# builds NAME: the consumer $T/NAME configures, builds and passes its tests.
builds() {
	meson setup "$T/$1-b" "$T/$1" -Dbpfbuild:bpf-compiler=clang >"$T/$1.log" 2>&1 ||
		{ tail -n 30 "$T/$1.log"; fail "$1: the consumer does not configure"; }
	assert_no_grep 'skipping' "$T/$1.log" "$1"
	assert_grep "validation *: $T/prefix/bin/bpf-validate" "$T/$1.log" "$1"
	meson compile -C "$T/$1-b" >>"$T/$1.log" 2>&1 || { tail -n 30 "$T/$1.log"; fail "$1: the consumer does not build"; }
	meson test -C "$T/$1-b" --print-errorlogs >>"$T/$1.log" 2>&1 || { tail -n 40 "$T/$1.log"; fail "$1: meson test fails"; }
	assert_grep '^Ok: +2 *$' "$T/$1.log" "$1"
}

# 1. The installed toolkit: its wrap names the module's archive, which
# holds what the subproject builds or runs where PATH lacks the installed
# bpf-validate and VM tools (tests/meson/subproject-validator.t).
readme_consumer "$T/installed"
wrap=$(pkg-config --variable=wrap bpfbuild) || fail "bpfbuild.pc has no wrap variable"
tar -tzf "$(dirname "$wrap")"/bpfbuild-module-*.tar.gz >"$T/archive.list" || fail "the module's archive does not unpack"
for f in meson-modules/bpfbuild/validation/meson.build tools/bpf-validate/meson.build tools/bpf-validate/main.c \
		tools/bpf-vm/bpf-vm-verify tools/bpf-vm/bpf-vm-report; do
	assert_grep "^bpfbuild/$f\$" "$T/archive.list" "the module's archive"
done
cp "$wrap" "$T/installed/subprojects/bpfbuild.wrap"
builds installed

# 2. The release tarball, by docs/bpfbuild.wrap.
meson dist -C "$T/tk" --no-tests --formats xztar >"$T/dist.log" 2>&1 || { tail -n 20 "$T/dist.log"; fail "meson dist fails"; }
tarball=$(ls "$T/tk/meson-dist/"bpfbuild-*.tar.xz)
readme_consumer "$T/release"
sed -e "s|^source_url = .*|source_url = file://$tarball|" \
	-e "s|^source_hash = .*|source_hash = $(sha256sum "$tarball" | cut -d' ' -f1)|" \
	"$BPFBUILD_TOP/docs/bpfbuild.wrap" >"$T/release/subprojects/bpfbuild.wrap"
builds release

# 3. The repository, by a wrap-git.
readme_consumer "$T/git"
printf '[wrap-git]\nurl = %s\nrevision = main\ndepth = 1\n' "$T/repo" >"$T/git/subprojects/bpfbuild.wrap"
builds git

# 4. A link to the installed module, whose toolkit's bin is not on PATH:
# bpf-validate and bpf-vm-verify through bpfbuild.pc, so validate-kernels
# configures.
readme_consumer "$T/link"
ln -s "$(pkg-config --variable=mesondir bpfbuild)" "$T/link/subprojects/bpfbuild"
PATH=${PATH#"$T/prefix/bin:"} meson setup "$T/link-b" "$T/link" -Dbpfbuild:bpf-compiler=clang \
	-Dbpfbuild:validate-kernels=6.1.0-57-cloud-amd64 >"$T/link.log" 2>&1 ||
	{ tail -n 30 "$T/link.log"; fail "link: the consumer does not configure with validate-kernels"; }
assert_grep "validation *: $T/prefix/bin/bpf-validate, then every object in VMs: 6\.1\.0-57-cloud-amd64\$" "$T/link.log" "link"
assert_grep "'--vm-verify' '$T/prefix/bin/bpf-vm-verify'" "$T/link-b/subprojects/bpfbuild/meson-modules/bpfbuild/validation/bpfbuild-validate-test" "link"

# The subproject-qualified options reach the module through a wrap too.
meson setup "$T/opt-b" "$T/git" -Dbpfbuild:vmlinux-h=provided -Dbpfbuild:vmlinux-h-path="$T/none.h" >"$T/opt.log" 2>&1 &&
	fail "git wrap: -Dbpfbuild:vmlinux-h-path of a missing file configures"
assert_grep "vmlinux-h-path='$T/none.h' is not a file" "$T/opt.log"
