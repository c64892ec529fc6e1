#!/bin/bash
# The flag table (bpfbuild-decide) from capability sets measured on real
# compilers (fixtures/*.facts: the probe's own output, kept as data), with
# no compiler run: capabilities in, flags out, each with its probe.
. "$(dirname "$0")/../lib.sh"
decide=$BPFBUILD_TOP/engine/bpfbuild-decide
fixtures=$(dirname "$0")/fixtures

# flags FACTS [KEY=VALUE...]: the decided flags, on one line
flags() {
	local f=$1; shift
	{ cat "$f"; printf '%s\n' "$@"; } | "$decide" | sed -n 's/^flag=//p' | tr '\n' ' ' | sed 's/ $//'
}
# gcc-bpf searches no /usr/include: libbpf's dir comes as -isystem, after
# a program's own -I dirs; clang searches it itself (its cc_inc lines).
base='-O2 -isystem /usr/include -idirafter /usr/include/x86_64-linux-gnu -D__TARGET_ARCH_x86'
cbase='-O2 -idirafter /usr/include/x86_64-linux-gnu -D__TARGET_ARCH_x86'

note "clang 14 and 21: the compiler's own -mcpu, the arch macro glibc needs, BTF"
assert_eq "clang 14" "-target bpfel $cbase -D__x86_64__ -g" "$(flags "$fixtures/clang14.facts")"
assert_eq "clang 21" "-target bpfel $cbase -D__x86_64__ -g" "$(flags "$fixtures/clang21.facts")"

note "libbpf's dir: -isystem where the compiler does not search it itself, never -I before the program's own"
assert_eq "clang 14, libbpf elsewhere" "-target bpfel -O2 -isystem /opt/libbpf/include -idirafter /usr/include/x86_64-linux-gnu -D__TARGET_ARCH_x86 -D__x86_64__ -g" \
	"$(flags "$fixtures/clang14.facts" libbpf_inc=/opt/libbpf/include)"
assert_eq "clang 14, libbpf's dir with a trailing /" "-target bpfel $cbase -D__x86_64__ -g" \
	"$(flags "$fixtures/clang14.facts" libbpf_inc=/usr/include/)"
assert_eq "a gcc that searches /usr/include itself" "-mlittle-endian $cbase" \
	"$(printf '%s\n' cc_kind=gcc target_arch=x86 libbpf_inc=/usr/include asm_inc=/usr/include/x86_64-linux-gnu cc_inc=/usr/include | "$decide" | sed -n 's/^flag=//p' | tr '\n' ' ' | sed 's/ $//')"
assert_eq "no libbpf dir (the probe's search-list step)" "-mlittle-endian -O2" \
	"$(printf '%s\n' cc_kind=gcc libbpf_inc= | "$decide" | sed -n 's/^flag=//p' | tr '\n' ' ' | sed 's/ $//')"

note "gcc-bpf 12: no CO-RE, no pragma, the NULL test needs -fno-ssa-phiopt"
assert_eq "gcc 12" "-mlittle-endian $base -D__x86_64__ -gbtf -DBPF_NO_PRESERVE_ACCESS_INDEX -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc12.facts")"
note "gcc-bpf 12: its heap-ordered BTF canonicalised by bpfbuild-cc's --btf-sort step, which is no compiler flag"
"$decide" "$fixtures/gcc12.facts" >"$T/gcc12.out"
assert_grep '^btf_sort=yes$' "$T/gcc12.out" "gcc 12's decisions"
assert_eq "gcc 12's btf-sort row" "decision=--btf-sort decision_by=btf_sort decision_row=btf_sort (gcc orders its BTF types" \
	"$(grep -A2 '^decision=--btf-sort$' "$T/gcc12.out" | tr '\n' ' ' | sed 's/ and strings by the heap.*//')"
note "gcc-bpf 16: C23 needs -std=gnu17, its default v4 comes down to v3, CO-RE, no pragma, -fno-ssa-phiopt"
assert_eq "gcc 16" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts")"

note "an ISA level only when the project asks for one"
assert_eq "clang 14, bpf-cpu=v3" "-target bpfel $cbase -D__x86_64__ -mcpu=v3 -g" \
	"$(flags "$fixtures/clang14.facts" opt_cpu=v3)"

