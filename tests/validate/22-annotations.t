# Issue 32, item 1: bpf-validate honours the kernel selftests' annotations
# (bpf_misc.h's BTF decl tags "comment:..."), in each of the three spellings
# the kernel has used (7.x "comment:N:TAG", 6.12's "test_expect_msg=N=MSG",
# the older plain one).  annot/annotated.bpf.c behaves as annotated: three
# of its programs are rejected, as annotated, and the object passes (exit
# 0); annot/wrong.bpf.c's annotations do not hold, each a different way,
# and each program fails with one line naming what differed.  __retval is
# judged (BPF_PROG_TEST_RUN) only with --test-run (issue 46, item 2): a
# validator loads programs, and runs one only when asked; annot/test_run.bpf.c's
# syscall program, run, creates a map with bpf() calls of its own.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

A=$BPFBUILD_TOP/tests/validate/annot
for style in 0 1 2; do
	for s in annotated wrong; do
		clang_bpf_object "$A/$s.bpf.c" "$T/$s$style.o" -I"$A" -DTAG_STYLE=$style \
			|| fail "$s.bpf.c does not compile with TAG_STYLE=$style"
	done
done
# The premise, read without bpf-validate: the tags are in the objects' BTF.
"$BPFTOOL" btf dump file "$T/wrong0.o" >"$T/btf0"
"$BPFTOOL" btf dump file "$T/wrong1.o" >"$T/btf1"
"$BPFTOOL" btf dump file "$T/wrong2.o" >"$T/btf2"
assert_grep "DECL_TAG 'comment:[0-9]+:test_expect_msg=call bpf_map_lookup_elem' .*component_idx=-1" "$T/btf0" "7.x tags"
assert_grep "DECL_TAG 'comment:test_expect_msg=[0-9]+=call bpf_map_lookup_elem'" "$T/btf1" "6.12 tags"
assert_grep "DECL_TAG 'comment:test_expect_msg=call bpf_map_lookup_elem'" "$T/btf2" "old tags"

run_bv "$T/probe.json" "$T/err" --json "$T/annotated0.o"
json_assert "$T/probe.json" 'd["objects"][0]["skip"] is None' "kernel verification ran" 2>/dev/null ||
	skip "the kernel cannot verify here: $(cat "$T/err")"

# A syscall program annotated __success __retval(0), as the selftests write
# them: without --test-run it is loaded and never run (no BPF_PROG_TEST_RUN
# at all: its bpf_sys_bpf() map is never made); with it, run once and its
# return value judged.
command -v strace >/dev/null || fail "strace is needed (tests/install-deps installs it)"
clang_bpf_object "$A/test_run.bpf.c" "$T/test_run.o" -I"$A" || fail "test_run.bpf.c does not compile"
# tr_run MODE ARGS...: bpf-validate --json under strace, into $T/tr.MODE.*
tr_run() {
	local mode=$1
	shift
	rc=0
	strace -f -qq -e trace=bpf -o "$T/tr.$mode.trace" \
		"$BPF_VALIDATE" --json "$@" "$T/test_run.o" >"$T/tr.$mode.json" 2>"$T/err" || rc=$?
	assert_eq "test_run.o ($mode): exit (stderr: $(cat "$T/err"))" 0 "$rc"
	json_assert "$T/tr.$mode.json" 'p["creates_map"]["verdict"] == "pass"
		and p["creates_map"]["annotation"]["result"] == "as-annotated"
		and p["creates_map"]["annotation"]["retval"] == 0' "test_run.o ($mode): loaded as annotated"
}
tr_run loaded
assert_eq "test runs without --test-run" 0 "$(grep -c 'BPF_PROG_TEST_RUN' "$T/tr.loaded.trace" || :)"
json_assert "$T/tr.loaded.json" 'p["creates_map"]["annotation"]["returned"] is None
	and any(s.startswith("__retval (not run: ") for s in p["creates_map"]["annotation"]["not_checked"])' \
	"without --test-run: __retval not run"
tr_run run --test-run
assert_eq "test runs with --test-run" 1 "$(grep -c 'BPF_PROG_TEST_RUN' "$T/tr.run.trace" || :)"
json_assert "$T/tr.run.json" 'p["creates_map"]["annotation"]["returned"] == 0
	and p["creates_map"]["annotation"]["not_checked"] == []' "with --test-run: run, and judged"

