# Per-program policy over the host and the kernel matrix (issue 18):
# - verdicts: one boot per kernel for three objects written as tools write
#   them: io_uring_submit (tracepoint io_uring_submit_sqe on 6.1,
#   io_uring_submit_req from 6.5: alternatives), tc_iter_num (kfuncs
#   bpf_iter_num_*, not in 6.1), lsm_exec_audit (an LSM hook the host
#   refuses, and a kprobe every verifier rejects); each program's verdict
#   per kernel, no-target and not-applicable included, in the JSON;
# - policy: bpf-vm-report over the kept boots, with each declaration a
#   consumer can make, passes or fails as a user expects;
# - end to end: a Meson consumer declaring them in its test() args;
# - loaders: each object's loader (tests/vm/policy/NAME.c), run on the host
#   and in every VM, loads it exactly where its verdicts say it can.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"
. "$(dirname "$0")/../meson/lib-meson.sh"
names=(io_uring_submit tc_iter_num lsm_exec_audit)
objs=()
for n in "${names[@]}"; do objs+=("$VM_OBJ/$n.bpf.o"); done
k61=$(basename "$K61") k612=$(basename "$K612") ksid=$(basename "$KSID")

env -u CI "$BPF_VALIDATE" --json "${objs[@]}" >"$T/host.json" || :
rc=0
"$VM_TOOLS/bpf-vm-verify" --json --keep "$T/keep" --host-json "$T/host.json" "${KARGS[@]}" "${objs[@]}" \
	>"$T/vm.json" 2>"$T/vm.err" || rc=$?
cat "$T/vm.err"
# Without a policy the guests' exits decide: the kprobe is rejected.
assert_eq "bpf-vm-verify exit" 1 "$rc"
python3 - "$T/vm.json" >"$T/verdicts" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["programs"]:
    print(p["program"], " ".join(p["verdicts"][k] for k in ["host"] + [k["name"] for k in d["kernels"]]))
PY
cat "$T/verdicts"
# Whether the host passes or refuses the tracepoints depends on its kernel;
# the VMs' verdicts are the matrix's facts.
expect() { assert_grep "^$1 \\S+ $2\$" "$T/verdicts" "verdicts of $1 (host $k61 $k612 $ksid)"; }
expect submit_sqe "pass no-target no-target"
expect submit_req "no-target pass pass"
expect prio_weights "no-target pass pass"
expect audit_exec "pass pass pass"
expect count_open "rejected rejected rejected"
assert_grep "^audit_exec (refused|pass) " "$T/verdicts" "the host's LSM verdict"
assert_grep "^count_open rejected " "$T/verdicts" "the host's kprobe verdict"

# policy OBJ EXPECTED-EXIT [POLICY...]: the decision over the kept boots.
report() {
	"$VM_TOOLS/bpf-vm-report" --work "$T/keep" --count 3 --policy yes --host-json "$T/host.json" "$@"
}
policy() {
	local obj=$1 want=$2 rc=0; shift 2
	report --object "$obj.bpf.o" "$@" -- "${objs[@]}" >"$T/out" 2>&1 || rc=$?
	[ "$rc" = "$want" ] || { cat "$T/out"; fail "$obj with '$*': exit $rc, expected $want"; }
}
# Nothing declared: a tracepoint a kernel lacks is reported there, not
# failed (the loader switches the program off), on any number of kernels.
policy io_uring_submit 0
assert_grep "^io_uring_submit\\.bpf\\.o +submit_sqe +\\S+ +pass +no-target +no-target$" "$T/out" "the table"
# Both tracepoints required: each lacks its target somewhere.
policy io_uring_submit 1 --required submit_sqe,submit_req
assert_grep "^FAIL io_uring_submit\\.bpf\\.o: submit_req: required, but no-target on ${k61//./\\.}" "$T/out"
policy io_uring_submit 0 --alternatives submit_sqe,submit_req
policy io_uring_submit 1 --optional submit_sqe --required submit_req
policy io_uring_submit 0 --optional submit_sqe,submit_req
policy io_uring_submit 1 --optional submit_sqe,submit_req --kernels-only "$k61"
assert_grep "not-applicable: kernels other than" "$T/out"
# The kfunc program, required: fails on 6.1 unless it declares 6.12 and newer.
policy tc_iter_num 0
policy tc_iter_num 1 --required prio_weights
assert_grep "prio_weights: required, but no-target on ${k61//./\\.}\$" "$T/out"
policy tc_iter_num 0 --kernels-min 6.12
assert_grep "^tc_iter_num\\.bpf\\.o +prio_weights +tc +pass +not-applicable +pass +pass\$" "$T/out" "the table"
policy tc_iter_num 1 --required prio_weights --kernels-min 6.1
# A range for one program of the object.
policy tc_iter_num 0 --required prio_weights --kernels-min prio_weights=6.12
policy tc_iter_num 1 --required prio_weights --kernels-min submit_req=6.12
policy tc_iter_num 1 --required nosuch --kernels-min 6.12
assert_grep "^FAIL no program named nosuch" "$T/out"
# LSM + rejected kprobe: the LSM passes in every VM; the kprobe loads
# nowhere, which no declaration excuses.
policy lsm_exec_audit 1
assert_grep "^lsm_exec_audit\\.bpf\\.o +audit_exec +\\S+ +pass +pass +pass\$" "$T/out" "the table (no host column: nothing declared)"
assert_grep "count_open: rejected on host" "$T/out"
policy lsm_exec_audit 1 --optional count_open
assert_grep "count_open: optional, but loads on no kernel" "$T/out"
assert_grep "^lsm_exec_audit\\.bpf\\.o +audit_exec +\\S+ +(refused|pass) +pass +pass +pass\$" "$T/out" "the table, with the host's column"
report --json yes --kernels-min 6.12 -- "${objs[@]}" >"$T/p.json" 2>/dev/null || :
json_check "$T/p.json" "[p['verdicts']['$k61'] for p in d['programs']] == ['not-applicable'] * 5 and d['range']['min'] == '6.12' and d['host'] is not None" "not-applicable in the JSON"

