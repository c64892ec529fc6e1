# bpf-compiler=clang: both examples build, their skeletons compile into the
# loaders, every object passes the verifier and the functional tests pass.
# With BPF_CC set (the distro matrix runs it with BPF_CC=clang-19, and
# with sid's newest clang), that compiler is the one used.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

examples_build clang -Dbpf-compiler=clang
assert_grep 'compiler +: .*clang' "$EX_BUILD.setup.log" "summary"
assert_bpf_cc "$EX_BUILD.setup.log"
for p in socket_bind write_counter; do
	[ -s "$EX_BUILD/$p.bpf.o" ] || fail "$p.bpf.o was not built"
	grep -q "${p}_bpf__open" "$EX_BUILD/$p.skel.h" || fail "$p.skel.h is not a skeleton"
	[ -x "$EX_BUILD/$p" ] || fail "loader $p was not built"
done
meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
for p in socket_bind write_counter; do
	assert_grep "$p.bpf.o +OK" "$T/test.log" "verifier test of $p"
	assert_grep "$p functional +OK" "$T/test.log" "functional test of $p"
done
assert_grep '^Ok: +[1-9]' "$T/test.log" "meson test"
# meson 1.0 prints every count, meson 1.12 only the non-zero ones.
assert_no_grep '^(Fail|Skipped|Timeout|Unexpected Pass): +[1-9]' "$T/test.log" "meson test"
