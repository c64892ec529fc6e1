# Distro CFLAGS reach the loaders, never the BPF compiler: the objects and
# skeletons are byte-identical to a build without them.
. "$(dirname "$0")/../lib.sh"

examples_build clang -Dbpf-compiler=clang
ref=$EX_BUILD
CFLAGS='-march=native -fstack-protector-strong -D_FORTIFY_SOURCE=3 -flto -O3 -pipe' \
	meson setup "$T/b" "$BPFBUILD_TOP/examples" -Dbpf-compiler=clang >"$T/setup.log" 2>&1 ||
	{ cat "$T/setup.log"; fail "configure with distro CFLAGS failed"; }
meson compile -C "$T/b" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "build failed"; }
grep -q -- '-flto' "$T/b/compile_commands.json" || fail "CFLAGS did not reach the host compile (test is void)"
for f in socket_bind.bpf.o write_counter.bpf.o socket_bind.skel.h write_counter.skel.h; do
	cmp "$ref/$f" "$T/b/$f" || fail "$f differs with distro CFLAGS"
done
