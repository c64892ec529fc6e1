# Issue 32: --annotated-load-only loads a program with the selftests'
# annotations only as their test_loader loads it, and that load gives its
# verdict and figures.  Every annotation is judged exactly as without the
# option (annot/annotated, annot/wrong, annot/long_trace,
# annot/module_kfunc), with the same exit; each judged program is loaded
# once, where the usual run loads it two or three times; the verdict is the
# test load's (strict_read passes alone and is rejected under its __flag).
# long_trace is annotated __failure and accepted: its level-1 trace
# overflows the log (ENOSPC), and it is judged by the level-0 load
# test_loader makes.  module_kfunc's kfunc is missing: no-target, and not
# judged, as without the option.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"
command -v strace >/dev/null || fail "strace is needed (tests/install-deps installs it)"

A=$BPFBUILD_TOP/tests/validate/annot
for s in annotated wrong long_trace module_kfunc; do
	clang_bpf_object "$A/$s.bpf.c" "$T/$s.o" -I"$A" || fail "$s.bpf.c does not compile"
done
run_bv "$T/probe.json" "$T/err" --json "$T/annotated.o"
json_assert "$T/probe.json" 'd["objects"][0]["skip"] is None' "kernel verification ran" 2>/dev/null ||
	skip "the kernel cannot verify here: $(cat "$T/err")"

for s in annotated wrong long_trace module_kfunc; do
	for mode in usual once; do
		# --test-run in both: __retval is judged as in the VM guests.
		flag=(--test-run)
		[ $mode = usual ] || flag+=(--annotated-load-only)
		rc=0
		strace -f -qq -e trace=bpf -o "$T/$s.$mode.trace" \
			"$BPF_VALIDATE" --json "${flag[@]}" "$T/$s.o" >"$T/$s.$mode.json" 2>"$T/$s.$mode.err" || rc=$?
		echo "$rc" >"$T/$s.$mode.rc"
	done
	assert_eq "$s.o: the exit with --annotated-load-only (stderr: $(cat "$T/$s.once.err"))" \
		"$(cat "$T/$s.usual.rc")" "$(cat "$T/$s.once.rc")"
	python3 - "$T/$s.usual.json" "$T/$s.once.json" <<'PY' || fail "$s.o: judged otherwise with --annotated-load-only"
import json, sys
def judged(f):
    return {q["name"]: q["annotation"] and {k: q["annotation"].get(k) for k in ("result", "why", "not_checked", "returned")}
            for q in json.load(open(f))["objects"][0]["programs"]}
a, b = judged(sys.argv[1]), judged(sys.argv[2])
for n in a:
    if a[n] != b[n]:
        print(f"{n}: {a[n]} | {b[n]}")
sys.exit(a != b)
PY
done
echo "ok: every annotation judged as without the option, with the same exit"

# The verdicts: the test load's.  Figures come with them.  Where the test
# flags change nothing, as the usual run's, failing line and cause too.
python3 - "$T/annotated.usual.json" "$T/annotated.once.json" <<'PY' || fail "a verdict differs where the test flags change nothing"
import json, sys
def verdicts(f):
    return {q["name"]: (q["verdict"], q["error"], q["source"], q["log"][-1:])
            for q in json.load(open(f))["objects"][0]["programs"] if q["name"] != "strict_read"}
a, b = verdicts(sys.argv[1]), verdicts(sys.argv[2])
for n in a:
    if a[n] != b[n]:
        print(f"{n}: {a[n]} | {b[n]}")
sys.exit(a != b)
PY
json_assert "$T/annotated.usual.json" 'p["strict_read"]["verdict"] == "pass"' "strict_read passes alone"
json_assert "$T/annotated.once.json" 'p["strict_read"]["verdict"] == "rejected"
	and "misaligned packet access" in p["strict_read"]["error"]
	and p["passes"]["verdict"] == "pass" and p["passes"]["insns"] > 0 and p["passes"]["jited_size"] > 0
	and p["untagged"]["verdict"] == "pass" and p["untagged"]["annotation"] is None' \
	"--annotated-load-only: the test load's verdicts, with figures"
json_assert "$T/module_kfunc.once.json" 'p["doubles_through_module"]["verdict"] == "no-target"
	and p["doubles_through_module"]["annotation"]["result"] == "not-run"' "a missing kfunc: no-target, not judged"
json_assert "$T/long_trace.once.json" 'p["mixes_every_turn"]["verdict"] == "pass"
	and p["mixes_every_turn"]["insns"] > 100000' "long_trace: accepted, its figures from the level-0 load"

# The loads: each judged program once (long_trace twice: the trace that
# overflowed, then the load without it); fewer than the usual run's.
# (The kernel keeps 15 characters of a name.)
loads() { grep 'BPF_PROG_LOAD' "$T/$1.$2.trace" | grep -c "prog_name=\"${3:0:15}\"" || :; }
for n in deref_unchecked passes strict_read logged; do
	assert_eq "$n's loads with --annotated-load-only" 1 "$(loads annotated once $n)"
	[ "$(loads annotated usual $n)" -ge 2 ] || fail "$n was loaded $(loads annotated usual $n) times without the option"
done
for n in loads_though_failure message_missing messages_out_of_order message_not_expected wrong_retval; do
	assert_eq "$n's loads with --annotated-load-only" 1 "$(loads wrong once $n)"
done
assert_eq "long_trace's loads with --annotated-load-only" 2 "$(loads long_trace once mixes_every_turn)"
grep -m1 'prog_name="mixes_every_tur"' "$T/long_trace.once.trace" | grep -q 'ENOSPC' ||
	fail "the premise: long_trace's first load does not overflow its log"
for s in annotated wrong; do
	u=$(grep -c BPF_PROG_LOAD "$T/$s.usual.trace") o=$(grep -c BPF_PROG_LOAD "$T/$s.once.trace")
	[ "$o" -lt "$u" ] || fail "$s.o: $o loads with --annotated-load-only, $u without"
	echo "ok: $s.o: $o program loads with --annotated-load-only, $u without"
done
