# The per-user cache of precompiled vmlinux.h (engine/bpfbuild-pch, about
# 17 MB an entry) keeps at most 4 entries, the most recently used: a fifth
# one removes the entry used longest ago, a use keeps an old one, and
# nothing but bpfbuild's own entries is ever removed.  Small headers
# stand for vmlinux.h (each its own key), compiled by the real clang.
. "$(dirname "$0")/../lib.sh"

pch=$BPFBUILD_TOP/engine/bpfbuild-pch
command -v clang >/dev/null || fail "clang not installed (tests/install-deps installs it)"
export BPFBUILD_PROBE_CACHE=$T/cache
mkdir -m 700 "$BPFBUILD_PROBE_CACHE"
# Not bpfbuild's: a name like an entry's but not one, and another file.
foreign=(pch-notours.pch pch-0123.sum notes.txt)
for f in "${foreign[@]}"; do echo keep >"$BPFBUILD_PROBE_CACHE/$f"; done

# make N: the PCH of header N (its own key), through the cache.
make_pch() {
	printf 'struct s%s { int a; };\n' "$1" >"$T/h$1.h"
	"$pch" "$T/h$1.h" "$T/h$1.pch" clang -target bpf -O2 >"$T/pch.log" 2>&1 || { cat "$T/pch.log"; fail "bpfbuild-pch (header $1)"; }
	[ -s "$T/h$1.pch" ] || fail "no PCH for header $1"
}
# key N: the entry whose header is header N.
key() { grep -lx "struct s$1 { int a; };" "$BPFBUILD_PROBE_CACHE"/pch-*.h | sed 's#.*/pch-##; s#\.h$##'; }
entries() { find "$BPFBUILD_PROBE_CACHE" -maxdepth 1 -regextype posix-extended -regex '.*/pch-[0-9a-f]{64}\.sum' | wc -l; }

for n in 1 2 3 4; do make_pch $n; done
assert_eq "entries after four headers" 4 "$(entries)"
k1=$(key 1) k2=$(key 2)
[ -n "$k1" ] && [ -n "$k2" ] || fail "no entries for headers 1 and 2"
# Header 1 used again: now header 2's entry is the one used longest ago.
make_pch 1
make_pch 5
assert_eq "entries after a fifth header" 4 "$(entries)"
[ -f "$BPFBUILD_PROBE_CACHE/pch-$k1.sum" ] || fail "the entry used again went away"
for ext in h pch sum; do
	[ ! -e "$BPFBUILD_PROBE_CACHE/pch-$k2.$ext" ] || fail "the entry used longest ago stays (pch-$k2.$ext)"
done
[ -n "$(key 5)" ] || fail "the new entry is not kept"
for f in "${foreign[@]}"; do
	[ -f "$BPFBUILD_PROBE_CACHE/$f" ] || fail "removed $f, which bpfbuild did not make"
done
# Every entry left is whole: header, PCH and sum.
for s in "$BPFBUILD_PROBE_CACHE"/pch-*.sum; do
	case ${s##*/} in pch-0123.sum) continue ;; esac
	[ -f "${s%.sum}.h" ] && [ -f "${s%.sum}.pch" ] || fail "a cut entry: ${s##*/}"
done
# Header 2 again: made anew, and its PCH is a PCH.
make_pch 2
echo 'int f(struct s2 *p) { return p->a; }' >"$T/u.c"
clang -target bpf -O2 -include-pch "$T/h2.pch" -c "$T/u.c" -o "$T/u.o" || fail "the PCH made after eviction does not compile"
echo ok
