# Issue 46, item 9: a message whose matching glibc makes exponential is
# refused, in one line naming the program, the tag and the fix; the kernel
# selftests' messages are never such.  A back-reference (in a __regex, or
# the {{...}} of a __msg): regexec tries every split of each line
# ((.*)(.*)(.*)(.*)(.*)\5\4\3\2\1QQQ against a 7-instruction trace took
# 19 s, a longer trace minutes).  Repetitions that multiply: regcomp copies
# a repeated part once per repetition ("(in)" and 20 "+": 734 MB, 3 s).  A
# backslash in a bracket expression is literal: no back-reference, and
# matched.  timeout turns a hang into a failure within 10 s.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"

A=$BPFBUILD_TOP/tests/validate/annot
clang_bpf_object "$A/regex_bounds.bpf.c" "$T/regex_bounds.o" -I"$A" || fail "regex_bounds.bpf.c does not compile"
rc=0
timeout 10 "$BPF_VALIDATE" --json "$T/regex_bounds.o" >"$T/out.json" 2>"$T/err" || rc=$?
[ $rc != 124 ] || fail "bpf-validate still matched the messages after 10 s"
json_assert "$T/out.json" 'd["objects"][0]["skip"] is None' "kernel verification ran" 2>/dev/null ||
	skip "the kernel cannot verify here: $(cat "$T/err")"
assert_eq "exit (stderr: $(cat "$T/err"))" 1 "$rc"
json_assert "$T/out.json" 'p["echoes"]["annotation"]["result"] == "differs"
	and p["echoes_in_msg"]["annotation"]["result"] == "differs"
	and "__msg(\"R0 {{(in)valid}} mem access '"'"'{{(.*)\\1}}'"'"'\") has a back-reference (\\1)" in p["echoes_in_msg"]["annotation"]["why"]
	and p["doubles"]["annotation"]["result"] == "differs"
	and p["bracketed"]["annotation"]["result"] == "as-annotated"' \
	"back-references and multiplied repetitions refused, a bracketed backslash matched"

rc=0
timeout 10 "$BPF_VALIDATE" "$T/regex_bounds.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "table: exit" 1 "$rc"
cause="NOT as annotated: the annotation cannot be read: "
want="$T/regex_bounds.o: echoes: $cause"'__regex("(.*)(.*)(.*)(.*)(.*)\5\4\3\2\1QQQ") has a back-reference (\5), which is refused (its matching takes time exponential in its groups): write the message without back-references, as the kernel selftests write theirs'
assert_eq "back-references: the one line" "$want" "$(grep -F "regex_bounds.o: echoes: " "$T/out" | grep -v ' rejected at ')"
bad_input bpf-validate 'a __regex with back-references' "$rc" "$want"
want="$T/regex_bounds.o: doubles: $cause"'__regex("R0 (in)++++++++++++++++++++valid") has repetitions that make over 1024 copies, which is refused (regcomp copies a repeated part once per repetition, and repetitions multiply): write the message with fewer, smaller repetitions, as the kernel selftests write theirs'
assert_eq "repetitions: the one line" "$want" "$(grep -F "regex_bounds.o: doubles: " "$T/out" | grep -v ' rejected at ')"
bad_input bpf-validate 'a __regex whose repetitions multiply' "$rc" "$want"
