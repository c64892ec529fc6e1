#!/bin/bash
# bpf-validate --info reads an object without loading it: its sections, BTF
# and line info, its programs, and each CO-RE relocation with its program
# and source line.  The table and --json say the same; what the object
# holds is checked against readelf and the source, not against itself.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

run_bv "$T/info" "$T/err" --info "$OBJ/core_tp.o" "$OBJ/xdp_pass.o"
assert_eq "exit (stderr: $(cat "$T/err"))" 0 "$rc"
[ ! -s "$T/err" ] || fail "stderr is not empty: $(cat "$T/err")"
assert_grep "^object	$OBJ/core_tp\.o	bpf	\$" "$T/info" "the object line"

# The sections, as readelf lists them (name and size).
LC_ALL=C readelf -SW "$OBJ/core_tp.o" | sed -n 's/^ *\[ *[1-9][0-9]*\] \([^ ]*\) *[A-Z_]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p' |
	while read -r name hex; do printf 'section\t%s\t%d\n' "$name" "0x$hex"; done >"$T/want-sections"
awk -v f="$OBJ/core_tp.o" '$1 == "object" { on = $2 == f } on && $1 == "section"' "$T/info" >"$T/got-sections"
[ -s "$T/want-sections" ] || fail "readelf listed no section"
diff "$T/want-sections" "$T/got-sections" || fail "the sections differ from readelf's"

# The program: readelf's FUNC symbol, at offset 0 of its section.
assert_grep "^program	tracepoint/sched/sched_process_exec	on_exec	0	[1-9][0-9]*\$" "$T/info" "the program"
assert_grep "^btf	[1-9][0-9]*	[1-9][0-9]*\$" "$T/info" "BTF types and line info"

# Its CO-RE relocations, as many as bpftool's own CO-RE logic lists
# (task->tgid and task->real_parent: clang reuses the first for the
# parent's tgid), each attributed to a line of on_exec's body (the line
# info at or before the instruction: the compiler's attribution, as it is).
first=$(grep -n '^int on_exec' "$PROGS/core_tp.bpf.c" | cut -d: -f1)
last=$(grep -n 'return 0;' "$PROGS/core_tp.bpf.c" | cut -d: -f1)
grep '^relo	' "$T/info" >"$T/relos" || fail "no relocation listed"
"$BPFTOOL" -d gen min_core_btf /sys/kernel/btf/vmlinux "$T/min.btf" "$OBJ/core_tp.o" 2>&1 |
	grep -E "^libbpf: prog '[^']*': relo #[0-9]+: <" >"$T/bpftool-relos" || :
assert_eq "relocations, as many as bpftool lists" "$(wc -l <"$T/bpftool-relos")" "$(wc -l <"$T/relos")"
assert_eq "relocations" 2 "$(wc -l <"$T/relos")"
while IFS='	' read -r _ sec idx kind type access prog src; do
	assert_grep "relo #$idx: <$kind> \[$type\] struct task_struct\.[a-z_]+ \($access @" "$T/bpftool-relos" "bpftool's relocation #$idx"
	assert_eq "relocation #$idx: section, program" "tracepoint/sched/sched_process_exec on_exec" "$sec $prog"
	case $src in */core_tp.bpf.c:*) ;; *) fail "relocation #$idx: source $src" ;; esac
	line=${src##*:}
	[ "$line" -ge "$first" ] && [ "$line" -le "$last" ] || fail "relocation #$idx: line $line, outside on_exec ($first-$last)"
done <"$T/relos"
assert_no_grep "^relo" <(awk -v f="$OBJ/xdp_pass.o" '$1 == "object" { on = $2 == f } on' "$T/info") "xdp_pass.o (no CO-RE)"

# --json: the same facts, one document.
run_bv "$T/info.json" "$T/err" --info --json "$OBJ/core_tp.o" "$OBJ/xdp_pass.o"
assert_eq "--json exit" 0 "$rc"
python3 - "$T/info.json" "$T/info" <<'PY' || fail "--info --json and the table differ"
import json, sys
d = json.load(open(sys.argv[1]))
lines = []
for o in d["objects"]:
    lines.append("\t".join(["object", o["path"], o["machine"] or "", o["error"] or ""]))
    lines += ["\t".join(["section", s["name"], str(s["size"])]) for s in o["sections"]]
    if o["btf"]:
        lines.append("\t".join(["btf", str(o["btf_types"]), str(o["line_info"])]))
    lines += ["\t".join(["program", p["section"], p["name"], str(p["offset"]), str(p["size"])]) for p in o["programs"]]
    lines += ["\t".join(["relo", r["section"], str(r["index"]), r["kind"], str(r["type_id"]), r["access"],
                         r["program"] or "", r["source"] or ""]) for r in o["relocations"]]
sys.exit(0 if d["exit"] == 0 and lines == open(sys.argv[2]).read().splitlines() else 1)
PY

# Not a BPF object: its line names the cause, one line on stderr, exit 1;
# the other objects are still read.
run_bv "$T/bad" "$T/err" --info /bin/sh "$OBJ/xdp_pass.o"
assert_eq "exit with a host binary" 1 "$rc"
assert_grep "^object	/bin/sh		not a BPF object: ELF machine" "$T/bad"
assert_eq "stderr lines" 1 "$(wc -l <"$T/err")"
assert_grep "^object	$OBJ/xdp_pass\.o	bpf	\$" "$T/bad" "the next object"
run_bv "$T/bad" "$T/err" --info --merge "$OBJ/xdp_pass.o"
assert_eq "--info with --merge" 1 "$rc"
assert_grep "two modes" "$T/err"
echo "info: ok"