# The script's POLICY arguments, host only (no VM kernel): bad ones are
# one line; --require goes to the validator.
vt=$BPFBUILD_TOP/engine/bpfbuild-validate-test
tc=$VM_OBJ/tc_iter_num.bpf.o
rc=0; BPF_VALIDATE_KERNELS= sh "$vt" --validator "$BPF_VALIDATE" -- "$tc" --bogus >"$T/o" 2>"$T/e" || rc=$?
assert_eq "unknown option: exit" 1 "$rc"
assert_grep "^bpfbuild-validate-test: unknown option --bogus " "$T/e"
rc=0; BPF_VALIDATE_KERNELS= sh "$vt" --validator "$BPF_VALIDATE" -- "$tc" --optional 'a b' >"$T/o" 2>"$T/e" || rc=$?
assert_eq "a blank in a name: exit" 1 "$rc"
assert_grep "^bpfbuild-validate-test: --optional takes names separated by commas: 'a b'" "$T/e"
rc=0; BPF_VALIDATE_KERNELS= sh "$vt" --validator "$BPF_VALIDATE" -- "$tc" --require nosuch >"$T/o" 2>&1 || rc=$?
assert_eq "--require of a program the object lacks: exit" 1 "$rc"
rc=0; BPF_VALIDATE_KERNELS= sh "$vt" --validator "$BPF_VALIDATE" -- --require prio_weights "$tc" >"$T/o" 2>&1 || rc=$?
assert_eq "--require prio_weights on the host: exit" 0 "$rc"

