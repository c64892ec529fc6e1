# A no-op rebuild runs nothing; touching a program's header rebuilds that
# program's chain (object, skeleton, loader) and nothing else.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

copy_examples "$T/src"
meson setup "$T/b" "$T/src" -Dbpf-compiler=clang >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "configure failed"; }
ninja -C "$T/b" >"$T/1.log" 2>&1 || { cat "$T/1.log"; fail "build failed"; }
ninja -C "$T/b" -v >"$T/2.log" 2>&1
assert_grep 'ninja: no work to do' "$T/2.log" "no-op rebuild"

sleep 1
touch "$T/src/socket-bind/socket_bind.h"
ninja -C "$T/b" -v >"$T/3.log" 2>&1 || { cat "$T/3.log"; fail "rebuild failed"; }
cat "$T/3.log"
assert_grep 'bpfbuild-cc .*socket_bind\.bpf\.o' "$T/3.log" "rebuild"
assert_grep '-o socket_bind ' "$T/3.log" "rebuild (loader link)"
assert_no_grep 'write_counter' "$T/3.log" "rebuild"
ninja -C "$T/b" >"$T/4.log" 2>&1
assert_grep 'ninja: no work to do' "$T/4.log" "rebuild after the header change"
