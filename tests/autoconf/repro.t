# Reproducible autotools builds: two trees at different absolute paths,
# built out of tree, one of them with distro CFLAGS, give byte-identical
# objects and skeletons with no path of either tree inside.  The paths are
# of other lengths (clang 19 and 21 order their BTF by heap address, which
# the lengths move, and bpfbuild-btf-sort puts it in order).  (No space in
# the paths: Automake itself refuses them, "unsafe srcdir value"; the Meson
# test, tests/meson/repro.t, has one.)
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

toolkit_build
ac_tree
for tree in "$T/first" "$T/the/other/tree/a/little/longer"; do
	mkdir -p "$tree"
	cp -R "$AC_SRC/.." "$tree/src"
done
build() {
	local src=$1/src/examples b=$1/build
	mkdir -p "$b"
	(cd "$b" && "$src/configure" --with-bpf-compiler=clang BPF_VALIDATE="$BPF_VALIDATE" "${@:2}" &&
		make -j2) >"$1.log" 2>&1 || { tail -n 30 "$1.log"; fail "build in $1 fails"; }
}
build "$T/first"
build "$T/the/other/tree/a/little/longer" CFLAGS='-march=native -fstack-protector-strong -D_FORTIFY_SOURCE=3 -flto -O3 -pipe'
grep -q -- '-flto' "$T/the/other/tree/a/little/longer/build/Makefile" || fail "CFLAGS did not reach the host build (test is void)"

n=0
while IFS= read -r f; do
	rel=${f#"$T/first/build/"}
	cmp "$f" "$T/the/other/tree/a/little/longer/build/$rel" || fail "$rel differs between the two trees"
	! strings "$f" | grep -F "$T" >/dev/null || fail "$rel holds a path under $T"
	n=$((n + 1))
done < <(find "$T/first/build" -name '*.bpf.o' -o -name '*.skel.h' -o -name '*.lskel.h')
[ "$n" -ge 10 ] || fail "only $n objects and skeletons compared"
note "$n objects and skeletons identical"
