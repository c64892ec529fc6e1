# A corrupt vmlinuz, a kernel that panics, a missing qemu and a boot that
# exceeds its timeout: each gives one line naming the cause and exit 1, in
# bounded time.  A guest killed in its validator keeps the verdicts it
# had; a batch of the verifier tests whose boot failed is not kept.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
obj=$VM_OBJ/core_guarded.bpf.o

# one_line WHAT PATTERN MAX-SECONDS CMD...: CMD exits 1 within MAX-SECONDS,
# printing exactly one line that matches PATTERN.
one_line() {
	local what=$1 pat=$2 max=$3 rc=0 t0 dt; shift 3
	t0=$(date +%s)
	timeout 120 "$@" >"$T/out" 2>&1 || rc=$?
	dt=$(( $(date +%s) - t0 ))
	sed 's/^/    /' "$T/out"
	assert_eq "$what: exit" 1 "$rc"
	assert_eq "$what: lines" 1 "$(wc -l <"$T/out")"
	assert_grep "$pat" "$T/out" "$what"
	[ $dt -le "$max" ] || fail "$what: took ${dt}s (at most ${max}s)"
}

V=$VM_TOOLS/bpf-vm-verify
head -c 200000 "$K61/vmlinuz" >"$T/truncated.vmlinuz"
one_line "truncated vmlinuz" "truncated.vmlinuz: corrupt kernel image .*truncated" 10 \
	"$V" --kernel "$T/truncated.vmlinuz" "$obj"
head -c 3000000 /dev/urandom >"$T/garbage.vmlinuz"
one_line "garbage vmlinuz" "garbage.vmlinuz: corrupt kernel image .*not a bzImage" 10 \
	"$V" --kernel "$T/garbage.vmlinuz" "$obj"
# A whole header and a damaged payload: the kernel's own decompressor halts.
cp "$K61/vmlinuz" "$T/damaged.vmlinuz"
dd if=/dev/zero of="$T/damaged.vmlinuz" bs=1k seek=3000 count=200 conv=notrunc 2>/dev/null
one_line "damaged payload" 'damaged.vmlinuz: corrupt kernel image .*decompressor says .* and halts' 30 \
	"$V" --timeout 60 --kernel "$T/damaged.vmlinuz" "$obj"
# The same, offline: the BTF extraction names the cause too.
one_line "damaged payload (BTF)" 'damaged.vmlinuz' 30 \
	"$VM_TOOLS/bpf-vm-kernels" btf "$T/damaged.vmlinuz" "$T/x.btf"

# A kernel that panics: no init in the initramfs, no root device.  A boot
# that dies on its own is tried twice, then "could not boot", not a verdict.
one_line "panic" "$(basename "$K61" | sed 's/[+.]/\\&/g'): VM could not boot \(2 boots\): kernel panic: .*VFS: Unable to mount root fs" 30 \
	"$V" --timeout 60 --append rdinit=/nonexistent --kernel "$K61" "$obj"

# A boot that panics once (6.1 under TCG on a loaded machine: "IO-APIC +
# timer doesn't work") is booted again, and the second boot's verdicts are
# the report.  The first boot is made to panic for real: this QEMU runs the
# real one, the first time with the initramfs's init missing.
cat >"$T/qemu-once" <<'SH'
#!/bin/sh
echo "$*" >>"$0.args"
if [ ! -e "$0.booted" ]; then
	: >"$0.booted"
	for a do
		case $a in console=ttyS0*) a="$a rdinit=/nonexistent" ;; esac
		set -- "$@" "$a"; shift
	done
fi
exec qemu-system-x86_64 "$@"
SH
chmod +x "$T/qemu-once"
rc=0
env QEMU="$T/qemu-once" BPF_VM_ACCEL=tcg "$V" --keep "$T/once" --kernel "$K61" "$obj" \
	>"$T/once.out" 2>"$T/once.err" || rc=$?
