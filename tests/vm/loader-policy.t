#!/bin/bash
# Verdicts are what the loaders get, on the host and on every declared
# kernel, and the same policy decides with no VM kernel or three (issue 28,
# items 2, 3, 5 and 9).  Three programs written as tools write them, each
# with a libbpf loader (loader-policy/NAME.c):
#  - unlink_alt: fentry alternatives, do_unlinkat (up to 6.x) and
#    filename_unlinkat (7.x); the host refuses fentry, so its only present
#    member is refused there and the VMs decide the group;
#  - sysctl_guard: a cgroup/sysctl program calling
#    bpf_current_task_under_cgroup, which 6.1 lacks for that type: it passes
#    on the host and must fail once 6.1 is declared;
#  - parent_comm: a kfunc of 6.2 and later (bpf_task_from_pid); 6.1 lacks
#    it, and the loader switches the program off there.
# 1. The loaders on the host and in each VM (one boot per kernel, with
#    bpf-validate's table beside them): each loader's result agrees with
#    the verdicts on that kernel.
# 2. engine/bpfbuild-validate-test, the verifier test of meson test and
#    make check, with and without the VM kernels: the exits a user expects,
#    the same wherever the host could verify and the kernels agree.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
here=$BPFBUILD_TOP/tests/vm/loader-policy
names=(unlink_alt sysctl_guard parent_comm)
mkdir "$T/test"
for n in "${names[@]}"; do
	cp "$VM_OBJ/$n.bpf.o" "$T/test/"
	"$BPFTOOL" gen skeleton "$T/test/$n.bpf.o" name "${n}_bpf" >"$T/$n.skel.h" || fail "$n: bpftool gen skeleton"
	cc -O2 -Wall -Werror -I"$T" "$here/$n.c" -o "$T/test/$n" -lbpf || fail "the loader $n does not build"
done

