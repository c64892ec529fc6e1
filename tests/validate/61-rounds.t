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

# Issue 48: the verifier test ("meson test", "make check") takes the table
# and the JSON from one bpf-validate run (--json-out), where it made two:
# each program of an object is loaded as often as by one bpf-validate, so
# an object whose N programs pass makes N loads of them.  (libbpf's feature
# probes load programs of other names; they are not counted.)
# vt_loads OBJ: the verifier test on the host alone, as Meson runs it,
# under strace, into $T/vt.trace.
vt_loads() {
	mkdir -p "$T/vt"
	cp "$1" "$T/vt/"
	rc=0; env BPF_VALIDATE_KERNELS= strace -f -qq -e trace=bpf -o "$T/vt.trace" \
		sh "$BPFBUILD_TOP/engine/bpfbuild-validate-test" --validator "$BPF_VALIDATE" \
		-- "$T/vt/$(basename "$1")" >"$T/vt.log" 2>&1 || rc=$?
}
tloads() { grep 'BPF_PROG_LOAD' "$1" | grep -c "prog_name=\"${2:0:15}\"" || :; }
vt_loads "$OBJ/probe_kinds.o"
assert_eq "the verifier test's exit on probe_kinds.o (log: $(tail -n 3 "$T/vt.log"))" 0 "$rc"
assert_grep '^pass: ' "$T/vt.log" "the verifier test's closing line"
for n in openat_entry readline_ret vfs_any; do
	assert_eq "loads of $n in the verifier test" 1 "$(tloads "$T/vt.trace" $n)"
done
vt_loads "$OBJ/alt_hooks.o"
assert_eq "the verifier test's exit on alt_hooks.o" 1 "$rc"
for n in count_fast count_all count_large count_bytes; do
	assert_eq "loads of $n in the verifier test, as in one bpf-validate" \
		"$(tloads "$T/bpf.trace" $n)" "$(tloads "$T/vt.trace" $n)"
done
# --json-out: the table on stdout, and the --json document from the same
# run in the file, its verdicts and exit those of --json.
rc=0; "$BPF_VALIDATE" --json-out "$T/jo.json" "$OBJ/alt_hooks.o" >"$T/jo.table" 2>"$T/jo.err" || rc=$?
assert_eq "exit status with --json-out" 1 "$rc"
assert_grep 'count_fast' "$T/jo.table" "the table on stdout"
assert_no_grep '"objects"' "$T/jo.table" "the table on stdout"
python3 - "$T/out.json" "$T/jo.json" <<'PY' || fail "--json-out's document differs from --json's"
import json, sys
def v(f):
    d = json.load(open(f))
    return d["exit"], [(q["name"], q["verdict"], q["error"], q["source"]) for x in d["objects"] for q in x["programs"]]
sys.exit(v(sys.argv[1]) != v(sys.argv[2]))
PY
# A FILE that cannot be written: one line, before any load.
rc=0; strace -f -qq -e trace=bpf -o "$T/jo-bad.trace" "$BPF_VALIDATE" --json-out "$T/no/such/dir/x.json" \
	"$OBJ/alt_hooks.o" >"$T/jo-bad.out" 2>"$T/jo-bad.err" || rc=$?
assert_eq "exit status with an unwritable --json-out" 1 "$rc"
assert_eq "stderr with an unwritable --json-out" \
	"bpf-validate: --json-out $T/no/such/dir/x.json: cannot write it: No such file or directory" "$(cat "$T/jo-bad.err")"
assert_eq "loads with an unwritable --json-out" 0 "$(grep -c BPF_PROG_LOAD "$T/jo-bad.trace" || :)"
