# Sourced by tests/bench/vm-matrix.sh and vm-batch.sh, after top=: the VM
# tools, a scratch directory ($tmp, removed at exit), a clock, a
# bpf-validate ($BPF_VALIDATE, else a fresh build), and vm_prog.
tools=$top/tools/bpf-vm
bpftool=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

if [ -z "${BPF_VALIDATE:-}" ]; then
	meson setup "$tmp/build" "$top" >/dev/null && meson compile -C "$tmp/build" >/dev/null
	BPF_VALIDATE=$tmp/build/tools/bpf-validate/bpf-validate
fi
export BPF_VALIDATE

# vm_prog NAME OUT: tests/vm/progs/NAME.bpf.c compiled by clang and linked
# by bpftool gen object, as bpfbuild builds it, against this kernel's BTF.
vm_prog() {
	[ -f "$tmp/vmlinux.h" ] || "$bpftool" btf dump file /sys/kernel/btf/vmlinux format c >"$tmp/vmlinux.h"
	clang -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 -I"$tmp" \
		-idirafter "/usr/include/$(gcc -print-multiarch)" \
		-c "$top/tests/vm/progs/$1.bpf.c" -o "$tmp/$1.tmp.o"
	"$bpftool" gen object "$2" "$tmp/$1.tmp.o"
}
