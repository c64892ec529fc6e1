# Programs are loaded together, as a skeleton's loader loads them, and only
# the one libbpf stops at is judged from that load alone: every program of
# an object gets its own verdict, "?" sections included (their loader
# enables them), each rejected one is verified once at the statistics
# level (not again alone), and every pass keeps its JIT size.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

command -v strace >/dev/null || fail "strace is needed (tests/install-deps installs it)"
run_bv "$T/out.json" "$T/err" --json "$OBJ/alt_hooks.o"
assert_eq "exit status" 1 "$rc"
json_assert "$T/out.json" 'p["count_fast"]["verdict"] == "rejected"
	and "map_value_or_null" in p["count_fast"]["error"]
	and p["count_fast"]["source"].endswith("alt_hooks.bpf.c:34")' \
	"the \"?\" variant without its NULL check is rejected, at its line"
json_assert "$T/out.json" 'all(p[n]["verdict"] == "pass" and p[n]["insns"] > 0
	and p[n]["jited_size"] > 0 for n in ("count_all", "count_large", "count_bytes"))' \
	"the other variants pass, with statistics and JIT sizes"

strace -f -qq -e trace=bpf -o "$T/bpf.trace" "$BPF_VALIDATE" --json "$OBJ/alt_hooks.o" >/dev/null 2>&1 || :
loads() { grep 'BPF_PROG_LOAD' "$T/bpf.trace" | grep "prog_name=\"$1\"" | grep -c "log_level=$2," || :; }
assert_eq "loads of count_fast at the statistics level" 1 "$(loads count_fast 4)"
assert_eq "loads of count_fast with the instruction trace" 1 "$(loads count_fast 5)"
for n in count_all count_large count_bytes; do
	[ "$(loads $n 4)" -le 2 ] || fail "$n was loaded $(loads $n 4) times"
done
