# Reproducible objects: two builds from different absolute source and build
# paths (of other lengths, one with a space) give byte-identical objects and
# skeletons with every clang, with
# no path of either tree inside, BTF line info that still carries source
# text, and "bpftool gen object" is idempotent on the final objects.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

# Paths of different lengths, one with a space: clang 15 and later order
# BTF forward declarations by heap address, which the paths move;
# bpfbuild-btf-sort puts them in name order where the probe says so.  Every
# clang here (clang, clang-N) gives identical bytes from both trees.
a="$T/first tree/src" b="$T/the/other/tree/at/a/longer/path/src"
copy_examples "$a"
copy_examples "$b"
clangs=()
for c in $(compgen -c clang | grep -E '^clang(-[0-9]+)?$' | sort -u); do
	real=$(readlink -f "$(command -v "$c")")
	case " ${clangs[*]} " in *" $real "*) continue ;; esac
	clangs+=("$real")
done
[ ${#clangs[@]} -gt 0 ] || fail "no clang"
for cc in "${clangs[@]}"; do
	for tree in "$a" "$b"; do
		rm -rf "$tree.build"
		BPF_CC=$cc meson setup "$tree.build" "$tree" -Dbpf-compiler=clang >"$T/setup.log" 2>&1 ||
			{ cat "$T/setup.log"; fail "configure failed in $tree"; }
		meson compile -C "$tree.build" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "build failed in $tree"; }
	done
	assert_grep "^ *deterministic *: yes" "$T/setup.log" "$cc: the probe's reproducibility verdict"
	n=0
	for f in "$a.build"/*.bpf.o "$a.build"/*.skel.h; do
		f=${f##*/}
		cmp "$a.build/$f" "$b.build/$f" || fail "$cc: $f differs between the two trees"
		for tree in "$a" "$b"; do
			! strings "$a.build/$f" | grep -qF "$tree" || fail "$f holds the path $tree"
		done
		! strings "$a.build/$f" | grep -qF "$T" || fail "$f holds a path under $T"
		n=$((n + 1))
	done
	[ $n -ge 8 ] || fail "$cc: only $n objects and skeletons built"
	note "$cc: $n objects and skeletons identical ($(grep -c -- '--btf-sort' "$T/setup.log") btf-sort decision)"
done
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
# The line text of a statement in the source, as BTF line info keeps it.
"$bpftool" btf dump file "$a.build/write_counter.bpf.o" >/dev/null || fail "bad BTF"
strings "$a.build/write_counter.bpf.o" | grep -qF '__sync_fetch_and_add(&writes, 1);' ||
	fail "BTF line info lost the source text"
strings "$a.build/write_counter.bpf.o" | grep -qE '^(\./)+write-counter/write_counter\.bpf\.c$' ||
	fail "BTF line info does not name the source relative to the tree"
for o in socket_bind write_counter; do
	"$bpftool" gen object "$T/$o.again.o" "$a.build/$o.bpf.o"
	cmp "$a.build/$o.bpf.o" "$T/$o.again.o" || fail "gen object is not idempotent on $o.bpf.o"
done
