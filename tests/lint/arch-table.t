#!/bin/bash
# One architecture table (issue 31): every CPU name the adapters see goes
# through engine/bpfbuild-arch.  No other product file (engine, adapters)
# carries the table's words: a Debian tuple, a target's arch macro, or a
# CPU-name pattern.  Then the table itself, for the names of each adapter.
. "$(dirname "$0")/../lib.sh"
words='[a-z0-9_]+-linux-gnu|__(x86_64|aarch64|powerpc64|s390x|loongarch|mips|arm|riscv)__|_MIPS_SZLONG|__ARM_PCS_VFP|_CALL_ELF|i[?.]86|ppc64le|powerpc64le|amd64\)|arm64\)|ax_bpf_arch'
hits=$(cd "$BPFBUILD_TOP" && grep -rnIE "$words" engine autoconf-macros meson-modules meson.build |
	grep -v '^engine/bpfbuild-arch:' |
	grep -vE '^[^:]+:[0-9]+:[[:space:]]*(#|dnl|\*|/\*|//)') || :
[ -z "$hits" ] || { echo "$hits"; fail "CPU names translated outside engine/bpfbuild-arch (above): ask the table instead"; }

arch=$BPFBUILD_TOP/engine/bpfbuild-arch
note "Meson's cpu_family with its endian, GNU's host_cpu and uname -m give one answer"
for names in 'x86_64 amd64' 'aarch64 arm64' 'ppc64:little powerpc64le ppc64le' 'ppc64:big powerpc64' \
	's390x s390x' 'riscv64 riscv64' 'loongarch64 loongarch64'; do
	want=''
	for n in $names; do
		e=()
		case $n in *:*) e=(--endian "${n#*:}"); n=${n%%:*} ;; esac
		got="$("$arch" "${e[@]}" "$n" kernel) $("$arch" "${e[@]}" "$n" tuple) $("$arch" "${e[@]}" "$n" endian) $("$arch" "${e[@]}" "$n" macros | tr '\n' ' ')"
		[ -n "$want" ] || want=$got
		assert_eq "$n (as $names)" "$want" "$got"
	done
done
assert_eq "aarch64's tuple" aarch64-linux-gnu "$("$arch" aarch64 tuple)"
assert_eq "ppc64le's macros" "-D__powerpc64__ -D_CALL_ELF=2" "$("$arch" powerpc64le macros | tr '\n' ' ' | sed 's/ $//')"
assert_eq "GNU's i686 and Meson's x86 are one family" x86 "$("$arch" i686 cpu)"
assert_eq "an unknown CPU is its own family" sparc64 "$("$arch" sparc64 cpu)"
"$arch" sparc64 kernel 2>"$T/err" && fail "sparc64 has a kernel arch?"
assert_grep "unknown target CPU family 'sparc64'" "$T/err" "the unknown CPU's line"
echo ok
