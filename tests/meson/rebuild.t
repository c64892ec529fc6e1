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

# The compiler, bpftool and flags of the environment at setup are kept as
# Meson keeps CC (issue 33): a regeneration from ninja, or a --reconfigure,
# in a shell without them builds the same objects with the same tools, and
# the summary says where each came from.  The other compiler is one the
# search would not take: clang-19 beside another default clang, or gcc-bpf.
. "$(dirname "$0")/lib-consumer.sh"
alt=bpf-gcc
if command -v clang-19 >/dev/null && [ "$(readlink -f "$(command -v clang-19)")" != "$(readlink -f "$(command -v clang)")" ]; then
	alt=clang-19
fi
alt_path=$(command -v "$alt") || fail "neither another clang-19 nor bpf-gcc is installed (tests/install-deps)"
readme_consumer "$T/c"
ln -s "$BPFBUILD_TOP" "$T/c/subprojects/bpfbuild"
mkdir "$T/tools"
ln -s "$(command -v bpftool || echo /usr/sbin/bpftool)" "$T/tools/bpftool"
kept() {
	assert_grep "^ *compiler *: $alt_path " "$1" "$2"
	assert_grep "^ *BPF_CC *: '$alt' \(" "$1" "$2"
	assert_grep "^ *bpftool *: $T/tools/bpftool " "$1" "$2"
	assert_grep "^ *BPFTOOL *: '$T/tools/bpftool' \(" "$1" "$2"
	assert_grep "^ *flags *: .* -DFROM_ENV\$" "$1" "$2"
	assert_grep "^ *BPF_CFLAGS *: '-DFROM_ENV' \(" "$1" "$2"
}
BPF_CC=$alt BPFTOOL=$T/tools/bpftool BPF_CFLAGS=-DFROM_ENV meson setup "$T/k" "$T/c" >"$T/k.log" 2>&1 ||
	{ tail -n 20 "$T/k.log"; fail "BPF_CC=$alt: configure failed"; }
kept "$T/k.log" "setup"
ninja -C "$T/k" >"$T/k1.log" 2>&1 || { cat "$T/k1.log"; fail "BPF_CC=$alt: build failed"; }
objs=$(cd "$T/k" && ls ./*.bpf.o) || fail "BPF_CC=$alt: no object built"
(cd "$T/k" && sha256sum $objs) >"$T/k.sums"
sleep 1
touch "$T/c/meson.build"
env -u BPF_CC -u BPFTOOL -u BPF_CFLAGS ninja -C "$T/k" >"$T/k2.log" 2>&1 || { cat "$T/k2.log"; fail "regeneration failed"; }
(cd "$T/k" && sha256sum -c --quiet "$T/k.sums") || fail "a regeneration without BPF_CC rebuilt the objects with another compiler"
kept "$T/k/meson-logs/meson-log.txt" "the regeneration's summary"
env -u BPF_CC -u BPFTOOL -u BPF_CFLAGS meson setup --reconfigure "$T/k" "$T/c" >"$T/k3.log" 2>&1 || { cat "$T/k3.log"; fail "--reconfigure failed"; }
# Meson's log: ninja's cleandead, which Meson 1.7 runs, can cut a
# summary line of its stdout in two.
kept "$T/k/meson-logs/meson-log.txt" "--reconfigure"
assert_grep "^ *BPF_CC *: '$alt' \(kept from an earlier setup\)" "$T/k/meson-logs/meson-log.txt"
env -u BPF_CC -u BPFTOOL -u BPF_CFLAGS ninja -C "$T/k" >"$T/k4.log" 2>&1
assert_grep 'ninja: no work to do' "$T/k4.log" "the build after --reconfigure"
