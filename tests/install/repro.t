# Nothing the toolkit's build makes depends on when, or from what checkout,
# it is built: the same sources built at two faked times (SOURCE_DATE_EPOCH
# unset, then set; the files' mtimes decades apart; another TZ, locale and
# umask, so other modes in the checkout) install byte-identical trees with
# the same modes: man pages, the module's archive and wrap, bpfbuildize,
# bpfbuild.pc, bpf-validate.  A consumer of each installed toolkit (the
# README's, through its wrap) builds byte-identical objects and skeletons.
# The paths stay the same (tests/meson/repro.t varies those).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../meson/lib-consumer.sh"

# round N UMASK MTIME ENV...: the toolkit built from a fresh checkout made
# under UMASK with every file's mtime MTIME, installed and copied to
# $T/inst-N, and the README's consumer built against it into $T/out-N.
round() {
	local n=$1 mask=$2 mtime=$3; shift 3
	rm -rf "$T/src" "$T/build" "$T/prefix" "$T/c" "$T/c-b"
	mkdir "$T/src"
	(cd "$BPFBUILD_TOP" && git ls-files -co --exclude-standard -z) |
		(umask "$mask" && cd "$BPFBUILD_TOP" && xargs -0 cp -P --parents -t "$T/src")
	find "$T/src" -exec touch -h -d "$mtime" {} +
	env "$@" sh -c 'meson setup "$1/build" "$1/src" --prefix="$1/prefix" && meson install -C "$1/build"' \
		sh "$T" >"$T/round-$n.log" 2>&1 || { tail -n 30 "$T/round-$n.log"; fail "round $n: the toolkit does not install"; }
	cp -a "$T/prefix" "$T/inst-$n"
	readme_consumer "$T/c"
	cp "$T/prefix/share/bpfbuild/bpfbuild.wrap" "$T/c/subprojects/"
	env "$@" sh -c 'meson setup --wrap-mode=nodownload "$1/c-b" "$1/c" -Dbpfbuild:bpf-compiler=clang && meson compile -C "$1/c-b"' \
		sh "$T" >>"$T/round-$n.log" 2>&1 || { tail -n 30 "$T/round-$n.log"; fail "round $n: the consumer does not build"; }
	mkdir "$T/out-$n"
	cp "$T/c-b/"*.bpf.o "$T/c-b/"*.skel.h "$T/out-$n/"
}
export PATH="$T/prefix/bin:$PATH" PKG_CONFIG_PATH="$T/prefix/share/pkgconfig" BPFBUILD_PROBE_CACHE=off
round 1 022 '1999-01-02 03:04:05 UTC' -u SOURCE_DATE_EPOCH TZ=UTC0 LC_ALL=C
round 2 077 '2024-07-08 09:10:11 UTC' SOURCE_DATE_EPOCH=1234567890 TZ=Pacific/Kiritimati LC_ALL=C.UTF-8

[ -n "$(find "$T/inst-1/share/man" -name '*.1' 2>/dev/null)" ] || fail "no man page installed (help2man missing?)"
ls "$T/inst-1/share/bpfbuild/"bpfbuild-module-*.tar.gz >/dev/null || fail "no module archive installed"
# What is installed, with its modes and link targets, then every byte.
for n in 1 2; do
	(cd "$T/inst-$n" && find . -printf '%p %M %l\n' | LC_ALL=C sort) >"$T/list-$n"
done
diff -u "$T/list-1" "$T/list-2" >"$T/list.diff" || { head -n 20 "$T/list.diff"; fail "the installed trees differ in names or modes"; }
diff -r --no-dereference "$T/inst-1" "$T/inst-2" >"$T/inst.diff" 2>&1 ||
	{ head -n 20 "$T/inst.diff"; fail "the installed trees differ: $(grep -c '^diff\|^Binary\|^Only' "$T/inst.diff") files"; }
n=$(find "$T/out-1" -name '*.bpf.o' | wc -l)
[ "$n" -ge 1 ] || fail "the consumer built no object"
diff -r "$T/out-1" "$T/out-2" >"$T/out.diff" 2>&1 || { head -n 5 "$T/out.diff"; fail "the consumer's objects or skeletons differ"; }
