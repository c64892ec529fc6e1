#!/bin/bash
# The generated vmlinux.h is kept per user (engine/bpfbuild-vmlinux-h,
# issue 30 item 2): a second build tree takes it from there instead of
# dumping the BTF again, byte for byte the same header.  Under the probe
# cache's rules: an entry another user owns or can write, or a cut one, is
# not used (dumped again, whole); BPFBUILD_PROBE_CACHE=off keeps none; HOME
# is never made.  Issue 46: an entry cut short that still ends with the
# guard does not match its sum; a cache below a directory another user
# can write or owns is not used.
. "$(dirname "$0")/../lib.sh"
gen=$BPFBUILD_TOP/engine/bpfbuild-vmlinux-h
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
btf=/sys/kernel/btf/vmlinux
[ -r "$btf" ] || skip "no $btf"
"$bpftool" btf dump file "$btf" format c >"$T/dump.h" || fail "bpftool btf dump"
export BPFBUILD_PROBE_CACHE=$T/user-cache

"$gen" "$bpftool" "$btf" "$T/a.h" || fail "first tree"
cmp "$T/dump.h" "$T/a.h" || fail "the header differs from bpftool's dump"
entries=("$BPFBUILD_PROBE_CACHE"/vmlinux-*.h)
assert_eq "entries in the user's cache" 1 "${#entries[@]}"
entry=${entries[0]}
[[ ${entry##*/} =~ ^vmlinux-[0-9a-f]{64}\.h$ ]] || fail "the entry's name holds no SHA-256: ${entry##*/}"
cmp "$T/dump.h" "$entry" || fail "the entry differs from bpftool's dump"
assert_eq "the entry's mode" 600 "$(stat -c %a "$entry")"

sum=${entry%.h}.sum
assert_eq "the entry's sum" "$(sha256sum <"$T/dump.h" | cut -d' ' -f1)" "$(cat "$sum")"
# Taken from the cache: a mark put into the (still whole) entry, with its
# sum, shows up.
{ echo '/* from the cache */'; cat "$T/dump.h"; } >"$entry"
sha256sum <"$entry" | cut -d' ' -f1 >"$sum"
"$gen" "$bpftool" "$btf" "$T/b.h" || fail "second tree"
assert_grep '^/\* from the cache \*/$' "$T/b.h" "the second tree's header"

# dumped_again WHAT: the next header is bpftool's own dump, not the entry.
dumped_again() {
	rm -f "$T/c.h"
	"$gen" "$bpftool" "$btf" "$T/c.h" || fail "$1: failed"
	cmp "$T/dump.h" "$T/c.h" || fail "$1: the header is not bpftool's dump"
}
head -c 100000 "$T/dump.h" >"$entry"
dumped_again "a cut entry"
cmp "$T/dump.h" "$entry" || fail "the cut entry was not replaced by a whole one"
{ head -c 100000 "$T/dump.h"; printf '\n#endif /* __VMLINUX_H__ */\n'; } >"$entry"
dumped_again "an entry cut short that still ends with the guard"
cmp "$T/dump.h" "$entry" || fail "the cut entry was not replaced by a whole one"
# plant: a marked entry with its right sum, so that only the rule under
# test can refuse it.
plant() {
	{ echo '/* planted */'; cat "$T/dump.h"; } >"$entry"
	sha256sum <"$entry" | cut -d' ' -f1 >"$sum"
}
plant
chmod g+w "$entry"
dumped_again "a group-writable entry"
chmod 600 "$entry"
plant
mkdir -m 700 "$T/up"
mv "$BPFBUILD_PROBE_CACHE" "$T/up/"
chmod g+w "$T/up"
BPFBUILD_PROBE_CACHE=$T/up/user-cache dumped_again "an entry below a group-writable directory"
chmod g-w "$T/up"
mv "$T/up/user-cache" "$BPFBUILD_PROBE_CACHE"
if [ "$(id -u)" = 0 ]; then
	plant
	chmod 600 "$entry"
	chown nobody "$entry"
	dumped_again "an entry another user owns"
	chown 0 "$entry"
	chown nobody "$BPFBUILD_PROBE_CACHE"
	plant
	dumped_again "a cache directory another user owns"
	chown 0 "$BPFBUILD_PROBE_CACHE"
	plant
	mkdir -m 755 "$T/theirs"
	mv "$BPFBUILD_PROBE_CACHE" "$T/theirs/"
	chown nobody "$T/theirs"
	BPFBUILD_PROBE_CACHE=$T/theirs/user-cache dumped_again "an entry below another user's directory"
	chown 0 "$T/theirs"
	mv "$T/theirs/user-cache" "$BPFBUILD_PROBE_CACHE"
fi
ls -A "$BPFBUILD_PROBE_CACHE" >"$T/ls"
assert_no_grep '\.(h|sum)\.' "$T/ls" "the cache directory (temporaries left)"

# Off: no entry is read or written.
rm -rf "$BPFBUILD_PROBE_CACHE"
BPFBUILD_PROBE_CACHE=off "$gen" "$bpftool" "$btf" "$T/d.h" || fail "BPFBUILD_PROBE_CACHE=off"
[ ! -e "$T/off" ] && [ ! -e "$BPFBUILD_PROBE_CACHE" ] || fail "BPFBUILD_PROBE_CACHE=off made a cache"
# HOME is never made.
(unset BPFBUILD_PROBE_CACHE XDG_CACHE_HOME; HOME=$T/no-home exec "$gen" "$bpftool" "$btf" "$T/e.h") || fail "HOME missing"
[ ! -e "$T/no-home" ] || fail "HOME was made"
cmp "$T/dump.h" "$T/e.h" || fail "without a cache: not bpftool's dump"