note "the host: bpf-validate and the loaders"
env -u CI "$BPF_VALIDATE" "$T"/test/*.bpf.o >"$T/host.out" 2>&1 || :
echo "== kernel host:" >"$T/runs"
sed 's/^/   /' "$T/host.out" >>"$T/runs"
for n in "${names[@]}"; do
	rc=0; "$T/test/$n" >"$T/host-$n.out" 2>&1 || rc=$?
	{ sed 's/^/   /' "$T/host-$n.out"; echo "   $n exit $rc"; } >>"$T/runs"
done

note "the VMs: bpf-validate and the loaders, one boot per kernel"
rc=0
"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" --validator "$BPF_VALIDATE" --run "$here/run.sh" \
	"$T/test/unlink_alt" "$T/test/sysctl_guard" "$T/test/parent_comm" "$T"/test/*.bpf.o >"$T/vm.out" 2>&1 || rc=$?
assert_eq "bpf-vm-verify --run exit" 0 "$rc"
cat "$T/vm.out" >>"$T/runs"
cat "$T/runs"
python3 - "$T/runs" "${names[@]}" <<'PY' || fail "a loader's result disagrees with the verdicts"
import re, sys
runs, names = {}, sys.argv[2:]
for line in open(sys.argv[1]):
    h = re.match(r"== kernel (\S+):", line)
    if h:
        k = h.group(1)
        runs[k] = {"verdicts": {}, "loaded": {}, "exit": {}}
        continue
    v = re.match(r"   (\S+)\.bpf\.o +(\S+) +\S+ +(pass|rejected|refused|no-target|not-run)\b", line)
    if v:
        runs[k]["verdicts"].setdefault(v.group(1), {})[v.group(2)] = v.group(3)
    l = re.match(r"   (\S+): loaded(( \S+)*)$", line)
    if l:
        runs[k]["loaded"][l.group(1)] = sorted(l.group(2).split())
    e = re.match(r"   (\S+) exit (\d+)$", line)
    if e:
        runs[k]["exit"][e.group(1)] = int(e.group(2))
assert len(runs) == 4, runs.keys()
bad = 0
for k, r in runs.items():
    for n in names:
        v = r["verdicts"].get(n)
        assert v, (k, n, r)
        # A loader loads the programs that pass and switches off those
        # without target; one refused or rejected program fails the load.
        if any(x in ("rejected", "refused") for x in v.values()):
            want = "fails"
        else:
            want = " ".join(sorted(p for p, x in v.items() if x == "pass"))
        got = "fails" if r["exit"].get(n) else " ".join(r["loaded"].get(n, ["?"]))
        print(f"{n:14} {k:28} verdicts {v}: loader {got!r}, expected {want!r}")
        bad += got != want
sys.exit(bad)
PY
# What the matrix says, so that the exits below mean what they should.
assert_grep "^== kernel 6\.1\..*" "$T/runs"
grep -A12 '^== kernel 6\.1\.' "$T/runs" | grep -qE '^   sysctl_guard\.bpf\.o +sysctl_guard +\S+ +rejected' ||
	fail "6.1 does not reject sysctl_guard (the test proves nothing)"
grep -A12 '^== kernel 6\.1\.' "$T/runs" | grep -qE '^   parent_comm\.bpf\.o +on_fork +\S+ +no-target' ||
	fail "6.1 has the kfunc (the test proves nothing)"
assert_grep "^   unlink_alt\.bpf\.o +unlink_old +\S+ +refused" "$T/runs" "the host's verdict of the present alternative"
# The rejection names the verifier's reason on 6.1.
assert_grep "sysctl_guard: rejected.*unknown func bpf_current_task_under_cgroup" "$T/runs" "6.1's reason"

note "the verifier test, without and with the VM kernels"
vt=$BPFBUILD_TOP/engine/bpfbuild-validate-test
kernels=$(echo "$KERNELS" | paste -sd,)
# vtest EXPECT-HOST EXPECT-VMS OBJ [POLICY...]: the test's exit host-only
# and with the matrix (CI unset: a skip is 77 here).
vtest() {
	local host=$1 vms=$2 obj=$T/test/$3.bpf.o rc; shift 3
	rc=0; BPF_VALIDATE_KERNELS= env -u CI sh "$vt" --validator "$BPF_VALIDATE" -- "$obj" "$@" >"$T/v.host" 2>&1 || rc=$?
	[ "$rc" = "$host" ] || { cat "$T/v.host"; fail "$obj $*, host only: exit $rc, expected $host"; }
	rc=0; BPF_VALIDATE_KERNELS=$kernels env -u CI sh "$vt" --validator "$BPF_VALIDATE" \
		--vm-verify "$VM_TOOLS/bpf-vm-verify" -- "$obj" "$@" >"$T/v.vms" 2>&1 || rc=$?
	[ "$rc" = "$vms" ] || { cat "$T/v.vms"; fail "$obj $*, with the VMs: exit $rc, expected $vms"; }
}
t0=$(date +%s)
# The refused alternative: verified nowhere on the host alone (a skip);
# the VMs decide the group: one member loads on each kernel.
vtest 77 0 unlink_alt --alternatives unlink_old,unlink_new
assert_grep "^\S*/unlink_alt\.bpf\.o: unlink_old: host kernel refuses \S+ programs; verified in VM " "$T/v.vms"
assert_no_grep "^FAIL" "$T/v.vms"
# Passes on the host; 6.1, once declared, rejects it; a declared range
# (6.12 and later) leaves 6.1 out.
vtest 0 1 sysctl_guard
assert_grep "^FAIL sysctl_guard\.bpf\.o: sysctl_guard: rejected on 6\.1\." "$T/v.vms"
vtest 0 0 sysctl_guard --kernels-min 6.12
# No kfunc on 6.1: reported, not failed, unless the program is required.
vtest 0 0 parent_comm
assert_grep "^parent_comm\.bpf\.o +on_fork +\S+ +no-target " "$T/v.vms" "the table"
vtest 0 1 parent_comm --require on_fork
vtest 0 0 parent_comm --require on_fork --kernels-min 6.2
# One boot per kernel for the whole directory: the first test booted, the
# others read its boots.
n=$(find "$T/test/.bpfbuild-vm" -mindepth 1 -maxdepth 1 -type d | wc -l)
assert_eq "batches of boots kept" 1 "$n"
note "$(( $(date +%s) - t0 ))s for the seven verifier tests"
echo ok
