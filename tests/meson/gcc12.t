# bpf-compiler=gcc with the host's gcc-bpf 12: the summary says CO-RE and
# atomics are unsupported and why; the uapi-only example builds, loads and
# passes; the CO-RE example is skipped with the reason; configure succeeds.
. "$(dirname "$0")/../lib.sh"

examples_build gcc -Dbpf-compiler=gcc
log=$EX_BUILD.setup.log
assert_grep 'compiler +: .*bpf-gcc \(gcc 12' "$log" "summary"
assert_grep '^ +core +: no \(.+\)' "$log" "summary"
assert_grep '^ +atomics +: no \(.*__sync_fetch_and_add' "$log" "summary"
assert_grep 'skipping BPF program write_counter: core: .*atomics: ' "$log" "configure output"
[ ! -e "$EX_BUILD/write_counter.bpf.o" ] || fail "write_counter was built with gcc-bpf 12"
[ -s "$EX_BUILD/socket_bind.bpf.o" ] || fail "socket_bind.bpf.o was not built"
readelf -p .comment "$EX_BUILD/socket_bind.bpf.o" | grep -q 'GCC' || fail "socket_bind.bpf.o was not built by gcc"
meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
assert_grep 'socket_bind.bpf.o +OK' "$T/test.log" "verifier test"
assert_grep 'socket_bind functional +OK' "$T/test.log" "functional test"
