# The precompiled vmlinux.h is kept per user (engine/bpfbuild-pch, issue 30
# item 2): a second build tree copies the entry instead of precompiling
# again, and its objects are those of a build without the PCH.  A cut or
# foreign-owned entry is not used (made again, whole, the user's own); an
# entry that went away costs a compile its PCH, never the build; another
# tree's use of the entry leaves a no-op rebuild a no-op.
. "$(dirname "$0")/../lib.sh"

src=$BPFBUILD_TOP/examples
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
"$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$T/vmlinux.h"
export BPFBUILD_PROBE_CACHE=$T/user-cache
common=(-Dbpf-compiler=clang -Dvmlinux-h=provided -Dvmlinux-h-path="$T/vmlinux.h")
objs=(write_counter.bpf.o exec_events.bpf.o socket_bind.bpf.o)
pch=subprojects/bpfbuild/meson-modules/bpfbuild/vmlinux.h.pch
meson setup "$T/off" "$src" "${common[@]}" -Dbpf-pch=false >"$T/off.log" 2>&1 || { cat "$T/off.log"; fail "configure (pch off)"; }
ninja -C "$T/off" "${objs[@]}" >/dev/null || fail "build (pch off)"

# tree NAME: configured, its PCH made first (so that every compile uses
# it), its objects built and compared with the build without the PCH.
tree() {
	meson setup "$T/$1" "$src" "${common[@]}" >"$T/$1.log" 2>&1 || { cat "$T/$1.log"; fail "configure ($1)"; }
	grep -qE 'vmlinux.h.pch *: yes' "$T/$1.log" || skip "the probe offers no PCH here: $(grep 'vmlinux.h.pch' "$T/$1.log")"
	ninja -C "$T/$1" "$pch" >/dev/null || fail "the PCH ($1)"
	ninja -C "$T/$1" "${objs[@]}" >/dev/null || fail "build ($1)"
	for o in "${objs[@]}"; do cmp "$T/off/$o" "$T/$1/$o" || fail "$1: $o differs from the build without the PCH"; done
}
entry() { ls "$BPFBUILD_PROBE_CACHE"/pch-*.pch; }

tree a
[ "$(ls "$BPFBUILD_PROBE_CACHE"/pch-* | wc -l)" = 3 ] || fail "expected one entry (.h, .pch, .sum): $(ls "$BPFBUILD_PROBE_CACHE")"
e=$(entry)
cmp "$e" "$T/a/$pch" || fail "tree a's PCH is not the entry's"
inode=$(stat -c %i "$e")
# Used: with -include-pch clang reads the entry's vmlinux.h first.
assert_eq "first dependency" "${e%.pch}.h" "$(ninja -C "$T/a" -t deps write_counter.bpf.o | sed -n '2{s/^ *//;p}')"

tree b
cmp "$e" "$T/b/$pch" || fail "tree b's PCH is not the entry's"
assert_eq "the entry's inode after tree b (not made again)" "$inode" "$(stat -c %i "$e")"

# Cut: made again (a new file), whole.
truncate -s 4096 "$e"
tree c
[ "$(stat -c %i "$e")" != "$inode" ] || fail "the cut entry was used"
[ "$(stat -c %s "$e")" -gt 4096 ] || fail "the cut entry was not made again"
if [ "$(id -u)" = 0 ]; then
	inode=$(stat -c %i "$e")
	chown nobody "$e"
	tree d
	[ "$(stat -c %i "$e")" != "$inode" ] || fail "the entry another user owns was used"
	assert_eq "the entry's owner" 0 "$(stat -c %u "$e")"
fi

# Tree a's rebuild is still a no-op after trees b, c and d used the entry.
ninja -C "$T/a" "$pch" "${objs[@]}" | grep -q 'no work to do' || fail "tree a: a no-op rebuild has work after other trees used the entry"
# Gone: tree b's PCH names the entry's header; a compile that takes it
# goes without it, and its object does not change.
rm -rf "$BPFBUILD_PROBE_CACHE"
rm "$T/b/write_counter.bpf.o"
ninja -C "$T/b" write_counter.bpf.o >"$T/b2.log" 2>&1 || { cat "$T/b2.log"; fail "a compile after the cache went away"; }
cmp "$T/off/write_counter.bpf.o" "$T/b/write_counter.bpf.o" || fail "after the cache went away: the object differs"
assert_no_grep 'AST file' "$T/b2.log" "the compile's output"
ninja -C "$T/b" "$pch" "${objs[@]}" >/dev/null && ninja -C "$T/b" "$pch" "${objs[@]}" | grep -q 'no work to do' ||
	fail "tree b: a second ninja has work"
ls -A "$BPFBUILD_PROBE_CACHE" 2>/dev/null | grep -E 'XXXXXX|\.tmp' && fail "temporaries left in the cache"
exit 0