run_bv "$T/a.json" "$T/err" --json --test-run "$T/annotated0.o"
assert_eq "as annotated: exit (stderr: $(cat "$T/err"))" 0 "$rc"
# The verdict stays the verifier's; the annotation judges it.
json_assert "$T/a.json" 'p["deref_unchecked"]["verdict"] == "rejected"
	and p["deref_unchecked"]["annotation"]["result"] == "as-annotated"
	and p["deref_unchecked"]["annotation"]["expect"] == "failure"
	and p["deref_unchecked"]["annotation"]["messages"] == ["call bpf_map_lookup_elem", "R0 invalid mem access '"'"'map_value_or_null'"'"'"]
	and p["deref_unchecked"]["annotation"]["absent_messages"] == ["misaligned"]
	and p["deref_unchecked"]["annotation"]["description"] == "map value used unchecked"' "rejected as annotated"
json_assert "$T/a.json" 'p["passes"]["annotation"]["result"] == "as-annotated"
	and p["passes"]["annotation"]["retval"] == 2 and p["passes"]["annotation"]["returned"] == 2' "__retval by a test run"
# Without the flag the verifier takes strict_read; with it, it rejects it.
json_assert "$T/a.json" 'p["strict_read"]["verdict"] == "pass"
	and p["strict_read"]["annotation"]["result"] == "as-annotated"
	and p["strict_read"]["annotation"]["flags_set"] == 1' "__flag(BPF_F_STRICT_ALIGNMENT) honoured"
json_assert "$T/a.json" 'p["logged"]["annotation"]["result"] == "as-annotated"
	and p["logged"]["annotation"]["log_level"] == 2' "__log_level(2): a success's log matched"
json_assert "$T/a.json" 'p["elsewhere"]["annotation"]["result"] == "not-applicable"
	and "ARM64" in p["elsewhere"]["annotation"]["why"]' "__arch_arm64 elsewhere"
json_assert "$T/a.json" 'p["unpriv_only"]["annotation"]["result"] == "not-checked"
	and any("unprivileged" in s for s in p["unpriv_only"]["annotation"]["not_checked"])' "unpriv: not checked, never passed"
json_assert "$T/a.json" 'p["untagged"]["annotation"] is None and p["untagged"]["verdict"] == "pass"' "no tags: as today"
# test_loader loads at level 0 and libbpf again at level 1 on a failure;
# a program the plain load rejected, annotated without flags, is loaded at
# level 1 at once (the level-0 load cannot change what it gets).
strace -f -qq -e trace=bpf -o "$T/bpf.trace" "$BPF_VALIDATE" --json "$T/annotated0.o" >/dev/null 2>&1 || :
judged() { grep 'BPF_PROG_LOAD' "$T/bpf.trace" | grep 'prog_name="deref_unchecked"' | grep 'BPF_F_TEST_' | grep -c "log_level=$1," || :; }
assert_eq "deref_unchecked's test loads at level 0" 0 "$(judged 0)"
assert_eq "deref_unchecked's test loads at level 1" 1 "$(judged 1)"

run_bv "$T/a.txt" "$T/err" "$T/annotated0.o"
assert_eq "table exit" 0 "$rc"
assert_grep "annotated0\.o: deref_unchecked: as annotated: rejected; 2 expected messages in the log in order" "$T/a.txt" "table"
assert_grep "^6 annotated: 4 as annotated, 0 not as annotated, 1 not applicable here, 1 not checked$" "$T/a.txt" "table"
# Without --test-run no program runs: __retval is not checked, neither
# failed nor passed; the program is judged by its load alone.
assert_grep "annotated0\.o: passes: as annotated: loaded; 0 expected messages" "$T/a.txt" "table, not run"
assert_grep "annotated0\.o: passes: not checked: __retval \(not run: bpf-validate runs programs only with --test-run; judged by its load alone\)$" "$T/a.txt" "table, not run"
run_bv "$T/wn.json" "$T/err" --json "$T/wrong0.o"
json_assert "$T/wn.json" 'p["wrong_retval"]["annotation"]["result"] == "as-annotated"
	and p["wrong_retval"]["annotation"]["returned"] is None
	and p["wrong_retval"]["annotation"]["not_checked"] == ["__retval (not run: bpf-validate runs programs only with --test-run; judged by its load alone)"]' \
	"__retval(7) without --test-run: not run, not failed"
# A rejected program without tags still fails beside them.
run_bv "$T/both.txt" "$T/err" "$T/annotated0.o" "$OBJ/bad_deref.o"
assert_eq "an untagged rejection beside them: exit" 1 "$rc"

