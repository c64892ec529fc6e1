# A boot's limit is sized to its work (issues 46 and 48): a boot, each
# object and each program, at the speed the machine gives a guest now
# (tools/bpf-vm/bpf-vm-limit.sh); a fixed 60 s killed sound boots of 54
# objects on a loaded machine.  A consumer raises it with BPF_VM_TIMEOUT,
# which reaches bpf-vm-verify through the verifier test too.  No boot: a
# stand-in QEMU notes the limit that `timeout` gives it (its parent's
# command line) and fails at once.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
# shellcheck source=../../tools/bpf-vm/bpf-vm-limit.sh
. "$VM_TOOLS/bpf-vm-limit.sh"

# The computation (OBJECTS PROGRAMS THREADS LOAD CPUS): never below the 60 s
# it replaces, a second for each object and program, twice as much
# with twice as many threads as CPUs wanting them, and at most 8 times:
# a hung guest still ends.
one=$(vm_limit 1 1 1 0 2) sixty=$(vm_limit 60 60 1 0 2)
[ "$one" -ge 60 ] || fail "one object: ${one}s, below the old fixed 60 s"
[ "$sixty" -ge $((one + 2 * 59)) ] || fail "60 objects: ${sixty}s, not 1 s more an object and a program than one's ${one}s"
assert_eq "60 objects, load 3 on 2 CPUs" $((2 * sixty)) "$(vm_limit 60 60 1 3 2)"
assert_eq "60 objects, load 20 on 2 CPUs (at most 8 times)" $((8 * sixty)) "$(vm_limit 60 60 1 20 2)"
assert_eq "60 objects, 4 guests of 2 vCPUs on 2 CPUs" $((4 * sixty)) "$(vm_limit 60 60 8 0 2)"
echo "ok: ${one}s for one object, ${sixty}s for 60 on an idle machine"

cat >"$T/qemu-limit" <<'SH'
#!/bin/sh
# timeout -k 3 LIMIT qemu...: the limit is its fourth word.
tr '\0' '\n' <"/proc/$PPID/cmdline" | sed -n 4p >"$0.limit"
echo "stand-in qemu: no boot" >&2
exit 1
SH
chmod +x "$T/qemu-limit"
mkdir "$T/objs"
for i in $(seq 60); do cp "$VM_OBJ/core_guarded.bpf.o" "$T/objs/o$i.bpf.o"; done
# limit_of WHAT CMD...: runs CMD with the stand-in QEMU; prints the limit.
limit_of() {
	local what=$1; shift
	rm -f "$T/qemu-limit.limit"
	env QEMU="$T/qemu-limit" BPF_VM_ACCEL=tcg "$@" >"$T/out" 2>&1 && fail "$what: a boot without QEMU passed"
	[ -s "$T/qemu-limit.limit" ] || { cat "$T/out"; fail "$what: QEMU was not run"; }
	cat "$T/qemu-limit.limit"
}
V=$VM_TOOLS/bpf-vm-verify
got=$(limit_of "60 objects" "$V" --kernel "$K61" "$T"/objs/*.bpf.o)
[ "$got" -ge "$sixty" ] && [ "$got" -le $((8 * sixty)) ] ||
	fail "60 objects: a limit of ${got}s, not between ${sixty}s and 8 times that"
echo "ok: bpf-vm-verify gave 60 objects ${got}s"
assert_eq "BPF_VM_TIMEOUT" 432 "$(limit_of BPF_VM_TIMEOUT env BPF_VM_TIMEOUT=432 "$V" --kernel "$K61" "$T/objs/o1.bpf.o")"
assert_eq "--timeout before BPF_VM_TIMEOUT" 7 \
	"$(limit_of --timeout env BPF_VM_TIMEOUT=432 "$V" --timeout 7 --kernel "$K61" "$T/objs/o1.bpf.o")"
# As a consumer's meson test or make check runs it: the environment's.
assert_eq "BPF_VM_TIMEOUT through the verifier test" 433 "$(limit_of "the verifier test" env -u CI BPF_VM_TIMEOUT=433 \
	sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" --validator "$BPF_VALIDATE" --vm-verify "$V" \
	--kernels "$K61" -- "$T/objs/o1.bpf.o")"
echo "ok: BPF_VM_TIMEOUT sets the limit, through the verifier test too; --timeout wins"
