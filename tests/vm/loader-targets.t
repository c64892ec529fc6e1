#!/bin/bash
# Issue 28, item 4: targets the loader chooses at run time, in every kernel
# of the matrix (6.1, 6.12, sid's 7.2) and on the host.
#  - loader-targets/file_slower.bpf.c (libbpf-tools' fsslower: fentry and
#    fexit on the placeholder dummy_file_read, retargeted by the loader):
#    without its loader's target it is no-target everywhere (never
#    verified); with --attach-target PROG=generic_file_read_iter it is
#    verified against that function and passes in each VM, and its loader
#    (loader-targets/targets.c) retargets, loads and attaches it there.  The
#    host refuses fentry (EPERM): refused, and the loader fails alike.
#  - loader-targets/file_probe.bpf.c (fsslower's kprobe fallback, and a
#    kprobe of xfs_file_open): xfs is a module in Debian's kernels, not
#    loaded in the VMs; the kprobes pass with their target noted absent
#    (no longer relabelled no-target), and the loader loads them all, falls
#    back to generic_file_read_iter for the read probes and leaves xfs_open
#    off.
#  - end to end through engine/bpfbuild-validate-test: the same exit with
#    and without VM kernels where the host verifies; --optional of a kprobe
#    whose function no kernel has passes; a --require'd fentry passes in
#    a VM only with its declared target, which reaches the guest.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
here=$BPFBUILD_TOP/tests/vm/loader-targets
for n in file_slower file_probe; do
	(cd "$here" && clang_bpf_object "$n.bpf.c" "$T/$n.bpf.o" -ffile-prefix-map="$here=." -I"$VM_OBJ") ||
		fail "$n.bpf.c does not compile"
	"$BPFTOOL" gen skeleton "$T/$n.bpf.o" name "${n}_bpf" >"$T/$n.skel.h" || fail "bpftool gen skeleton $n"
done
cc -O2 -Wall -Werror -I"$T" "$here/targets.c" -o "$T/targets" -lbpf || fail "the loader does not build"
nk=$(echo "$KERNELS" | wc -l)
targets=(--attach-target file_read_fentry=generic_file_read_iter --attach-target file_read_fexit=generic_file_read_iter
	--attach-target file_read_entry=xfs_file_read_iter --attach-target file_read_exit=xfs_file_read_iter)
objs=("$T/file_slower.bpf.o" "$T/file_probe.bpf.o")

note "host"
# Whether the host has XFS (built in, or its module loaded) decides what
# the kprobes' targets are here; the VMs lack it (checked below).
xfs=null; grep -qE ' [tT] xfs_file_read_iter$' /proc/kallsyms && xfs=present
rc=0; env -u CI "$BPF_VALIDATE" --json "${objs[@]}" >"$T/plain.json" 2>"$T/err" || rc=$?
assert_eq "no declared target: exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_check "$T/plain.json" "({p['name']: (p['verdict'], p['target_absent'], bool(p['insns'])) for o in d['objects'] for p in o['programs']} ==
	{'file_read_fentry': ('no-target', None, False), 'file_read_fexit': ('no-target', None, False),
	 'file_read_entry': ('pass', 'dummy_file_read', True), 'file_read_exit': ('pass', 'dummy_file_read', True),
	 'xfs_open': ('pass', None if '$xfs' == 'present' else 'xfs_file_open', True)})" \
	"placeholders: the fentry pair is no-target, the kprobes pass with dummy_file_read absent"
rc=0; env -u CI "$BPF_VALIDATE" "${targets[@]}" --json "${objs[@]}" >"$T/host.json" 2>"$T/err" || rc=$?
assert_eq "declared targets on the host: exit 77 (fentry refused; stderr: $(cat "$T/err"))" 77 "$rc"
json_check "$T/host.json" "([p['verdict'] for p in d['objects'][0]['programs']] == ['refused'] * 2
	and [p['verdict'] for p in d['objects'][1]['programs']] == ['pass'] * 3
	and [p['target_absent'] for p in d['objects'][1]['programs'][:2]] == [None if '$xfs' == 'present' else 'xfs_file_read_iter'] * 2
	and 'program file_read_fentry: attach target generic_file_read_iter instead of its section\\'s dummy_file_read, as its loader sets it (--attach-target)' in d['objects'][0]['prepared'])" \
	"the host: fentry refused, with the declared target; the kprobes pass"
