#!/bin/bash
# A tree that keeps its own copies of uapi headers and passes its own -I,
# as the kernel's BPF selftests (tools/include), libbpf-tools and systemd
# do: those copies win over the system's with every compiler (issue 32
# item 4).  tests/real/own-headers/ has its own <linux/types.h>, which
# declares the kernel's u32 and u64 that the program uses.  Before,
# bpfbuild passed libbpf's dir (/usr/include) as -I ahead of the
# program's, so gcc-bpf, which searches no /usr/include itself, read the
# system's <linux/types.h> and failed ("'u32' undeclared"), as 36 of the
# selftests' programs did with gcc-bpf 16; clang was unaffected.
# Meson and autotools, with clang and gcc-bpf: built from the project's
# header (the depfile names it), verified, the same bytes from both.
. "$(dirname "$0")/../lib.sh"
toolkit_build
src=$T/src
mkdir -p "$src/subprojects"
cp -R "$BPFBUILD_TOP/tests/real/own-headers/." "$src/"
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
(cd "$src" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/bootstrap.log" 2>&1 ||
	{ cat "$T/bootstrap.log"; fail "bpfbuildize + autoreconf failed"; }

# The compilers: BPF_CC's alone where it is set (the distro matrix's),
# else clang and gcc-bpf.
if [ -n "${BPF_CC:-}" ]; then
	kinds=(auto)
else
	kinds=(clang)
	if command -v bpf-gcc >/dev/null || command -v bpf-unknown-none-gcc >/dev/null; then kinds+=(gcc); fi
fi

# own_header DEPS: the project's <linux/types.h> was read, not the system's.
own_header() {
	assert_grep "$src/include/linux/types\\.h" "$1" "the dependencies"
	assert_no_grep "/usr/include/linux/types\\.h" "$1" "the dependencies"
}

for k in "${kinds[@]}"; do
	note "$k: Meson"
	m=$T/m-$k
	meson setup "$m" "$src" -Dbpfbuild:bpf-compiler="$k" -Dbpfbuild:vmlinux-h=disabled \
		-Dbpfbuild:bpf-validate="$BPF_VALIDATE" >"$m.setup.log" 2>&1 ||
		{ tail -n 30 "$m.setup.log"; fail "meson setup ($k)"; }
	assert_bpf_cc "$m.setup.log"
	meson compile -C "$m" >"$m.compile.log" 2>&1 || { tail -n 30 "$m.compile.log"; fail "meson compile ($k): the project's own <linux/types.h> was not used"; }
	ninja -C "$m" -t deps own-types.bpf.o >"$m.deps" || fail "ninja -t deps ($k)"
	own_header "$m.deps"
	[ "$k" != gcc ] || readelf -p .comment "$m/own-types.bpf.o" | grep -q GCC || fail "own-types.bpf.o was not built by gcc"
	meson test -C "$m" --print-errorlogs >"$m.test.log" 2>&1 || { cat "$m.test.log"; fail "meson test ($k)"; }
	assert_grep "own-types\\.bpf\\.o +OK" "$m.test.log" "the verifier test ($k)"

	note "$k: autotools"
	a=$T/a-$k
	mkdir -p "$a"
	(cd "$a" && "$src/configure" --with-bpf-compiler="$k" --with-vmlinux-h=no BPF_VALIDATE="$BPF_VALIDATE") \
		>"$a.configure.log" 2>&1 || { tail -n 30 "$a.configure.log"; fail "configure ($k)"; }
	make -C "$a" own-types.bpf.o >"$a.make.log" 2>&1 || { tail -n 30 "$a.make.log"; fail "make ($k): the project's own <linux/types.h> was not used"; }
	own_header "$a/own-types.bpf.d"
	cmp "$m/own-types.bpf.o" "$a/own-types.bpf.o" || fail "$k: Meson's and make's own-types.bpf.o differ"
done
# clang searches /usr/include itself, and gets no flag; under a --sysroot
# of the host's CFLAGS (which reaches the BPF compile) it searches the
# sysroot's instead, so libbpf's dir comes back, after the program's own.
case ${BPF_CC:-clang} in *clang*)
	note "clang: libbpf's dir as the probe decides it, with and without the host's --sysroot"
	mkdir -p "$T/sysroot/usr/include"
	for sr in '' "--sysroot=$T/sysroot"; do
		BPF_CFLAGS= "$BPFBUILD_TOP/engine/bpfbuild-probe" --compiler clang ${sr:+--host-cflag "$sr"} \
			>"$T/probe${sr:+-sysroot}.out" 2>&1 || { cat "$T/probe${sr:+-sysroot}.out"; fail "the probe failed (${sr:-no sysroot})"; }
	done
	assert_no_grep '^flag=(-I|-isystem)' "$T/probe.out" "clang's flags (it searches /usr/include)"
	assert_eq "clang's flags under a sysroot" "-isystem /usr/include" \
		"$(sed -n 's/^flag=//p' "$T/probe-sysroot.out" | grep -A1 -x -- -isystem | tr '\n' ' ' | sed 's/ $//')" ;;
esac
[ ${#kinds[@]} -gt 1 ] || [ -n "${BPF_CC:-}" ] || skip "no gcc-bpf: only clang was checked, and clang never read the system's header first"
echo ok