note "a default ISA of v4 (GCC 16) comes down to v3, which every kernel loads; an asked level stands"
assert_eq "gcc 16 if its default were portable" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" cap_mcpu_default_portable=yes)"
assert_eq "gcc 16, default v4, bpf-cpu=v4" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v4 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" cap_mcpu_default_portable=no opt_cpu=v4)"

note "the oldest kernel declared (bpf-min-kernel) decides whether a default v4 comes down to v3"
assert_eq "gcc 16, min kernel 6.6" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" min_kernel=6.6)"
assert_eq "gcc 16, min kernel 6.12" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" min_kernel=6.12)"
for k in 6.5 6.1 5.15; do
	assert_eq "gcc 16, min kernel $k" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
		"$(flags "$fixtures/gcc16.facts" min_kernel=$k)"
done
assert_eq "gcc 16, min kernel 6.6, bpf-cpu=v3" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" min_kernel=6.6 opt_cpu=v3)"
assert_eq "clang 14, min kernel 6.6: its own default stays" "-target bpfel $cbase -D__x86_64__ -g" \
	"$(flags "$fixtures/clang14.facts" min_kernel=6.6)"

note "a capability measured no for the compiler itself, whatever came before"
# The last measurement of a name is the one that holds (set_cap appends).
assert_eq "gcc 16, pragma measured yes" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" cap_core_pragma=yes)"
assert_eq "gcc 16, pragma yes then no" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" cap_core_pragma=yes cap_core_pragma=no)"

note "gcc's CO-RE for direct field accesses: the records wrapper only where the attribute on a record was measured to work"
assert_eq "gcc 16, the attribute on a record gives no relocation" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc16.facts" cap_core_records=no)"
assert_eq "gcc 12 (no CO-RE), the attribute measured to work" "-mlittle-endian $base -D__x86_64__ -gbtf -DBPF_NO_PRESERVE_ACCESS_INDEX -fno-ssa-phiopt -fno-thread-jumps" \
	"$(flags "$fixtures/gcc12.facts" cap_core_records=yes)"

note "what is not measured decides nothing (the measure step asks between probes)"
assert_eq "gcc, nothing measured" "-mlittle-endian $base" \
	"$(printf '%s\n' cc_kind=gcc target_arch=x86 libbpf_inc=/usr/include asm_inc=/usr/include/x86_64-linux-gnu | "$decide" | sed -n 's/^flag=//p' | tr '\n' ' ' | sed 's/ $//')"

note "-fno-ssa-phiopt (the NULL test) threads a histogram's clamp away: -fno-thread-jumps keeps it, only then"
g16="-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS"
assert_eq "gcc 16, clamp kept" "$g16 -fno-ssa-phiopt" "$(flags "$fixtures/gcc16.facts" cap_bounded_index_default=yes)"
assert_eq "gcc 16, no fix known" "$g16 -fno-ssa-phiopt" "$(flags "$fixtures/gcc16.facts" cap_bounded_index=no)"
assert_eq "gcc 16, bounded_index not measured" "$g16 -fno-ssa-phiopt" \
	"$(grep -v bounded_index "$fixtures/gcc16.facts" | "$decide" | sed -n 's/^flag=//p' | tr '\n' ' ' | sed 's/ $//')"
"$decide" "$fixtures/gcc16.facts" >"$T/gcc16.out"
assert_grep '^decision_row=bounded_index_default \(with -fno-ssa-phiopt, the running kernel rejects a clamped histogram index: .*-fno-thread-jumps keeps the clamp' "$T/gcc16.out" "gcc 16's decisions"

note "a reason is the summary row's text as the compiler said it, \"|\" and \": \" too"
printf '%s\n' "why_std_default=int bool; | error: 'bool' cannot be combined" >"$T/pipe.facts"
{ cat "$fixtures/gcc16.facts" "$T/pipe.facts"; } | "$decide" >"$T/pipe.out"
assert_eq "the -std=gnu17 row" "decision=-std=gnu17 decision_by=std_default decision_row=std_default (int bool; | error: 'bool' cannot be combined)" \
	"$(grep -A2 '^decision=-std=gnu17$' "$T/pipe.out" | tr '\n' ' ' | sed 's/ $//')"

note "a stack protector on by default is turned off"
assert_eq "gcc, stack protector" "-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps -fno-stack-protector" \
	"$(flags "$fixtures/gcc16.facts" cap_stack_guard_default=no cap_stack_guard=yes)"

