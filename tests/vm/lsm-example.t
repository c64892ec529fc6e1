# The LSM example (restrict_fs), which this host kernel refuses to load,
# built with -Dvalidate-kernels=<the matrix>, the Meson module's option:
# its ordinary verifier test (suite bpf-verifier) is refused by the host
# and verified in each VM instead, and restrict-fs/test-restrict-fs.sh runs
# with its loader in each VM (suite functional-vm).  In every kernel of the
# matrix (bookworm's 6.1, 6.12, sid's newest) the functional test passes:
# an open() on a tmpfs file is allowed outside the test cgroup and denied
# with EPERM inside it.  BPF_VALIDATE_KERNELS at test time replaces the
# configured kernels.  Also: a passing bpf-vm-verify run exits 0 (its EXIT
# trap once turned "1 pass" into exit 1).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"

examples_build clang-vm -Dbpf-compiler=clang -Dvalidate-kernels="$(echo "$KERNELS" | paste -sd,)"
[ -e "$EX_BUILD/restrict_fs.bpf.o" ] && [ -x "$EX_BUILD/restrict_fs" ] \
	|| fail "restrict_fs (object and loader) not built in $EX_BUILD"

rc=0
meson test -C "$EX_BUILD" --suite bpf-verifier --suite functional-vm \
	>"$T/test.out" 2>&1 || rc=$?
grep -E '^ *[0-9]+/[0-9]+ ' "$T/test.out" || cat "$T/test.out"
log=$EX_BUILD/meson-logs/testlog.json
[ $rc = 0 ] || { cat "$EX_BUILD/meson-logs/testlog.txt"; fail "meson test exit $rc"; }
# Each line of testlog.json is one test.
tests_json() {
	python3 - "$log" "$1" <<'PY'
import json, sys
tests = {}
for line in open(sys.argv[1]):
    t = json.loads(line)
    # meson 1.0: "PROJECT:SUITE / NAME"; meson 1.12: "SUITE - PROJECT:NAME".
    name = t["name"].split(" / ", 1)[-1].split("bpfbuild-examples:", 1)[-1]
    tests[name] = t
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
}
test_out() {
	python3 - "$log" "$1" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    t = json.loads(line)
    if t["name"].endswith((" / " + sys.argv[2], ":" + sys.argv[2])):
        sys.stdout.write(t["stdout"])
PY
}

# The verifier test: refused on the host, "N pass" in the VMs, exit 0.
nk=$(echo "$KERNELS" | wc -l)
tests_json 'tests["restrict_fs.bpf.o"]["result"] == "OK" and tests["restrict_fs.bpf.o"]["returncode"] == 0' \
	|| fail "restrict_fs.bpf.o did not exit 0"
test_out "restrict_fs.bpf.o" >"$T/verify.out"
sed 's/^/    /' "$T/verify.out"
assert_grep "^restrict_fs\.bpf\.o: restrict_fs: refused: host kernel refuses lsm programs" "$T/verify.out" "the host run"
ks=kernels; [ "$nk" != 1 ] || ks=kernel
assert_grep "^$nk $ks, 1 program: $nk pass$" "$T/verify.out" "the VM verifier test"
names=$(for k in $KERNELS; do basename "$k"; done | paste -sd, | sed 's/,/, /g; s/[+.]/\\&/g')
assert_grep "^restrict_fs\.bpf\.o: restrict_fs: host kernel refuses lsm programs; verified in VM $names$" "$T/verify.out"

# The functional test, in each kernel of the matrix.
for k in $KERNELS; do
	name="restrict_fs functional (vm $(basename "$k"))"
	tests_json "tests[\"$name\"][\"result\"] == \"OK\" and tests[\"$name\"][\"returncode\"] == 0" \
		|| { test_out "$name"; fail "$name: not passed"; }
	test_out "$name" >"$T/out"
	sed 's/^/    /' "$T/out"
	kv=$(basename "$k" | sed 's/[+.]/\\&/g')
	assert_grep "^== kernel $kv: .*lsm [^ ]*bpf.* test-restrict-fs\.sh exit 0 \(pass\)$" "$T/out" "$name"
	assert_grep "^   outside: open /tmp/restrict-fs\.[^ ]*/file: allowed$" "$T/out" "$name"
	assert_grep "^   open /tmp/restrict-fs\.[^ ]*/file: denied \(Operation not permitted\)$" "$T/out" "$name"
	assert_grep "^   open /proc/version: allowed$" "$T/out" "$name"
	assert_grep "^   PASS: " "$T/out" "$name"
done

# Regression: one kernel, one passing object, run directly: exit 0.
rc=0
"$VM_TOOLS/bpf-vm-verify" --kernel "$K61" "$EX_BUILD/restrict_fs.bpf.o" >"$T/one.out" 2>&1 || rc=$?
cat "$T/one.out"
assert_grep "^1 kernel, 1 program: 1 pass$" "$T/one.out"
assert_eq "bpf-vm-verify exit on a passing run" 0 "$rc"

# BPF_VALIDATE_KERNELS at test time: one kernel instead of the three.
rc=0
BPF_VALIDATE_KERNELS=$(basename "$K612") meson test -C "$EX_BUILD" restrict_fs.bpf.o >"$T/env.out" 2>&1 || rc=$?
[ $rc = 0 ] || { cat "$EX_BUILD/meson-logs/testlog.txt"; fail "meson test with BPF_VALIDATE_KERNELS: exit $rc"; }
test_out "restrict_fs.bpf.o" >"$T/verify.out"
assert_grep "^1 kernel, 1 program: 1 pass$" "$T/verify.out" "BPF_VALIDATE_KERNELS=<6.12>"
assert_grep "; verified in VM $(basename "$K612" | sed 's/[+.]/\\&/g')$" "$T/verify.out" "BPF_VALIDATE_KERNELS=<6.12>"