# Each wrong annotation fails, naming what differed.
run_bv "$T/w.json" "$T/err" --json --test-run "$T/wrong0.o"
assert_eq "wrong annotations: exit" 1 "$rc"
json_assert "$T/w.json" 'all(q["annotation"]["result"] == "differs" for q in p.values()) and len(p) == 6' "all differ"
json_assert "$T/w.json" 'p["loads_though_failure"]["annotation"]["why"] == "annotated __failure, but the verifier accepted it"' "failure expected"
json_assert "$T/w.json" 'p["rejected_though_success"]["annotation"]["why"] == "annotated __success, but rejected: R0 invalid mem access '"'"'map_value_or_null'"'"'"' "success expected"
json_assert "$T/w.json" 'p["message_missing"]["annotation"]["why"] == "expected message missing: '"'"'this message is in no verifier log'"'"'"' "missing message"
json_assert "$T/w.json" '"after the ones before it: '"'"'call bpf_map_lookup_elem'"'"'" in p["messages_out_of_order"]["annotation"]["why"]' "order"
json_assert "$T/w.json" 'p["message_not_expected"]["annotation"]["why"] == "unexpected message present: '"'"'call bpf_map_lookup_elem'"'"'"' "__not_msg"
json_assert "$T/w.json" 'p["wrong_retval"]["annotation"]["why"] == "__retval(7), but the test run returned 2"' "retval"
run_bv "$T/w.tap" "$T/err" --tap --test-run "$T/wrong0.o"
assert_eq "TAP exit" 1 "$rc"
assert_eq "TAP failures" 6 "$(grep -c '^not ok .*NOT as annotated: ' "$T/w.tap")"

# The two older spellings are read alike.
for style in 1 2; do
	for s in a w; do
		obj=$([ $s = a ] && echo annotated || echo wrong)
		run_bv "$T/$s$style.json" "$T/err" --json --test-run "$T/$obj$style.o"
		python3 - "$T/$s.json" "$T/$s$style.json" <<'PY' || fail "TAG_STYLE=$style: $obj judged otherwise"
import json, sys
res = lambda f: [(q["name"], q["annotation"] and (q["annotation"]["result"], q["annotation"]["why"]))
                 for q in json.load(open(f))["objects"][0]["programs"]]
sys.exit(0 if res(sys.argv[1]) == res(sys.argv[2]) else 1)
PY
	done
done

# gcc-bpf writes the tags from GCC 14 (sid's 16): judged as clang's are.
# GCC 12 (bookworm's) has no btf_decl_tag: nothing to compare there.
gcc_major=$(bpf-gcc -dumpversion | cut -d. -f1)
[ "$gcc_major" -ge 14 ] || echo "note: bpf-gcc $gcc_major has no btf_decl_tag: its objects are not judged by annotation"
for s in annotated wrong; do
	[ "$gcc_major" -ge 14 ] || break
	bpf-gcc "${BPF_GCC_FLAGS[@]}" -gbtf -mcpu=v3 -I"$A" -c "$A/$s.bpf.c" -o "$T/$s-gcc.o" ||
		fail "$s.bpf.c does not compile with bpf-gcc $gcc_major"
	"$BPFTOOL" btf dump file "$T/$s-gcc.o" >"$T/btf-gcc"
	assert_grep "DECL_TAG 'comment:[0-9]+:test_expect_" "$T/btf-gcc" "gcc-bpf's BTF"
	run_bv "$T/$s-gcc.json" "$T/err" --json --test-run "$T/$s-gcc.o"
	python3 - "$T/${s:0:1}.json" "$T/$s-gcc.json" <<'PY' || fail "gcc-bpf's $s.o judged otherwise than clang's"
import json, sys
res = lambda f: [(q["name"], q["annotation"]["result"] if q["annotation"] else None)
                 for q in json.load(open(f))["objects"][0]["programs"]]
sys.exit(0 if res(sys.argv[1]) == res(sys.argv[2]) else 1)
PY
done

# --merge --policy: as annotated is a pass in the kernel's column; an
# annotation that does not hold fails, with its cause under the table.
run_bv "$T/m.txt" "$T/err" --merge --policy "host=$T/a.json"
assert_eq "merge as annotated: exit" 0 "$rc"
assert_grep "^annotated0\.o +deref_unchecked +xdp +pass$" "$T/m.txt" "merged table"
run_bv "$T/mw.txt" "$T/err" --merge --policy "host=$T/w.json"
assert_eq "merge wrong: exit" 1 "$rc"
assert_grep "^wrong0\.o +loads_though_failure +xdp +rejected$" "$T/mw.txt" "merged table"
assert_grep "message_missing on host: rejected: expected message missing: 'this message is in no verifier log'" "$T/mw.txt" "merged table"
run_bv "$T/out" "$T/err" --merge --test-run "host=$T/a.json"
assert_eq "--test-run with --merge: exit" 1 "$rc"
assert_eq "--test-run with --merge: stderr" "bpf-validate: --test-run is for verifying objects; no --merge with it" "$(cat "$T/err")"