note "an inner map after its map-in-map in .maps: -fno-toplevel-reorder only where the probe shows it adds nothing else"
g16f="-mlittle-endian $base -D__x86_64__ -std=gnu17 -mcpu=v3 -gbtf -mco-re -DBPF_NO_PRESERVE_ACCESS_INDEX -DBPFBUILD_CORE_RECORDS -fno-ssa-phiopt -fno-thread-jumps"
assert_eq "gcc 16 as measured (the flag adds a .rodata)" "$g16f" "$(flags "$fixtures/gcc16.facts")"
assert_eq "gcc 16, if the flag added nothing" "$g16f -fno-toplevel-reorder" "$(flags "$fixtures/gcc16.facts" cap_maps_order=yes)"
assert_eq "the default keeps the order" "$g16f" "$(flags "$fixtures/gcc16.facts" cap_maps_order_default=yes cap_maps_order=yes)"
{ cat "$fixtures/gcc16.facts"; echo cap_maps_order=yes; } | "$decide" >"$T/maps.out"
assert_grep '^decision_row=maps_order_default \(an inner map declared before its map-in-map comes after it in \.maps' "$T/maps.out" "the -fno-toplevel-reorder row"

note "the target's own arch macros, per architecture"
arch() { flags "$fixtures/clang14.facts" "target_arch=$1" "endian=${2:-little}" | tr ' ' '\n' | grep -E '^-D__[a-z]|^-D_CALL|^-D_MIPS' | grep -v TARGET_ARCH | tr '\n' ' ' | sed 's/ $//'; }
assert_eq arm64 "-D__aarch64__" "$(arch arm64)"
assert_eq "ppc64le" "-D__powerpc64__ -D_CALL_ELF=2" "$(arch powerpc)"
assert_eq "ppc64 (big-endian)" "-D__powerpc64__" "$(arch powerpc big)"
assert_eq riscv64 "-D__riscv -D__riscv_xlen=64" "$(arch riscv)"
assert_eq s390x "-D__s390x__" "$(arch s390 big)"

note "the summary's reproducible row, the same words for Meson and autotools"
row() { { cat "$1"; shift; printf '%s\n' "$@"; } | "$decide" | sed -n 's/^reproducible=//p'; }
assert_eq "deterministic, paths mapped" 'yes: deterministic, source and build dirs mapped to "."' \
	"$(row "$fixtures/clang14.facts" cap_deterministic=yes cap_prefix_map=yes)"
assert_eq "gcc 12 as measured (canonicalised)" 'yes: deterministic, source and build dirs mapped to "."' \
	"$(row "$fixtures/gcc12.facts")"
assert_eq "two compiles differ" "not guaranteed: they differ" \
	"$(row "$fixtures/gcc12.facts" cap_deterministic=no "why_deterministic=they differ")"
assert_eq "deterministic, a path left" "not guaranteed: the path stays" \
	"$(row "$fixtures/clang14.facts" cap_deterministic=yes cap_prefix_map=no "why_prefix_map=the path stays")"
assert_eq "nothing measured" "not guaranteed: " "$(printf 'cc_kind=clang\n' | "$decide" | sed -n 's/^reproducible=//p')"

note "every flag names the probe behind it, and that probe was measured"
for f in "$fixtures"/*.facts; do
	"$decide" "$f" | grep -A2 '^decision=' | grep -v '^--$' | while IFS= read -r a && IFS= read -r p && IFS= read -r r; do
		args=${a#decision=} probe=${p#decision_by=}
		case $p$r in decision_by=*"decision_row=$probe ("*[!\ ]*")") ;; *) fail "$f: '$args' has no probe and reason: $p $r" ;; esac
		case $probe in target|mcpu) continue ;; esac
		grep -q "^cap_$probe=" "$f" || fail "$f: '$args' names '$probe', which was not measured"
	done
done
note "a compiler that rejects -ffile-prefix-map: bpfbuild-cc maps no path (an argument for it, not a flag)"
{ cat "$fixtures/clang14.facts"; echo cap_prefix_map_flag=no; } | "$decide" >"$T/nomap.out"
assert_grep '^wrapper_arg=--no-prefix-map$' "$T/nomap.out" "the wrapper's argument"
"$decide" <"$fixtures/clang14.facts" >"$T/map.out"
assert_no_grep '^wrapper_arg=' "$T/map.out" "a compiler that takes the flag"
echo "ok"