rc=0; "$T/targets" fentry generic_file_read_iter >"$T/host-fentry.log" 2>&1 || rc=$?
assert_eq "the fentry loader on the host fails as refused says" 1 "$rc"
assert_grep '^fentry: load failed: Operation not permitted$' "$T/host-fentry.log"
rc=0; "$T/targets" kprobe xfs_file_read_iter >"$T/host-kprobe.log" 2>&1 || rc=$?
assert_eq "the kprobe loader on the host loads as pass says" 0 "$rc"
# A declared target the kernel lacks: no-target, naming it (as the loader's
# bpf_program__set_attach_target() fails), before the host could refuse it.
rc=0; env -u CI "$BPF_VALIDATE" --attach-target file_read_fentry=no_such_read --require file_read_fentry \
	--json "$T/file_slower.bpf.o" >"$T/absent.json" 2>"$T/err" || rc=$?
assert_eq "a declared target the kernel lacks, --require'd: exit" 1 "$rc"
json_check "$T/absent.json" "(d['objects'][0]['programs'][0]['verdict'] == 'no-target'
	and d['objects'][0]['programs'][0]['error'].startswith('the kernel has no attach target no_such_read (BTF function)'))" \
	"no-target names the declared target"
# Bad declarations: one line each.
rc=0; "$BPF_VALIDATE" --attach-target nosuch=vfs_read "${objs[@]}" >/dev/null 2>"$T/err" || rc=$?
assert_eq "unknown program: exit" 1 "$rc"
assert_eq "unknown program: stderr" "bpf-validate: --attach-target nosuch=vfs_read: no program nosuch in the objects given" "$(cat "$T/err")"
rc=0; "$BPF_VALIDATE" --attach-target file_read_fentry "${objs[@]}" >/dev/null 2>"$T/err" || rc=$?
assert_eq "no =FUNC: exit" 1 "$rc"
assert_grep "^bpf-validate: --attach-target takes PROGRAM=FUNCTION " "$T/err"
rc=0; "$BPF_VALIDATE" --attach-target xfs_open=vfs_read --attach-target file_read_fentry=vfs_read --merge >/dev/null 2>"$T/err" || rc=$?
assert_eq "--attach-target with --merge: exit" 1 "$rc"
assert_eq "--attach-target with --merge: stderr" "bpf-validate: --attach-target is for verifying objects; no --merge with it" "$(cat "$T/err")"

note "VMs: bpf-validate with the loader's targets, then the loader, one boot per kernel"
rc=0
"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" --run "$here/run.sh" "$T/targets" "${objs[@]}" >"$T/run.log" 2>&1 || rc=$?
cat "$T/run.log"
assert_eq "bpf-vm-verify exit (the loader's)" 0 "$rc"
# count PATTERN WHAT: PATTERN is in the output of every kernel.
count() {
	[ "$(grep -cE -- "$1" "$T/run.log")" -eq "$nk" ] || fail "$2, not on every kernel of the matrix"
}
count '^   xfs_file_read_iter absent$' "the premise: no XFS in the VMs"
for p in file_read_fentry file_read_fexit; do
	count "^   file_slower\\.bpf\\.o +$p +f(entry|exit)/dummy_file_read +pass +[1-9]" "$p passes at its declared target"
	count "^   /test/file_slower\\.bpf\\.o: prepared: program $p: attach target generic_file_read_iter instead" "$p's retargeting is reported"
done
for p in file_read_entry file_read_exit; do
	count "^   file_probe\\.bpf\\.o +$p +k(ret)?probe/dummy_file_read +pass " "$p passes"
	count "^   /test/file_probe\\.bpf\\.o: $p: pass; target absent: the kernel has no function xfs_file_read_iter;" "$p's absent target is noted"
