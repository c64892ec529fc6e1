# The per-user probe cache as the consumers of both build systems meet it
# (issue 33); each case is a row of docs/bad-input.md:
# - another user owns the cache directory and rewrote its entries (the
#   compile command, a flag with a command in it): configure answers
#   without them, says so in the summary, and the build runs none of them;
# - entries cut to their key line (as a full disk or a killed writer
#   leaves them): probed again, BPF stays on (it went off in autoconf and
#   Meson stopped with "Key status is not in the dictionary").
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../autoconf/lib-autoconf.sh"
. "$(dirname "$0")/lib-bad-input.sh"
cache=$T/probe-cache
export BPFBUILD_PROBE_CACHE=$cache
# What the planted words would run: a compiler that marks its runs.
cc=$(command -v clang) || fail "no clang"
printf '#!/bin/sh\ntouch "%s"\nexec "%s" "$@"\n' "$T/PWNED" "$cc" >"$T/planted-cc"
chmod +x "$T/planted-cc"

# The Meson consumer (a uapi program) and the autotools one
# (tests/autoconf/consumer), both on clang, with no vmlinux.h and no PCH
# to make or check.
mkdir -p "$T/msrc/subprojects"
cp "$BPFBUILD_TOP/tests/meson/consumer/socket-bind.bpf.c" "$T/msrc/"
subproject_copy "$T/msrc/subprojects/bpfbuild"
cat >"$T/msrc/meson.build" <<'MESON'
project('probecache', 'c')
bpf = subproject('bpfbuild', default_options : ['bpf-compiler=clang', 'vmlinux-h=disabled', 'bpf-pch=false']).get_variable('bpf')
custom_target('socket-bind.bpf.o', input : 'socket-bind.bpf.c',
	output : ['socket-bind.bpf.o', 'socket-bind.skel.h'], kwargs : bpf['target'])
MESON
ac_consumer_src
# meson_setup N / ac_setup N: configure a new build directory; the log is
# $T/mN.log / $T/aN.log.
meson_setup() { meson setup "$T/m$1" "$T/msrc" >"$T/m$1.log" 2>&1 || { cat "$T/m$1.log"; fail "meson setup ($1)"; }; }
ac_setup() {
	mkdir "$T/a$1"
	(cd "$T/a$1" && "$CONSUMER/configure" --with-bpf-compiler=clang --with-vmlinux-h=no --disable-bpf-pch) >"$T/a$1.log" 2>&1 ||
		{ tail -n 30 "$T/a$1.log"; fail "configure ($1)"; }
}

note "the first configures fill the cache"
meson_setup 1
ac_setup 1
entries=("$cache"/probe-*)
assert_eq "entries in the cache" 2 "${#entries[@]}"
for e in "${entries[@]}"; do cp "$e" "$e.whole"; done

note "another user owns the cache and rewrote its entries"
for e in "${entries[@]}"; do
	sed -e "s|^cc_cmd=.*|cc_cmd=$T/planted-cc|" \
		-e "0,/^flag=/s|^flag=|flag=-DX=\`touch $T/PWNED\`\\n&|" "$e.whole" >"$e"
done
chown -R nobody "$cache"
meson_setup 2
ac_setup 2
rc=0
ninja -C "$T/m2" >"$T/m2.build.log" 2>&1 || rc=$?
[ ! -e "$T/PWNED" ] || fail "Meson: a word of another user's cache entry ran in the build"
make -C "$T/a2" src/egress_bytes.bpf.o >"$T/a2.build.log" 2>&1 || rc=$?
[ ! -e "$T/PWNED" ] || fail "autotools: a word of another user's cache entry ran in the build"
[ $rc = 0 ] || { tail -n 20 "$T/m2.build.log" "$T/a2.build.log"; fail "the builds fail"; }
[ -s "$T/m2/socket-bind.bpf.o" ] && [ -s "$T/a2/src/egress_bytes.bpf.o" ] || fail "no objects"
warn="the probe cache $cache is not used: $cache is another user's or another user can write to it; make it yours alone (chown, chmod go-w) or set BPFBUILD_PROBE_CACHE to a directory of your own"
line=$(grep -F "$warn" "$T/m2.log") || { cat "$T/m2.log"; fail "Meson's summary does not say why the cache is not used"; }
bad_input meson "BPFBUILD_PROBE_CACHE=a directory another user owns, entries rewritten (summary)" 0 "$(echo "$line" | sed 's/^ *notes *: *//')"
line=$(grep -F "$warn" "$T/a2.log") || { cat "$T/a2.log"; fail "configure's summary does not say why the cache is not used"; }
bad_input autotools "BPFBUILD_PROBE_CACHE=a directory another user owns, entries rewritten (summary)" 0 "$(echo "$line" | sed 's/^ *notes *: *//')"
assert_eq "compile command in Meson's summary" 0 "$(grep -c planted-cc "$T/m2.log")"
assert_eq "compile command in configure's summary" 0 "$(grep -c planted-cc "$T/a2.log")"

note "entries cut to their key line"
chown -R 0 "$cache"
for e in "${entries[@]}"; do head -n 1 "$e.whole" >"$e"; done
meson_setup 3
ac_setup 3
assert_grep '^ +compiler +: /[^ ]*clang[^ ]* \(clang ' "$T/m3.log" "Meson's summary with cut cache entries"
assert_grep '^checking for a BPF compiler\.\.\. /[^ ]*clang[^ ]* \(clang ' "$T/a3.log" "configure with cut cache entries"
# Nothing to say: the cut entry is as good as none.
for s in meson autotools; do
	bad_input $s "BPFBUILD_PROBE_CACHE entries cut to their key line" 0 "(no message: probed again, the entry written whole)"
done
for e in "${entries[@]}"; do cmp "$e.whole" "$e" || fail "a cut entry was not written whole again"; done
echo ok