# End to end: a Meson consumer (tests/vm/policy/) with the 6.1 and 6.12
# VMs; test() args declare alternatives and the kernel range.
src=$T/src alts=submit_sqe,submit_req
mkdir -p "$src/subprojects"
cp "$BPFBUILD_TOP"/tests/vm/policy/meson.build "$BPFBUILD_TOP"/tests/vm/policy/meson_options.txt \
	"$BPFBUILD_TOP"/tests/vm/policy/*.c "$src/"
for n in "${names[@]}"; do cp "$BPFBUILD_TOP/tests/vm/progs/$n.bpf.c" "$src/"; done
ln -s "$BPFBUILD_TOP" "$src/subprojects/bpfbuild"
meson setup "$T/b" "$src" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" -Dbpfbuild:bpf-compiler=clang \
	-Dbpfbuild:bpf-vm-verify="$VM_TOOLS/bpf-vm-verify" -Dbpfbuild:validate-kernels="$k61,$k612" \
	"-Dio_uring_submit=['--alternatives','$alts']" \
	"-Dtc_iter_num=['--kernels-min','6.12']" >"$T/setup.log" 2>&1 \
	|| { cat "$T/setup.log"; fail "meson setup"; }
meson compile -C "$T/b" >"$T/compile.log" 2>&1 || { cat "$T/compile.log"; fail "meson compile"; }
rc=0
CI=true meson test -C "$T/b" >"$T/test.log" 2>&1 || rc=$?
log=$T/b/meson-logs/testlog.txt
cat "$T/test.log"
# meson test exits with the number of failed tests.
assert_eq "meson test (lsm_exec_audit fails)" 1 "$rc"
assert_grep "[ :]io_uring_submit +OK" "$T/test.log"
assert_grep "[ :]tc_iter_num +OK" "$T/test.log"
assert_grep "[ :]lsm_exec_audit +FAIL" "$T/test.log"
# All verdicts together: the LSM program verified in the VMs although the
# host rejected the kprobe of the same object.
assert_grep "^lsm_exec_audit\\.bpf\\.o +audit_exec +\\S+ +pass +pass\$" "$log" "lsm_exec_audit's table"
assert_grep "^lsm_exec_audit\\.bpf\\.o +count_open +\\S+ +rejected +rejected\$" "$log" "lsm_exec_audit's table"
assert_grep "^tc_iter_num\\.bpf\\.o +prio_weights +tc +pass +not-applicable +pass\$" "$log" "tc_iter_num's table"
# Declared required instead, the same programs fail.
meson configure "$T/b" "-Dio_uring_submit=['--require','submit_sqe,submit_req']" "-Dtc_iter_num=['--require','prio_weights']" >"$T/configure2.log" 2>&1 ||
	{ cat "$T/configure2.log"; fail "meson configure"; }
rc=0
CI=true meson test -C "$T/b" >"$T/test2.log" 2>&1 || rc=$?
cat "$T/test2.log"
# (Meson 1.0 exits with the number of failures, 1.12 with 1.)
[ "$rc" -ne 0 ] || fail "meson test without the declarations passed"
assert_grep "[ :]io_uring_submit +FAIL" "$T/test2.log"
assert_grep "[ :]tc_iter_num +FAIL" "$T/test2.log"

# The loaders, built by the consumer: each loads its object as the tool
# does (io_uring_submit switches off the alternative whose tracepoint the
# kernel lacks), on the host and in every VM, one --run per loader.  Where
# it loads must follow from the verdicts above: a loader loads every
# program of its object but the alternatives without their target, so it
# loads where each of those passes, and only there.
for n in "${names[@]}"; do
	rc=0
	"$T/b/$n" >"$T/host-$n.out" 2>&1 || rc=$?
	echo "$rc" >"$T/host-$n.rc"
	rc=0
	"$VM_TOOLS/bpf-vm-verify" --run "$BPFBUILD_TOP/tests/vm/policy/run-loader.sh" "${KARGS[@]}" "$T/b/$n" \
		>"$T/run-$n.out" 2>&1 || rc=$?
	echo "$rc" >"$T/run-$n.rc"
	sed "s/^/host: /" "$T/host-$n.out"
	cat "$T/run-$n.out"
done
python3 - "$T" "$T/vm.json" "$alts" "${names[@]}" <<'PY' || fail "a loader disagrees with its object's verdicts"
import json, os, re, sys
t, vmjson, alts, names = sys.argv[1], sys.argv[2], set(sys.argv[3].split(",")), sys.argv[4:]
d = json.load(open(vmjson))
progs = {}
for p in d["programs"]:
    progs.setdefault(os.path.basename(p["object"]).removesuffix(".bpf.o"), []).append(p)

def expected(obj, k):
    """The outcomes the object's verdicts on kernel k allow its loader."""
    v = {p["program"]: p["verdicts"][k] for p in progs[obj]}
    req = [n for n in v if n not in alts]
    if any(v[n] != "pass" for n in req):
        return {"fails"}
    if len(req) == len(v):
        return {"loaded " + " ".join(sorted(req))}
    # It keeps one alternative whose target the kernel has.
    kept = [a for a in v if a in alts and v[a] != "no-target"]
    ok = {"loaded " + " ".join(sorted(req + [a])) for a in kept if v[a] == "pass"}
    return ok if ok and len(ok) == len(kept) else ok | {"fails"}

def outcome(obj, rc, lines):
    m = [re.match(r"%s: loaded (.*)" % obj, l) for l in lines]
    m = [x for x in m if x]
    if rc == 0 and len(m) == 1:
        return "loaded " + " ".join(sorted(m[0].group(1).split()))
    return "fails" if rc != 0 and not m else "exit %d, output %r" % (rc, lines)

bad = 0
for obj in names:
    got = {"host": outcome(obj, int(open(f"{t}/host-{obj}.rc").read()),
                           open(f"{t}/host-{obj}.out").read().splitlines())}
    cur = None
    runs = {}
    for line in open(f"{t}/run-{obj}.out"):
        h = re.match(r"== kernel (\S+): .* exit (\d+) \(", line)
        if h:
            cur = h.group(1)
            runs[cur] = (int(h.group(2)), [])
        elif cur and line.startswith("   "):
            runs[cur][1].append(line.strip())
    for k, (rc, lines) in runs.items():
        got[k] = outcome(obj, rc, lines)
    vm_ok = True
    for k in ["host"] + [x["name"] for x in d["kernels"]]:
        want = expected(obj, k)
        g = got.get(k, "no run (see the output above)")
        print(f"{obj:16} {k:28} {g:28} expected {' or '.join(sorted(want))}")
        if g not in want:
            print(f"FAIL: {obj}'s loader on {k}: {g}, but its verdicts allow {' or '.join(sorted(want))}")
            bad = 1
        vm_ok = vm_ok and (k == "host" or g.startswith("loaded"))
    rc = int(open(f"{t}/run-{obj}.rc").read())
    if rc != (0 if vm_ok else 1):
        print(f"FAIL: bpf-vm-verify --run {obj}: exit {rc}")
        bad = 1
sys.exit(bad)
PY