cat "$T/once.out" "$T/once.err"
assert_eq "one panic, then a boot: exit" 0 "$rc"
assert_eq "one panic, then a boot: boots" 2 "$(wc -l <"$T/qemu-once.args")"
assert_grep 'Kernel panic' "$T/once/k1.console.1" "the first boot's console"
assert_grep "^core_guarded\.bpf\.o +core_guarded +\S+ +pass$" "$T/once.out" "the report"
[ ! -s "$T/once.err" ] || fail "a boot that worked the second time left words on stderr"
# The timer check that panics so is off in every boot.
assert_eq "boots with no_timer_check" 2 "$(grep -c -- '-append .*no_timer_check' "$T/qemu-once.args")"

# A boot that exceeds its timeout is killed. The guest's init is a shell
# reading a console that never gets input, so it hangs on any machine (a
# real boot can finish within a short timeout on a fast KVM host).
one_line "timeout" "boot timed out after 3s and was killed \(set BPF_VM_TIMEOUT=SECONDS in the environment, or bpf-vm-verify --timeout;" 10 \
	"$V" --timeout 3 --append rdinit=/bin/sh --kernel "$K61" "$obj"

# A guest that booted and whose validator outlives --timeout is not booted
# again (that would take as long again): one boot, one line naming the
# validator and what raises the limit, and the objects it had verified
# keep their verdicts: the others are "not finished".  The stand-in
# validator passes each object at once with core_guarded's real report,
# but hangs on hang.bpf.o; where the host runs it (--merge for the
# report), it is the real bpf-validate.
mkdir "$T/cut"
for o in a hang c; do cp "$obj" "$T/cut/$o.bpf.o"; done
rest=$("$BPF_VALIDATE" --json "$obj" | sed -n '2{s/^{"path":"[^"]*",//;s/\],$//;p;}')
cat >"$T/hang-validator" <<SH
#!/bin/sh
for a do case \$a in --merge) exec "$BPF_VALIDATE" "\$@" ;; esac; done
for o do :; done
case \$o in *hang*) while :; do sleep 60; done ;; esac
echo '{"objects":['
printf '{"path":"%s",' "\$o"
cat <<'DOC'
$rest],
"kernel":"stand-in","exit":0}
DOC
SH
chmod +x "$T/hang-validator"
cat >"$T/qemu-count" <<'SH'
#!/bin/sh
echo "$*" >>"$0.args"
exec qemu-system-x86_64 "$@"
SH
chmod +x "$T/qemu-count"
k61=$(basename "$K61" | sed 's/[+.]/\\&/g')
rc=0 t0=$(date +%s)
env QEMU="$T/qemu-count" BPF_VM_ACCEL=tcg "$V" --timeout 45 --validator "$T/hang-validator" --kernel "$K61" \
	"$T"/cut/{a,hang,c}.bpf.o >"$T/cut.out" 2>"$T/cut.err" || rc=$?
cat "$T/cut.out" "$T/cut.err"
assert_eq "validator out of time: exit" 1 "$rc"
[ $(($(date +%s) - t0)) -le 75 ] || fail "validator out of time: took more than 75 s"
assert_eq "validator out of time: boots" 1 "$(wc -l <"$T/qemu-count.args")"
assert_eq "validator out of time: lines on stderr" 1 "$(wc -l <"$T/cut.err")"
assert_grep "^bpf-vm-verify: $k61: the validator did not finish within 45s and was killed \(the guest had booted; set BPF_VM_TIMEOUT=SECONDS in the environment, or bpf-vm-verify --timeout\); it had verified 1 of its 3 objects, whose verdicts stand$" "$T/cut.err"
assert_grep "^a\.bpf\.o +core_guarded +\S+ +pass$" "$T/cut.out" "the verdict of the object verified before the kill"
assert_grep "^hang\.bpf\.o +- +- +error$" "$T/cut.out" "the object being verified at the kill"
assert_grep "^c\.bpf\.o on $k61: not finished: the validator did not finish within 45s" "$T/cut.out" "the object after it"

# No qemu: a PATH with everything but qemu-system-*.
path_without "$T/bin" 'qemu-system-*'
one_line "missing qemu" "^bpf-vm-verify: qemu-system-x86_64 not found; install qemu-system-x86$" 10 \
	env PATH="$T/bin" "$V" --kernel "$K61" "$obj"

