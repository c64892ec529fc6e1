# Distro CFLAGS reach the loaders, never the BPF compiler: the objects and
# skeletons are byte-identical to a build without them.
. "$(dirname "$0")/../lib.sh"

# Two build dirs with equally long paths, so that only CFLAGS differ (clang
# 19 and 21 emit CO-RE BTF that follows the length of the paths).
ref=$T/a
meson setup "$ref" "$BPFBUILD_TOP/examples" -Dbpf-compiler=clang >"$T/ref.log" 2>&1 ||
	{ cat "$T/ref.log"; fail "configure without distro CFLAGS failed"; }
meson compile -C "$ref" >"$T/ref-build.log" 2>&1 || { cat "$T/ref-build.log"; fail "build failed"; }
CFLAGS='-march=native -fstack-protector-strong -D_FORTIFY_SOURCE=3 -flto -O3 -pipe' \
	meson setup "$T/b" "$BPFBUILD_TOP/examples" -Dbpf-compiler=clang >"$T/setup.log" 2>&1 ||
	{ cat "$T/setup.log"; fail "configure with distro CFLAGS failed"; }
meson compile -C "$T/b" >"$T/build.log" 2>&1 || { cat "$T/build.log"; fail "build failed"; }
grep -q -- '-flto' "$T/b/compile_commands.json" || fail "CFLAGS did not reach the host compile (test is void)"
for f in socket_bind.bpf.o write_counter.bpf.o socket_bind.skel.h write_counter.skel.h; do
	cmp "$ref/$f" "$T/b/$f" || fail "$f differs with distro CFLAGS"
done
