# Reproducible objects: two builds from different absolute source and build
# paths (one with a space) give byte-identical objects and skeletons, with
# no path of either tree inside, BTF line info that still carries source
# text, and "bpftool gen object" is idempotent on the final objects.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

# Equally long paths: clang 19 and 21 emit CO-RE BTF that follows the
# length of the paths (the probe says so, as "deterministic: no").
a="$T/first tree/src" b="$T/other/tree/src"
[ ${#a} = ${#b} ] || fail "the two trees' paths must be equally long"
copy_examples "$a"
copy_examples "$b"
for tree in "$a" "$b"; do
	meson setup "$tree.build" "$tree" -Dbpf-compiler=clang >"$T/setup.log" 2>&1 ||
		{ cat "$T/setup.log"; fail "configure failed in $tree"; }
	meson compile -C "$tree.build" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "build failed in $tree"; }
done
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
for f in socket_bind.bpf.o write_counter.bpf.o socket_bind.skel.h write_counter.skel.h; do
	cmp "$a.build/$f" "$b.build/$f" || fail "$f differs between the two trees"
	for tree in "$a" "$b"; do
		! strings "$a.build/$f" | grep -qF "$tree" || fail "$f holds the path $tree"
	done
	! strings "$a.build/$f" | grep -qF "$T" || fail "$f holds a path under $T"
done
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
