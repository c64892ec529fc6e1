# Issue 48: a function the program calls that no header declares (here
# libbpf 1.2's bpf_ksym_exists, which libbpf 1.1's bpf_helpers.h lacks) is
# named so by bpfbuild-cc, at its line, with the remedy (a newer libbpf-dev,
# or a declaration): not "an operation BPF has no instruction for, which
# the compiler turned into a call to bpf_ksym_exists", the words for the
# compiler's own runtime calls (__divdi3: tests/real/gcc-patterns.t).
# Where the installed libbpf has the macro (sid's 1.7), the same program
# builds and loads.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"
. "$(dirname "$0")/common.sh"

src=$T/src
mkdir "$src"
cp "$BPFBUILD_TOP/tests/validate/undeclared/ksym_exists.bpf.c" "$src/"
rc=0; sh "$BPFBUILD_TOP/engine/bpfbuild-cc" --srcroot "$src" --bpftool "$BPFTOOL" --link yes \
	-o "$T/ksym_exists.bpf.o" -- clang -g -O2 -target bpf -mcpu=v3 \
	-idirafter "/usr/include/$MULTIARCH" -- "$src/ksym_exists.bpf.c" >"$T/out" 2>"$T/err" || rc=$?
if grep -rqs 'define bpf_ksym_exists' /usr/include/bpf/; then
	note "the installed libbpf has bpf_ksym_exists: the program builds and loads"
	assert_eq "the build's exit (stderr: $(cat "$T/err"))" 0 "$rc"
	run_bv "$T/v.json" "$T/v.err" --json "$T/ksym_exists.bpf.o"
	json_assert "$T/v.json" 'p["pass_unless_kfunc"]["verdict"] == "pass"
		or d["objects"][0]["skip"] is not None' "the program loads (or the kernel cannot verify here)"
else
	note "libbpf $(pkg-config --modversion libbpf 2>/dev/null) lacks bpf_ksym_exists: the build names it"
	assert_eq "the build's exit" 1 "$rc"
	assert_grep "implicit declaration of function 'bpf_ksym_exists'" "$T/err" "the premise: clang's warning"
	line=$(grep '^bpfbuild-cc: ' "$T/err" | grep -v ' failed for ')
	assert_eq "bpfbuild-cc's lines naming a cause (stderr: $(cat "$T/err"))" 1 "$(printf '%s\n' "$line" | grep -c .)"
	want='^bpfbuild-cc: ksym_exists\.bpf\.c:13: "if \(bpf_ksym_exists\(bpfbuild_no_such_kfunc\)\)" calls bpf_ksym_exists, which no header declares \(an implicit declaration: .*\); if it is a macro or helper of a newer libbpf than the installed one .*install a newer libbpf-dev; else declare it'
	printf '%s\n' "$line" | grep -qE "$want" || fail "the cause: '$line'"
	assert_no_grep 'no instruction for' "$T/err" "the cause"
	[ ! -e "$T/ksym_exists.bpf.o" ] || fail "a failed build left its object"
	ls -A "$src" | grep -q '^\.bpfbuild-cc' && fail "a failed build left its scratch directory"
	bad_input bpfbuild-cc "a call of bpf_ksym_exists with libbpf 1.1's headers (no declaration)" 1 "$line"
fi
