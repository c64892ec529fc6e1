# A program rejected at the verifier's complexity limit ("BPF program is
# too large") is reported with that message only: bpf-validate does not
# load it again with the instruction trace to find a failing instruction
# (there is none, and tracing a million instructions took most of a
# selftests file's time, minutes in a TCG guest; issue 32).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

run_bv "$T/out.json" "$T/err" --json "$OBJ/too_long.o"
assert_eq "exit status" 1 "$rc"
json_assert "$T/out.json" 'p["fold_reads"]["verdict"] == "rejected"
	and p["fold_reads"]["error"].startswith("BPF program is too large")
	and p["fold_reads"]["insns"] > 1000000' "fold_reads rejected at the complexity limit"
json_assert "$T/out.json" 'p["fold_reads"]["log"] == [p["fold_reads"]["error"]] and p["fold_reads"]["source"] is None' \
	"the report holds the limit's message, no instruction trace"
command -v strace >/dev/null || fail "strace is needed (tests/install-deps installs it)"
strace -f -qq -e trace=bpf -o "$T/bpf.trace" "$BPF_VALIDATE" --json "$OBJ/too_long.o" >/dev/null 2>&1 || :
loads=$(grep -c 'BPF_PROG_LOAD.*prog_name="fold_reads"' "$T/bpf.trace" || :)
traced=$(grep 'BPF_PROG_LOAD.*prog_name="fold_reads"' "$T/bpf.trace" | grep -c 'log_level=[1357],' || :)
# Once: the object's one load (verify_rounds.c) is the program's own.
assert_eq "loads of fold_reads" 1 "$loads"
assert_eq "loads of fold_reads with the instruction trace (log level 1)" 0 "$traced"
