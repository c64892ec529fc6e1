#!/bin/bash
# The probe's answers are kept per build directory (--cache FILE) and per
# user (BPFBUILD_PROBE_CACHE): another build directory with the same inputs
# runs no compile; a compiler that changed identity, another argument, or
# BPFBUILD_PROBE_CACHE=off probes again.
. "$(dirname "$0")/../lib.sh"
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
