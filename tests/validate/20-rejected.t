# A program that dereferences a map value without the NULL check is rejected:
# exit 1, the report names the program and the source line of the bad access
# (from the object's .BTF.ext line info), and its good neighbour still passes.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

src=$PROGS/bad_deref.bpf.c
line=$(grep -n 'BAD DEREF' "$src" | cut -d: -f1)
[ -n "$line" ] || fail "no BAD DEREF marker in $src"

run_bv "$T/out.json" "$T/err" --json "$OBJ/bad_deref.o"
assert_eq "exit status" 1 "$rc"
json_assert "$T/out.json" 'd["exit"] == 1 and o["bad_deref.o"]["exit"] == 1' "exit in JSON"
json_assert "$T/out.json" 'p["bad_lookup"]["verdict"] == "rejected"
	and "map_value_or_null" in p["bad_lookup"]["error"]' "bad_lookup rejected for the NULL deref"
# The full path proves the line came from .BTF.ext (clang stores the absolute
# file name there); the kernel's own annotation has only the base name.
json_assert "$T/out.json" "p['bad_lookup']['source'] == '$src:$line'" "source of the bad access is $src:$line"
json_assert "$T/out.json" 'p["bad_lookup"]["insns"] > 0 and p["bad_lookup"]["jited_size"] is None
	and any("invalid mem access" in l for l in p["bad_lookup"]["log"])' "verifier lines kept"
json_assert "$T/out.json" 'p["good_lookup"]["verdict"] == "pass" and p["good_lookup"]["insns"] > 0' \
	"the checked lookup beside it still passes"

run_bv "$T/out.txt" "$T/err" "$OBJ/bad_deref.o"
assert_eq "table exit" 1 "$rc"
assert_grep "bad_lookup: rejected at .*bad_deref\.bpf\.c:$line: R0 invalid mem access" "$T/out.txt" "report"
assert_grep '^bad_deref\.o +good_lookup +xdp +pass ' "$T/out.txt" "report"

run_bv "$T/out.tap" "$T/err" --tap "$OBJ/bad_deref.o"
assert_eq "TAP exit" 1 "$rc"
assert_grep "^not ok [0-9]+ - .*bad_lookup \(xdp\): rejected at .*:$line:" "$T/out.tap" "TAP"
assert_grep '^ok [0-9]+ - .*good_lookup' "$T/out.tap" "TAP"

# A rejected object does not mask a good one given with it.
run_bv "$T/both.json" "$T/err" --json "$OBJ/bad_deref.o" "$OBJ/xdp_pass.o"
assert_eq "exit with a good and a bad object" 1 "$rc"
json_assert "$T/both.json" 'o["xdp_pass.o"]["exit"] == 0 and p["xdp_count"]["verdict"] == "pass"' "good object still verified"

# Built as a project builds it, with -ffile-prefix-map=SRCDIR=. and the source
# named ./sub/FILE: clang stores "././sub/FILE"; the report says "sub/FILE".
mkdir -p "$T/src/sub"
cp "$src" "$OBJ/vmlinux.h" "$T/src/sub/"
(cd "$T/src" && clang_bpf_object ./sub/bad_deref.bpf.c "$T/mapped.o" -ffile-prefix-map="$T/src=.") \
	|| fail "bad_deref.bpf.c does not compile with -ffile-prefix-map"
run_bv "$T/mapped.txt" "$T/err" "$T/mapped.o"
assert_eq "prefix-mapped exit" 1 "$rc"
assert_grep "bad_lookup: rejected at sub/bad_deref\.bpf\.c:$line: " "$T/mapped.txt" "prefix-mapped report"
