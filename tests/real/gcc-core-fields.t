#!/bin/bash
# gcc-bpf and bpftool's vmlinux.h (issue 48): gcc ignores the pragma with
# which the header marks its records for CO-RE, so a program that
# dereferences a kernel pointer directly (progs/task-fields.bpf.c, the
# idiom of tp_btf tools) was compiled to the offsets of the build's header
# with no relocation: it read another field on every other kernel, and
# every verifier accepted it.  bpfbuild-cc gives gcc the header with the
# attribute on its records (engine/bpfbuild-core-records.sh): gcc's object
# must read the very fields clang's reads, at the same offsets, on each
# kernel of the VM matrix (bpftool's own CO-RE resolution against each
# kernel's BTF), and nothing of the program's own types.  gcc-bpf 12 makes
# no CO-RE object at all (the probe's core): there the test checks that the
# probe says so, and trixie (gcc-bpf 14) and sid (16) run the comparison.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-real.sh"
case ${BPF_CC:-} in *clang*) skip "BPF_CC is clang: this test compares gcc-bpf with clang" ;; esac
command -v bpf-gcc >/dev/null || command -v bpf-unknown-none-gcc >/dev/null || skip "no gcc-bpf"
vm_kernels
src=$T/src
real_copy "$src"
cp "$(dirname "$0")/progs/task-fields.bpf.c" "$src/"

# probe CC: the probe's answer for CC, in $T/CC.probe
probe() {
	local out
	out=$(BPF_CFLAGS='' BPF_CC='' "$BPFBUILD_TOP/engine/bpfbuild-probe" --compiler "$1") || fail "probe for $1 failed: $out"
	printf '%s\n' "$out" >"$T/$1.probe"
}
said() { sed -n "s/^$2=//p" "$T/$1.probe" | tail -n 1; }

probe gcc
if [ "$(said gcc cap_core)" != yes ]; then
	assert_eq "gcc-bpf $(said gcc cc_version): the probe's core" no "$(said gcc cap_core)"
	note "gcc-bpf $(said gcc cc_version) makes no CO-RE object ($(said gcc why_core)): its CO-RE programs are skipped; the comparison runs with gcc-bpf 14 and 16 (trixie, sid)"
	exit 0
fi
probe clang

# build CC: task-fields built as both adapters build it, the header found
# through the program's own -I, as libbpf-tools has it.
build() {
	local cmd flags
	mapfile -t cmd < <(sed -n 's/^cc_cmd=//p' "$T/$1.probe")
	mapfile -t flags < <(sed -n 's/^flag=//p' "$T/$1.probe")
	"$BPFBUILD_TOP/engine/bpfbuild-cc" --srcroot "$src" --bpftool "$(said "$1" bpftool)" --link "$(said "$1" link)" \
		--depfile "$T/$1.d" -o "$T/$1.bpf.o" -- "${cmd[@]}" "${flags[@]}" -- "$src/task-fields.bpf.c" -- "-I$src/x86" \
		>"$T/$1.log" 2>&1 || { cat "$T/$1.log"; fail "task-fields does not build with $1"; }
}
build gcc
build clang

# relocs CC KERNEL: the fields CC's object reads on KERNEL, as libbpf's
# CO-RE resolves them ("<byte_off> struct task_struct.pid (0:92 @ offset
# 1264)"), one per line, sorted.
relocs() {
	"$(said "$1" bpftool)" -d gen min_core_btf "$2/vmlinux.btf" "$T/min.btf" "$T/$1.bpf.o" 2>&1 |
		sed -nE 's/.*(<[a-z_]+>) \[[0-9]+\] ([a-z]+ [A-Za-z0-9_.:]+ \([0-9:]+ @ offset [0-9]+\))$/\1 \2/p' | LC_ALL=C sort -u
}
for k in $KERNELS; do
	kn=$(basename "$k")
	g=$(relocs gcc "$k") c=$(relocs clang "$k")
	assert_grep '^<byte_off> struct task_struct\.pid ' <(printf '%s\n' "$c") "clang's fields on $kn"
	assert_eq "gcc-bpf $(said gcc cc_version)'s fields on $kn (clang's: $(echo "$c" | paste -sd';'))" "$c" "$g"
	assert_no_grep 'fork_event' <(printf '%s\n' "$g") "the program's own struct on $kn"
	note "$kn: $(echo "$g" | wc -l) fields, the same for gcc-bpf $(said gcc cc_version) and clang $(said clang cc_version)"
done
# And it compiles as clean as clang's: one depfile, no temporary in it.
assert_no_grep '(warning|error)' "$T/gcc.log" "gcc's compile"
assert_grep 'x86/vmlinux\.h' "$T/gcc.d" "gcc's depfile names the header"
assert_no_grep 'core-records' "$T/gcc.d" "gcc's depfile (no temporary)"
