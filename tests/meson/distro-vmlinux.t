# The distribution's vmlinux.h (Debian's linux-bpf-dev): where it is
# installed, the README's plain "meson setup" takes it, the summary names
# it and its package, and the objects no longer follow the build host's
# kernel: a build under another kernel's BTF (bookworm's 6.1, bound over
# /sys/kernel/btf/vmlinux in a mount namespace, as another build daemon
# would have it) gives the same bytes.  Without it, -Dvmlinux-h=distribution
# is one line naming the package, and auto falls back to a header generated
# from the running kernel, as the summary says.  Runs in the Debian roots
# that have linux-bpf-dev (tests/run: root_only_tests).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"

tuple=$("$BPFBUILD_TOP/engine/bpfbuild-arch" "$(uname -m)" tuple)
hdr=/usr/include/$tuple/linux/bpf/vmlinux.h
[ -f "$hdr" ] || fail "$hdr is missing: this root lacks linux-bpf-dev (tests/install-deps --list ${BPFBUILD_ENV:-SUITE})"
vm_kernels
other=$K61/vmlinux.btf
[ -f "$other" ] || fail "no BTF of $K61"
cmp -s "$other" /sys/kernel/btf/vmlinux && fail "the running kernel is $K61: no other BTF to build under"

a="$T/a/src" b="$T/another/build/host/at/a/longer/path/src"
copy_examples "$a"
copy_examples "$b"

# 1. Nothing given: the distribution's header, named with its package.
meson setup "$a.build" "$a" >"$T/a.log" 2>&1 || { cat "$T/a.log"; fail "configure failed"; }
assert_grep "^ *vmlinux.h *: $hdr \(the distribution's, linux-bpf-dev [^ ]+: the same on every build host" "$T/a.log" "the summary"
meson compile -C "$a.build" >"$T/a.build.log" 2>&1 || { tail -n 30 "$T/a.build.log"; fail "build failed"; }

# 2. Another build host's kernel: the same objects and skeletons.
unshare -m sh -c 'mount --bind "$1" /sys/kernel/btf/vmlinux &&
	sha256sum </sys/kernel/btf/vmlinux >"$4" &&
	meson setup "$2.build" "$2" >"$3" 2>&1 && meson compile -C "$2.build" >>"$3" 2>&1' \
	sh "$other" "$b" "$T/b.log" "$T/b.btf.sum" || { tail -n 40 "$T/b.log"; fail "the build under $other's BTF failed"; }
[ "$(cat "$T/b.btf.sum")" = "$(sha256sum <"$other")" ] || fail "the namespace did not see $other as /sys/kernel/btf/vmlinux"
assert_grep "^ *vmlinux.h *: $hdr \(the distribution's" "$T/b.log" "the summary under $other"
n=0
while IFS= read -r f; do
	cmp -s "$a.build/$f" "$b.build/$f" || fail "$f differs between a build under the running kernel and one under $other"
	n=$((n + 1))
done < <(cd "$a.build" && find . -name '*.bpf.o' -o -name '*.skel.h' | LC_ALL=C sort)
[ "$n" -ge 6 ] || fail "only $n objects and skeletons compared"
note "$n objects and skeletons identical under two kernels' BTF"

# 3. Without linux-bpf-dev (an empty directory over its own): asked for,
# one line naming the package; auto: generated, and the summary says so.
unshare -m sh -c 'mount -t tmpfs tmpfs "$1" && meson setup "$2" "$3" -Dvmlinux-h=distribution' \
	sh "${hdr%/*}" "$T/c.build" "$a" >"$T/c.log" 2>&1 && { cat "$T/c.log"; fail "-Dvmlinux-h=distribution configured without the header"; }
[ "$(grep -c 'ERROR' "$T/c.log")" = 1 ] || { cat "$T/c.log"; fail "not one ERROR line"; }
assert_grep "ERROR: .*-Dvmlinux-h=distribution: the distribution's vmlinux.h \($hdr\) is not installed; install linux-bpf-dev" "$T/c.log"
rm -rf "$T/c.build"
unshare -m sh -c 'mount -t tmpfs tmpfs "$1" && meson setup "$2" "$3"' \
	sh "${hdr%/*}" "$T/c.build" "$a" >"$T/c.log" 2>&1 || { cat "$T/c.log"; fail "auto without the header failed"; }
assert_grep "^ *vmlinux.h *: generated from /sys/kernel/btf/vmlinux \(follows the build host's kernel\)" "$T/c.log" "the summary without linux-bpf-dev"
