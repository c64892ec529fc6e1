#!/bin/bash
# Issue 28, items 1 and 6, in every kernel of the matrix (6.1, 6.12, sid's
# 7.2), one boot per kernel (bpf-vm-verify --run with the objects and
# bpf-validate packed; loader-verdict/run.sh verifies, then loads):
#  - progs/stack_sized.bpf.c (a stack-trace map declaring only key_size,
#    sized by its loader) passes bpf-validate on the host and in each VM,
#    each report listing the value size it was given; its loader
#    (loader-verdict/stack_sized.c: sets value_size and max_entries, loads,
#    pins nothing) loads it on the host and in each VM, as the verdict says;
#  - progs/bad_deref.bpf.c's bad_lookup is rejected on each kernel, and each
#    rejection names the verifier's own reason (7.2 ends its log with
#    statistics lines of a new form: tests/validate/57-vlog-reason.t).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
here=$BPFBUILD_TOP/tests/vm/loader-verdict
progs=$BPFBUILD_TOP/tests/validate/progs
for n in stack_sized bad_deref; do
	clang_bpf_object "$progs/$n.bpf.c" "$T/$n.bpf.o" -I"$VM_OBJ" || fail "$n.bpf.c does not compile"
done
"$BPFTOOL" gen skeleton "$T/stack_sized.bpf.o" name stack_sized_bpf >"$T/stack_sized.skel.h" ||
	fail "bpftool gen skeleton"
cc -O2 -Wall -Werror -I"$T" "$here/stack_sized.c" -o "$T/stack_sized" -lbpf || fail "the loader does not build"
nk=$(echo "$KERNELS" | wc -l)
reason="R0 invalid mem access 'map_value_or_null'"

note "host"
env -u CI "$BPF_VALIDATE" --json "$T/stack_sized.bpf.o" >"$T/host.json" || fail "stack_sized rejected on the host"
assert_grep "map stackmap: value_size 0 -> " "$T/host.json" "the host's report of what was prepared"
rc=0; "$T/stack_sized" >"$T/host-loader.log" 2>&1 || rc=$?
cat "$T/host-loader.log"
assert_eq "the loader on the host" 0 "$rc"

note "VMs: bpf-validate, then the loader, in one boot per kernel"
rc=0
"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" --run "$here/run.sh" "$T/stack_sized" \
	"$T/stack_sized.bpf.o" "$T/bad_deref.bpf.o" >"$T/run.log" 2>&1 || rc=$?
cat "$T/run.log"
assert_eq "bpf-vm-verify exit (the loader's)" 0 "$rc"
# count PATTERN WHAT: PATTERN is in the output of every kernel.
count() {
	[ "$(grep -cE -- "$1" "$T/run.log")" -eq "$nk" ] || fail "$2, not on every kernel of the matrix"
}
count '^   stack_sized\.bpf\.o +off_cpu +tp_btf/sched_switch +pass ' "stack_sized passes bpf-validate"
count '^   /test/stack_sized\.bpf\.o: prepared: map stackmap: value_size 0 -> [0-9]+ ' "the value size is in the report"
count '^   bad_deref\.bpf\.o +bad_lookup +xdp +rejected ' "bad_lookup is rejected"
count "^   /test/bad_deref\.bpf\.o: bad_lookup: rejected at [^ ]*bad_deref\.bpf\.c:[0-9]+: $reason\$" \
	"the rejection names the verifier's reason"
count '^   bpf-validate exit 1$' "bpf-validate exits 1 (a rejection)"
count '^   loaded off_cpu$' "the loader loads stack_sized"
echo ok