done
count "^   /test/file_probe\\.bpf\\.o: xfs_open: pass; target absent: the kernel has no function xfs_file_open;" "xfs_open's absent target is noted"
count '^   bpf-validate exit 0$' "bpf-validate passes"
count '^   fentry: loaded file_read_fentry, file_read_fexit at generic_file_read_iter$' "the loader retargets and loads"
count '^   fentry: attached$' "the loader attaches the fentry pair"
count '^   kprobe: loaded file_read_entry, file_read_exit, xfs_open$' "the loader loads the kprobes"
count '^   kprobe: xfs_file_read_iter absent, falling back to generic_file_read_iter$' "the loader falls back"
count '^   kprobe: file_read_exit attached at generic_file_read_iter$' "the fallback attaches"
count '^   kprobe: xfs_file_open absent, xfs_open left off$' "the loader leaves xfs_open off"

note "end to end: bpfbuild-validate-test"
# One kernel each (a boot per kernel and test): the matrix ran above.
vt=$BPFBUILD_TOP/engine/bpfbuild-validate-test
mkdir -p "$T/one"
cp "$T/file_probe.bpf.o" "$T/one/"
# vtest NAME ARGS...: its exit in $rc, its output in $T/NAME.log.
vtest() {
	local name=$1; shift
	rc=0; CI= sh "$vt" --validator "$BPF_VALIDATE" --vm-verify "$VM_TOOLS/bpf-vm-verify" "$@" >"$T/$name.log" 2>&1 || rc=$?
}
# A kprobe whose function no kernel has, --optional: it loads, so it passes,
# host alone or with the VMs (the batch of its directory).
BPF_VALIDATE_KERNELS= vtest opt-host --optional file_read_entry -- "$T/one/file_probe.bpf.o"
assert_eq "--optional kprobe, host only (log: $(cat "$T/opt-host.log"))" 0 "$rc"
BPF_VALIDATE_KERNELS=$K61 vtest opt-vm --optional file_read_entry -- "$T/one/file_probe.bpf.o"
assert_eq "--optional kprobe, with VMs (log: $(cat "$T/opt-vm.log"))" 0 "$rc"
assert_grep "file_read_entry +kprobe/dummy_file_read +pass +pass\$" "$T/opt-vm.log" "the host's and the VM's verdicts"
assert_grep "^file_probe\.bpf\.o: file_read_entry on ${K61##*/}: pass; target absent: the kernel has no function dummy_file_read " \
	"$T/opt-vm.log" "the VM's absent function, in the merged report"
# The fentry pair, --require'd, with the loader's targets, in the VMs: they
# boot for this test, with the targets.
BPF_VALIDATE_KERNELS=$KSID vtest req-vm --require file_read_fentry,file_read_fexit \
	"${targets[@]}" -- "${objs[@]}"
assert_eq "--require'd fentry with its target, VMs (log: $(cat "$T/req-vm.log"))" 0 "$rc"
assert_grep "file_read_fentry +fentry/dummy_file_read +refused +pass\$" "$T/req-vm.log" "verified in the VM"
BPF_VALIDATE_KERNELS= vtest req-none --require file_read_fentry -- "${objs[@]}"
assert_eq "--require'd fentry without its loader's target: exit (no target)" 1 "$rc"
assert_grep "file_read_fentry: required, but no-target on " "$T/req-none.log"
BPF_VALIDATE_KERNELS= vtest req-host --require file_read_fentry "${targets[@]}" -- "${objs[@]}"
assert_eq "the same, host only: verified nowhere" 77 "$rc"
BPF_VALIDATE_KERNELS= vtest bad-target --attach-target 'a=b=c' -- "${objs[@]}"
assert_eq "a bad --attach-target: exit" 1 "$rc"
assert_grep "^bpfbuild-validate-test: --attach-target takes one PROGRAM=FUNCTION: 'a=b=c'$" "$T/bad-target.log"
echo ok
