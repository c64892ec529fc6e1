# Reproducible objects: two builds from different absolute source and build
# paths (of other lengths, one with a space) give byte-identical objects and
# skeletons with every compiler here (each clang, clang-N and gcc-bpf), the
# precompiled vmlinux.h on (the default) and off, with no path of either
# tree inside, BTF line info that still carries source text, and "bpftool
# gen object" is idempotent on the final objects.  gcc-bpf 12 must be
# reproducible too (its BTF follows heap addresses, which bpfbuild-btf-sort
# --canonical puts in an order of its content); only another gcc-bpf whose
# probe says its output is not reproducible (trixie's 14) must say so in
# the summary, and is then not compared.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

# Paths of different lengths, one with a space: clang 15 and later order
# BTF forward declarations by heap address, which the paths move, gcc-bpf
# writes the absolute source path into its BTF strings, and gcc-bpf 12
# orders all its BTF by heap address; bpfbuild-btf-sort sorts, maps or
# canonicalises them where the probe says so.
a="$T/first tree/src" b="$T/the/other/tree/at/a/longer/path/src"
copy_examples "$a"
copy_examples "$b"
compilers=()
for c in $(compgen -c clang | grep -E '^clang(-[0-9]+)?$' | sort -u) bpf-gcc; do
	command -v "$c" >/dev/null || continue
	real=$(readlink -f "$(command -v "$c")")
	case " ${compilers[*]} " in *" $real "*) continue ;; esac
	compilers+=("$real")
done
[ ${#compilers[@]} -gt 1 ] || fail "fewer than two BPF compilers: ${compilers[*]}"
# build TREE BUILD CC [MESON-ARGS...]
build() {
	local tree=$1 dir=$2 cc=$3
	shift 3
	rm -rf "$dir"
	BPF_CC=$cc meson setup "$dir" "$tree" "$@" >"$T/setup.log" 2>&1 ||
		{ cat "$T/setup.log"; fail "$cc: configure failed in $tree"; }
	meson compile -C "$dir" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "$cc: build failed in $tree"; }
}
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
# line_info DIR: the line text of a statement in the source, as BTF line
# info keeps it, under a path relative to the tree; gen object idempotent.
line_info() {
	"$bpftool" btf dump file "$1/write_counter.bpf.o" >/dev/null || fail "bad BTF"
	strings "$1/write_counter.bpf.o" | grep -F '__sync_fetch_and_add(&writes, 1);' >/dev/null ||
		fail "BTF line info lost the source text"
	strings "$1/write_counter.bpf.o" | grep -E '^(\./)+write-counter/write_counter\.bpf\.c$' >/dev/null ||
		fail "BTF line info does not name the source relative to the tree"
	for o in socket_bind write_counter; do
		"$bpftool" gen object "$T/$o.again.o" "$1/$o.bpf.o"
		cmp "$1/$o.bpf.o" "$T/$o.again.o" || fail "gen object is not idempotent on $o.bpf.o"
	done
}
checked_line_info=no
for cc in "${compilers[@]}"; do
	case ${cc##*/} in *gcc*) kind=gcc ;; *) kind=clang ;; esac
	build "$a" "$a.build" "$cc" -Dbpf-compiler=$kind
	build "$b" "$b.build" "$cc" -Dbpf-compiler=$kind
	if ! grep -qE '^ *deterministic *: yes' "$T/setup.log"; then
		# gcc-bpf 12 is canonicalised, so it must be reproducible; another
		# gcc-bpf the probe finds not deterministic (trixie's 14: see
		# docs/capabilities.md) must say so in the summary.
		[ $kind = gcc ] && [ "$("$cc" -dumpversion | cut -d. -f1)" != 12 ] ||
			fail "$cc: the probe finds its output not reproducible: $(grep -E '^ *deterministic *:' "$T/setup.log")"
		assert_grep '^ *reproducible *: not guaranteed: .+' "$T/setup.log" "$cc: the summary"
		note "$cc: not compared: $(sed -n 's/^ *reproducible *: //p' "$T/setup.log")"
		continue
	fi
	assert_grep '^ *reproducible *: yes' "$T/setup.log" "$cc: the summary"
	pch=$(sed -n 's/^ *vmlinux.h.pch *: //p' "$T/setup.log")
	build "$b" "$b.nopch" "$cc" -Dbpf-compiler=$kind -Dbpf-pch=false
	n=0
	for f in "$a.build"/*.bpf.o "$a.build"/*.skel.h; do
		f=${f##*/}
		cmp "$a.build/$f" "$b.build/$f" || fail "$cc: $f differs between the two trees"
		cmp "$b.build/$f" "$b.nopch/$f" || fail "$cc: $f differs without the precompiled vmlinux.h ($pch)"
		for tree in "$a" "$b"; do
			! strings "$a.build/$f" | grep -F "$tree" >/dev/null || fail "$cc: $f holds the path $tree"
		done
		! strings "$a.build/$f" | grep -F "$T" >/dev/null || fail "$cc: $f holds a path under $T"
		n=$((n + 1))
	done
	[ $n -ge 4 ] || fail "$cc: only $n objects and skeletons built"
	[ $kind != clang ] || [ $checked_line_info = yes ] || { line_info "$a.build"; checked_line_info=yes; }
	note "$cc: $n objects and skeletons identical from both trees and without the PCH (PCH: $pch; $(grep -c -- '--btf-sort' "$T/setup.log") btf-sort decision)"
done
[ $checked_line_info = yes ] || fail "no clang build to check BTF line info on"
