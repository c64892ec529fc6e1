# A consumer of the installed toolkit configures the way distributions run
# Meson (dh_auto_configure, Gentoo's meson.eclass: --wrap-mode=nodownload),
# with the README's wrap and nothing else: no network, no link into the
# installed tree.  Meson unpacks the module's archive from the installed
# prefix, checked by its sha256, into a directory of its own.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-consumer.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"

meson setup "$T/tk" "$BPFBUILD_TOP" --prefix="$T/prefix" >"$T/tk.log" 2>&1 &&
	meson install -C "$T/tk" >>"$T/tk.log" 2>&1 || { tail -n 30 "$T/tk.log"; fail "the toolkit does not install"; }
export PATH="$T/prefix/bin:$PATH" PKG_CONFIG_PATH="$T/prefix/share/pkgconfig"
# Any download would go nowhere.
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 all_proxy=http://127.0.0.1:9

# The README's way, as it stands: copy the installed wrap.
readme_consumer "$T/c"
grep -q 'cp "$(pkg-config --variable=wrap bpfbuild)"' "$BPFBUILD_TOP/README.md" ||
	fail "README.md no longer says to copy the installed wrap"
cp "$(pkg-config --variable=wrap bpfbuild)" "$T/c/subprojects/bpfbuild.wrap"
meson setup --wrap-mode=nodownload "$T/c-b" "$T/c" -Dbpfbuild:bpf-compiler=clang >"$T/c.log" 2>&1 ||
	{ tail -n 20 "$T/c.log"; fail "the consumer does not configure under --wrap-mode=nodownload"; }
assert_grep "validation *: $T/prefix/bin/bpf-validate" "$T/c.log" "the consumer's summary"
[ -d "$T/c/subprojects/bpfbuild" ] && [ ! -L "$T/c/subprojects/bpfbuild" ] ||
	fail "subprojects/bpfbuild is not a directory Meson made"
[ -f "$T/c/subprojects/bpfbuild/engine/bpfbuild-cc" ] || fail "the unpacked module has no engine"
meson compile -C "$T/c-b" >>"$T/c.log" 2>&1 || { tail -n 20 "$T/c.log"; fail "the consumer does not build"; }

# With the toolkit's bin off PATH, the installed bpf-validate is still the
# validator: found through bpfbuild.pc, as the autoconf macros find it.
PATH=${PATH#"$T/prefix/bin:"} meson setup --wrap-mode=nodownload "$T/c-b1" "$T/c" -Dbpfbuild:bpf-compiler=clang >"$T/c1.log" 2>&1 ||
	{ tail -n 20 "$T/c1.log"; fail "the consumer does not configure with the toolkit's bin off PATH"; }
assert_grep "validation *: $T/prefix/bin/bpf-validate" "$T/c1.log" "the summary with the toolkit's bin off PATH"

# An archive whose bytes are not the wrap's is refused, not used.
rm -rf "$T/c/subprojects/bpfbuild"
archive=$(sed -n 's/^source_filename = //p' "$T/c/subprojects/bpfbuild.wrap")
case $archive in /*) ;; *) archive=$T/prefix/share/bpfbuild/$archive ;; esac
[ -f "$archive" ] || fail "the wrap names no installed archive: $archive"
cp "$archive" "$T/archive.good"
printf 'x' >>"$archive"
meson setup --wrap-mode=nodownload "$T/c-b2" "$T/c" >"$T/bad.log" 2>&1 &&
	fail "a changed archive is unpacked"
assert_grep "Incorrect hash" "$T/bad.log" "meson setup with a changed archive"
cp "$T/archive.good" "$archive"

# "meson dist" of a consumer that committed the installed wrap (and ignores
# the module Meson unpacks) refuses with one line: the wrap names a file of
# this machine.  With --include-subprojects the tarball holds the module
# and configures under nodownload where that file is gone.
readme_consumer "$T/d"
cp "$(pkg-config --variable=wrap bpfbuild)" "$T/d/subprojects/bpfbuild.wrap"
printf '/subprojects/bpfbuild/\n' >"$T/d/.gitignore"
git -C "$T/d" init -q && git -C "$T/d" add -A && git -C "$T/d" -c user.name=t -c user.email=t@t commit -qm consumer
meson setup --wrap-mode=nodownload "$T/d-b" "$T/d" -Dbpfbuild:bpf-compiler=clang >"$T/d.log" 2>&1 ||
	{ tail -n 20 "$T/d.log"; fail "the git consumer does not configure"; }
meson dist -C "$T/d-b" --no-tests --formats xztar >"$T/dist.log" 2>&1 &&
	fail "meson dist ships subprojects/bpfbuild.wrap, which names $archive of this machine"
assert_grep "^bpfbuild: subprojects/bpfbuild\\.wrap names ${archive//./\\.}, a file of this machine, which the tarball's users lack; ship the wrap of bpfbuild's release or repository, or run meson dist --include-subprojects\$" "$T/dist.log" "meson dist"
bad_input "meson dist" "the installed toolkit's wrap committed, the module not shipped" 1 "$(grep -m1 '^bpfbuild: ' "$T/dist.log")"
meson dist -C "$T/d-b" --no-tests --formats xztar --include-subprojects >"$T/dist2.log" 2>&1 ||
	{ tail -n 20 "$T/dist2.log"; fail "meson dist --include-subprojects fails"; }
mkdir "$T/un" && tar -C "$T/un" -xJf "$T/d-b/meson-dist/"bpf-consumer-*.tar.xz
mv "$archive" "$T/archive.away"
meson setup --wrap-mode=nodownload "$T/un-b" "$T/un/"bpf-consumer-* -Dbpfbuild:bpf-compiler=clang >"$T/un.log" 2>&1 ||
	{ tail -n 20 "$T/un.log"; fail "the consumer's tarball does not configure without the installed archive"; }
mv "$T/archive.away" "$archive"
