# bpf-compiler=clang: both examples build, their skeletons compile into the
# loaders, every object passes the verifier and the functional tests pass.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

examples_build clang -Dbpf-compiler=clang
assert_grep 'compiler +: .*clang' "$EX_BUILD.setup.log" "summary"
for p in socket_bind write_counter; do
	[ -s "$EX_BUILD/$p.bpf.o" ] || fail "$p.bpf.o was not built"
	grep -q "${p}__open" "$EX_BUILD/$p.skel.h" || fail "$p.skel.h is not a skeleton"
	[ -x "$EX_BUILD/$p" ] || fail "loader $p was not built"
done
meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
assert_grep '^Ok: +4' "$T/test.log" "meson test"
assert_grep '^Skipped: +0' "$T/test.log" "meson test"
