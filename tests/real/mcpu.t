#!/bin/bash
# Why bpfbuild keeps the compiler's own -mcpu: a program in function
# tracers' style (progs/func-depth.bpf.c) that clang's default ISA (v1)
# keeps verifiable and -mcpu=v3 makes unverifiable, on the host and on
# bookworm's 6.1.  Built with the decided flags, it passes wherever the
# compiler's default is below v3; with bpf-cpu=v3 the same source is
# rejected, which is what forcing v3 did to real tools.
. "$(dirname "$0")/../lib.sh"
toolkit_build
vm_kernels
probe=$BPFBUILD_TOP/engine/bpfbuild-probe
cc=$BPFBUILD_TOP/engine/bpfbuild-cc
src=$T/src
mkdir -p "$src"
cp "$(dirname "$0")/progs/func-depth.bpf.c" "$src/"

# build NAME PROBE-ARGS...: the program built as the module builds it
build() {
	local name=$1 out; shift
	out=$(BPF_CFLAGS= "$probe" "$@") || fail "probe failed: $out"
	printf '%s\n' "$out" >"$T/$name.probe"
	mapfile -t cmd < <(sed -n 's/^cc_cmd=//p' "$T/$name.probe")
	mapfile -t flags < <(sed -n 's/^flag=//p' "$T/$name.probe")
	"$cc" --srcroot "$src" --bpftool "$(sed -n 's/^bpftool=//p' "$T/$name.probe")" \
		--link "$(sed -n 's/^link=//p' "$T/$name.probe")" -o "$T/$name.bpf.o" \
		-- "${cmd[@]}" "${flags[@]}" -- "$src/func-depth.bpf.c" || fail "$name does not build"
}
verdict() {  # OBJ: pass or rejected, on the host
	"$BPF_VALIDATE" --json "$1" >"$1.json" 2>/dev/null
	grep -o '"verdict": *"[a-z-]*"' "$1.json" | head -n 1 | sed 's/.*"\([a-z-]*\)"$/\1/'
}

build default
default=$(sed -n 's/^why_mcpu=.*default \(v[0-9]\).*/\1/p' "$T/default.probe")
note "compiler: $(sed -n 's/^cc=//p' "$T/default.probe"), default ISA ${default:-not told apart}"
grep -q -- '^flag=-mcpu' "$T/default.probe" && fail "a -mcpu flag was decided without bpf-cpu"
build v3 --cpu v3
grep -q -- '^flag=-mcpu=v3$' "$T/v3.probe" || fail "bpf-cpu=v3 gave no -mcpu=v3"

d=$(verdict "$T/default.bpf.o") v=$(verdict "$T/v3.bpf.o")
note "host: default ISA $d, -mcpu=v3 $v"
assert_eq "-mcpu=v3 on the host" rejected "$v"
case $default in
v1|v2)
	assert_eq "the compiler's default ($default) on the host" pass "$d"
	note "the default ISA's object in bookworm's 6.1"
	"$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify" --validator "$BPF_VALIDATE" --kernel "$K61" \
		"$T/default.bpf.o" >"$T/vm.log" 2>&1 || { cat "$T/vm.log"; fail "rejected on 6.1"; }
	grep -E 'pass|rejected' "$T/vm.log" | head -n 3 ;;
*)
	# A compiler whose own default is v3 or above (clang 20+, GCC) makes
	# the same code: the program itself must change, or ask for v1.
	assert_eq "the compiler's default ($default) on the host" rejected "$d" ;;
esac
echo "ok"
