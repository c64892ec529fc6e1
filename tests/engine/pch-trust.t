#!/bin/bash
# The per-user cache of precompiled vmlinux.h (engine/bpfbuild-pch) is
# trusted as the probe's is (issue 46, engine/bpfbuild-user-cache.sh): an
# entry is used only below directories no other user can write or owns,
# and only when the PCH as read matches its sum.  A planted entry (a PCH
# of another header, with its right sum) stands for another user's swap:
# used, the build's PCH would be it.
. "$(dirname "$0")/../lib.sh"

pch=$BPFBUILD_TOP/engine/bpfbuild-pch
command -v clang >/dev/null || fail "clang not installed (tests/install-deps installs it)"
mkdir -m 700 "$T/up"
export BPFBUILD_PROBE_CACHE=$T/up/cache
printf 'struct ours { int a; };\n' >"$T/ours.h"
printf 'struct planted { int a; };\n' >"$T/planted.h"
clang -target bpf -O2 -Xclang -fno-pch-timestamp -x c-header "$T/planted.h" -o "$T/planted.pch" || fail "clang -x c-header"

# make_pch: the build's PCH of ours.h, through the cache.
make_pch() {
	rm -f "$T/out.pch"
	"$pch" "$T/ours.h" "$T/out.pch" clang -target bpf -O2 -Xclang -fno-pch-timestamp >"$T/pch.log" 2>&1 ||
		{ cat "$T/pch.log"; fail "bpfbuild-pch"; }
}
# plant: the entry of ours.h holds the planted PCH, with its right sum.
plant() {
	cp "$T/planted.pch" "$entry.pch"
	sha256sum <"$entry.pch" | cut -d' ' -f1 >"$entry.sum"
}
# ours WHAT: the build's PCH is that of ours.h, not the planted one.
ours() {
	make_pch
	cmp -s "$T/planted.pch" "$T/out.pch" && fail "$1: the planted PCH was used"
	echo 'int f(struct ours *p) { return p->a; }' >"$T/u.c"
	clang -target bpf -O2 -include-pch "$T/out.pch" -c "$T/u.c" -o "$T/u.o" 2>"$T/u.log" ||
		{ cat "$T/u.log"; fail "$1: the build's PCH is not ours.h's"; }
}

make_pch
sums=("$BPFBUILD_PROBE_CACHE"/pch-*.sum)
assert_eq "entries" 1 "${#sums[@]}"
entry=${sums[0]%.sum}
assert_eq "the entry's sum" "$(sha256sum <"$entry.pch" | cut -d' ' -f1)" "$(cat "$entry.sum")"
plant
make_pch
cmp -s "$T/planted.pch" "$T/out.pch" || fail "a whole entry of the user's alone was not used"

note "an entry whose PCH changed after its sum: made again"
printf x >>"$entry.pch"
ours "a PCH that does not match its sum"
note "below a directory the group can write: not used"
plant
chmod g+w "$T/up"
ours "an entry below a group-writable directory"
chmod g-w "$T/up"
if [ "$(id -u)" = 0 ]; then
	note "below a directory another user owns: not used"
	plant
	chown nobody "$T/up"
	ours "an entry below another user's directory"
	chown 0 "$T/up"
	note "a PCH another user owns: not used"
	plant
	chown nobody "$entry.pch"
	ours "a PCH another user owns"
fi
echo ok
