#!/bin/bash
# The probe's answers are kept per build directory (--cache FILE) and per
# user (BPFBUILD_PROBE_CACHE): another build directory with the same inputs
# runs no compile; a compiler that changed identity, another argument, or
# BPFBUILD_PROBE_CACHE=off probes again.  Issue 33: an entry is named by a
# SHA-256 of the inputs; a cut entry, one with a word that is no plain flag,
# and one in a directory another user owns or can write are not answered
# from (probed again); HOME is never made (HOME=/nonexistent: no per-user
# cache); a full disk leaves no temporary file.  Issue 46: an entry that
# lost a line and still looks whole does not match its sum; a directory
# above the cache that another user can write, or owns, lets them swap
# the cache between a check and a read: not used either.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"
probe=$BPFBUILD_TOP/engine/bpfbuild-probe
cc=$(command -v clang || command -v bpf-gcc) || fail "no BPF compiler"
export BPFBUILD_PROBE_CACHE=$T/user-cache
# The compiler behind a wrapper that logs every compile it runs.
mkdir -p "$T/bin"
echo "$cc" >"$T/bin/target"
cat >"$T/bin/logging-cc" <<SH
#!/bin/sh
case "\$*" in *--version*) ;; *) echo "\$*" >>"$T/compiles" ;; esac
exec "\$(cat "$T/bin/target")" "\$@"
SH
chmod +x "$T/bin/logging-cc"
export BPF_CC=$T/bin/logging-cc
compiles() { [ -f "$T/compiles" ] && wc -l <"$T/compiles" || echo 0; }

"$probe" --cache "$T/a.cache" >"$T/a.out" || fail "probe failed"
n=$(compiles)
[ "$n" -gt 5 ] || fail "the first probe ran $n compiles"
"$probe" --cache "$T/b.cache" >"$T/b.out" || fail "probe failed"
assert_eq "compiles for a second build directory" "$n" "$(compiles)"
cmp "$T/a.out" "$T/b.out" || fail "the cached answer differs"
cmp <(tail -n +2 "$T/a.cache") <(tail -n +2 "$T/b.cache") || fail "the build directory's cache differs"

entries=("$BPFBUILD_PROBE_CACHE"/*)
assert_eq "files in the user's cache" 1 "${#entries[@]}"
entry=${entries[0]}
[[ ${entry##*/} =~ ^probe-[0-9a-f]{64}$ ]] || fail "the entry's name holds no SHA-256: ${entry##*/}"
cp "$entry" "$T/entry"
# probed_again WHAT [KEY]: the probe (no build directory's cache) compiles
# again and gives the first answer (with the KEY= lines it adds).
probed_again() {
	"$probe" --cache '' >"$T/again.out" || fail "$1: probe failed"
	[ "$(compiles)" -gt "$n" ] || fail "$1 was answered from the cache"
	n=$(compiles)
	cmp "$T/a.out" <(grep -v "^${2:-none}=" "$T/again.out") || fail "$1: another answer"
}
# planted: the entry, with a command in one flag.
planted() { sed '0,/^flag=/s/^flag=\(.*\)/flag=\1$(touch PWNED)`touch PWNED`;touch PWNED/' "$T/entry"; }
for cut in 1 "$(($(wc -l <"$T/entry") - 1))"; do
	note "an entry cut to its first $cut lines: probed again, written whole"
	head -n "$cut" "$T/entry" >"$entry"
	probed_again "an entry cut to $cut lines"
	cmp "$T/entry" "$entry" || fail "the cut entry was not written again"
done
note "an entry with one flag= line removed, whole otherwise: probed again"
[ "$(grep -c '^flag=' "$T/entry")" -gt 1 ] || fail "the answer has one flag= line: nothing to remove"
sed '0,/^flag=/{/^flag=/d}' "$T/entry" >"$entry"
probed_again "an entry without one of its flags"
cmp "$T/entry" "$entry" || fail "the entry without a flag was not written again"
note "an entry with a word that is no plain flag: probed again"
planted >"$entry"
probed_again "a planted flag"
cmp "$T/entry" "$entry" || fail "the planted entry was not written again"
bad_input bpfbuild-probe "a BPFBUILD_PROBE_CACHE entry whose flag holds a command" 0 "(no message: probed again, the entry written anew)"