# Several kernels, one of them bad: the good one is still verified, the bad
# one is one line, and the run fails.
rc=0
"$V" --kernel "$T/garbage.vmlinuz" --kernel "$K61" "$obj" >"$T/mixed" 2>"$T/mixed.err" || rc=$?
cat "$T/mixed" "$T/mixed.err"
assert_eq "mixed: exit" 1 "$rc"
assert_eq "mixed: error lines" 1 "$(wc -l <"$T/mixed.err")"
assert_grep "^core_guarded\.bpf\.o +core_guarded +\S+ +boot-failed +pass$" "$T/mixed"

# A validator built for a CPU that the VM does not emulate (-march=native
# on an AVX-512 host, where QEMU's TCG has no AVX-512): one line that says
# so.  The stand-in executes ud2 in the guest, the same SIGILL on every CPU
# (sid's QEMU emulates more instructions than bookworm's); where the host
# runs it for the report (--merge), it is the real bpf-validate.
cat >"$T/avx512.c" <<'C'
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--merge"))
			return execv(REAL_VALIDATOR, argv), 127;
	__asm__ volatile("ud2");
	return 0;
}
C
gcc -O2 -DREAL_VALIDATOR="\"$BPF_VALIDATE\"" -o "$T/avx512-validator" "$T/avx512.c"
one_line "validator beyond the VM's CPU" "$(basename "$K61" | sed 's/[+.]/\\&/g'): the guest's validator died of an illegal instruction: .*-march=native" 30 \
	env BPF_VM_ACCEL=tcg "$V" --validator "$T/avx512-validator" --kernel "$K61" "$obj"

# The verifier tests' batch (engine/bpfbuild-vm-batch, issue 48): a boot
# that failed is not kept, so a later test boots again, and a changed VM
# tool boots again (it used to serve the failed verdicts of the old one,
# until BUILD/.bpfbuild-vm was removed).  A stand-in QEMU fails at once;
# one real boot in between.
cat >"$T/qemu-fail" <<'SH'
#!/bin/sh
echo "$*" >>"$0.args"
echo "stand-in qemu: no boot today" >&2
exit 1
SH
chmod +x "$T/qemu-fail"
mkdir "$T/batch"
for o in a b c; do cp "$obj" "$T/batch/$o.bpf.o"; done
# vtest QEMU OBJ [VM-VERIFY]: the verifier test of OBJ, as meson test runs it.
vtest() {
	env -u CI QEMU="$1" BPF_VM_ACCEL=tcg sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" --validator "$BPF_VALIDATE" \
		--vm-verify "${3:-$V}" --kernels "$K61" -- "$2"
}
: >"$T/qemu-count.args"
rc=0
vtest "$T/qemu-fail" "$T/batch/a.bpf.o" >"$T/b1" 2>&1 || rc=$?
cat "$T/b1"
assert_eq "a failed boot: exit" 1 "$rc"
assert_grep "qemu failed \(exit 1\): stand-in qemu: no boot today" "$T/b1"
assert_eq "a failed boot: boots (the record's read boots none)" 1 "$(wc -l <"$T/qemu-fail.args")"
rc=0
vtest "$T/qemu-count" "$T/batch/b.bpf.o" >"$T/b2" 2>&1 || rc=$?
cat "$T/b2"
assert_eq "QEMU fixed: exit" 0 "$rc"
assert_eq "QEMU fixed: booted again" 1 "$(wc -l <"$T/qemu-count.args")"
rc=0
vtest "$T/qemu-count" "$T/batch/c.bpf.o" >"$T/b3" 2>&1 || rc=$?
assert_eq "the next test: exit" 0 "$rc"
assert_eq "the next test: the batch kept (no boot)" 1 "$(wc -l <"$T/qemu-count.args")"
# Another VM tool (a copy with one line more) boots again.
cp -r "$VM_TOOLS" "$T/vm2"
echo "# changed" >>"$T/vm2/bpf-vm-boot.sh"
vtest "$T/qemu-fail" "$T/batch/a.bpf.o" "$T/vm2/bpf-vm-verify" >"$T/b4" 2>&1 && fail "a boot without QEMU passed"
assert_eq "another VM tool: booted again" 2 "$(wc -l <"$T/qemu-fail.args")"
echo "ok: a failed batch is not kept, a good one is, and another VM tool boots again"
