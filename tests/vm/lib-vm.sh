# Shared by tests/vm/*.t (sourced after ../lib.sh).  Once per run: fetches
# the kernel matrix into the kernel cache (kept across runs), builds the
# toolkit and compiles progs/*.bpf.c.  Sets:
#   VM_TOOLS         tools/bpf-vm
#   KERNELS          the matrix's cache dirs, one per line (vmlinuz, vmlinux.btf)
#   K61 K612 KSID    bookworm's 6.1, 6.12, sid's newest
#   VM_OBJ           the compiled test objects (NAME.bpf.o)
VM_TOOLS=$BPFBUILD_TOP/tools/bpf-vm
BPFTOOL=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
toolkit_build
vm_kernels

VM_OBJ=$BPFBUILD_TEST_RUN/vm-objs
_vm_compile() {
	set -e
	mkdir -p "$VM_OBJ"
	"$BPFTOOL" btf dump file /sys/kernel/btf/vmlinux format c >"$VM_OBJ/vmlinux.h"
	cd "$BPFBUILD_TOP/tests/vm/progs"
	for src in *.bpf.c; do
		n=$(basename "$src" .bpf.c)
		clang_bpf_object "$src" "$VM_OBJ/$n.bpf.o" -ffile-prefix-map="$PWD=." -I"$VM_OBJ"
	done
}
_once vm-objs _vm_compile || fail "the VM test programs do not compile"

# KARGS: --kernel DIR for every kernel of the matrix.
KARGS=()
for _k in $KERNELS; do KARGS+=(--kernel "$_k"); done

# json_check FILE PYTHON-EXPR WHAT: EXPR sees the document as `d`.
json_check() {
	python3 - "$1" "$2" <<'PY' || { head -c 3000 "$1"; echo; fail "JSON: $3"; }
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}