note "a cache directory anyone can write, or another user owns: not used, said once"
chmod o+w "$BPFBUILD_PROBE_CACHE"
probed_again "an entry in a directory anyone can write" note
assert_grep "^note=the probe cache $BPFBUILD_PROBE_CACHE is not used: $BPFBUILD_PROBE_CACHE is another user's or another user can write to it; make it yours alone \\(chown, chmod go-w\\)" "$T/again.out"
chmod 700 "$BPFBUILD_PROBE_CACHE"
note "a directory above the cache that the group can write: not used, said once"
mkdir -m 700 "$T/up"
mv "$BPFBUILD_PROBE_CACHE" "$T/up/"
chmod g+w "$T/up"
BPFBUILD_PROBE_CACHE=$T/up/user-cache probed_again "an entry below a group-writable directory" note
assert_grep "^note=the probe cache $T/up/user-cache is not used: $T/up is another user's or another user can write to it;" "$T/again.out"
chmod g-w "$T/up"
BPFBUILD_PROBE_CACHE=$T/up/user-cache "$probe" --cache '' >/dev/null || fail "probe failed"
assert_eq "compiles once the directory above is the user's alone" "$n" "$(compiles)"
mv "$T/up/user-cache" "$BPFBUILD_PROBE_CACHE"
# Root only (the ebuild's src_test runs the engine's tests unprivileged):
# another user's directory and file, and a full disk (a mount).
root=no
[ "$(id -u)" != 0 ] || root=yes
if [ $root = yes ]; then
	chown -R nobody "$BPFBUILD_PROBE_CACHE"
	sed '0,/^flag=/s/^flag=.*/flag=-DPLANTED/' "$T/entry" >"$entry"
	cp -p "$entry" "$T/theirs"
	probed_again "another user's entry" note
	assert_grep "^note=the probe cache $BPFBUILD_PROBE_CACHE is not used" "$T/again.out"
	cmp -s "$T/theirs" "$entry" || fail "another user's entry was rewritten"
	note "a directory above the cache that another user owns: not used"
	chown -R 0 "$BPFBUILD_PROBE_CACHE"
	cp "$T/entry" "$entry"
	mkdir -m 755 "$T/theirs-dir"
	mv "$BPFBUILD_PROBE_CACHE" "$T/theirs-dir/"
	chown nobody "$T/theirs-dir"
	BPFBUILD_PROBE_CACHE=$T/theirs-dir/user-cache probed_again "an entry below another user's directory" note
	assert_grep "^note=the probe cache $T/theirs-dir/user-cache is not used: $T/theirs-dir is another user's" "$T/again.out"
	chown 0 "$T/theirs-dir"
	mv "$T/theirs-dir/user-cache" "$BPFBUILD_PROBE_CACHE"
	chown -R nobody "$BPFBUILD_PROBE_CACHE"
	chown -R 0 "$BPFBUILD_PROBE_CACHE"
	chown nobody "$entry"
	probed_again "another user's entry in the user's directory"
	cmp "$T/entry" "$entry" || fail "another user's entry in the user's directory was not replaced"
fi
"$probe" --cache '' >"$T/again.out" || fail "probe failed"
assert_eq "compiles once the user's entry is back" "$n" "$(compiles)"

note "HOME does not exist: never made, no per-user cache"
env -u BPFBUILD_PROBE_CACHE -u XDG_CACHE_HOME HOME="$T/nonexistent" "$probe" --cache '' >"$T/nohome.out" 2>"$T/nohome.err" ||
	fail "probe failed without a HOME"
cmp "$T/a.out" "$T/nohome.out" || fail "another answer without a HOME"
[ ! -s "$T/nohome.err" ] || fail "the probe said something without a HOME: $(cat "$T/nohome.err")"
[ ! -e "$T/nonexistent" ] || fail "HOME was made: $(find "$T/nonexistent" | head -n 3)"
bad_input bpfbuild-probe "HOME=/nonexistent (a system user), no BPFBUILD_PROBE_CACHE" 0 "(no message: no per-user cache, HOME is not made)"
mkdir -m 700 "$T/home"
env -u BPFBUILD_PROBE_CACHE -u XDG_CACHE_HOME HOME="$T/home" "$probe" --cache '' >/dev/null || fail "probe failed"
[ -f "$T/home/.cache/bpfbuild/${entry##*/}" ] || fail "no entry in an existing HOME's ~/.cache/bpfbuild"
n=$(compiles)

if [ $root = yes ]; then
	note "a full disk: the probe answers and leaves no temporary file"
	# A 64 KiB tmpfs, in a private mount namespace (nothing outlives the test).
	mkdir "$T/disk"
	unshare -m --propagation private bash -c '
		set -e
		mount -t tmpfs -o size=64k bpfbuild-cache-full "$1"
		mkdir -m 700 "$1/user"
		dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null || :
		BPFBUILD_PROBE_CACHE=$1/user "$2" --cache "$1/build.cache" >"$3/full.out"
		ls -A "$1" "$1/user" >"$3/full.ls"' sh "$T/disk" "$probe" "$T" || fail "the probe failed on a full disk"
	cmp "$T/a.out" "$T/full.out" || fail "another answer on a full disk"
	assert_eq "files on the full disk" "$(printf '%s:\nfill\nuser\n\n%s:' "$T/disk" "$T/disk/user")" "$(cat "$T/full.ls")"
	bad_input bpfbuild-probe "a full disk under the build directory's and the per-user cache" 0 "(no message: the answer is not kept, no temporary file is left)"
	n=$(compiles)
fi

note "a copy of the engine elsewhere (another project's): the same key"
mkdir -p "$T/other-project/build-aux"
cp -r "$BPFBUILD_TOP/engine" "$T/other-project/build-aux/bpfbuild"
assert_eq "the key of another project's copy of the engine" "$("$probe" --cache-key)" \
	"$("$T/other-project/build-aux/bpfbuild/bpfbuild-probe" --cache-key)"
note "another argument probes again"
"$probe" --cache "$T/c.cache" --cpu v2 >/dev/null || fail "probe failed"
[ "$(compiles)" -gt "$n" ] || fail "--cpu v2 was answered from the cache"
n=$(compiles)

note "the wrapper now runs another compiler: probed again"
second=$(command -v clang-19 || command -v bpf-gcc || true)
if [ -n "$second" ] && [ "$(readlink -f "$second")" != "$(readlink -f "$cc")" ]; then
	echo "$second" >"$T/bin/target"
	"$probe" --cache "$T/d.cache" >"$T/d.out" || fail "probe failed"
	[ "$(compiles)" -gt "$n" ] || fail "a retargeted BPF_CC was answered from the cache"
	n=$(compiles)
	echo "$cc" >"$T/bin/target"
fi

note "BPFBUILD_PROBE_CACHE=off: only the build directory's"
BPFBUILD_PROBE_CACHE=off "$probe" --cache "$T/e.cache" >/dev/null || fail "probe failed"
[ "$(compiles)" -gt "$n" ] || fail "BPFBUILD_PROBE_CACHE=off still used the user's cache"
echo "ok"
