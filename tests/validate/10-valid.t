# Valid objects (XDP, two cgroup programs, a CO-RE tracepoint) pass the
# verifier, with statistics, in all three output formats.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

objs=("$OBJ/xdp_pass.o" "$OBJ/cgroup_bind4.o" "$OBJ/core_tp.o")

run_bv "$T/out.json" "$T/err" --json "${objs[@]}"
assert_eq "exit status (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/out.json" 'd["exit"] == 0 and d["kernel"] == os.uname().release' "exit and kernel"
json_assert "$T/out.json" 'sorted(p) == ["allow_connect", "deny_telnet", "on_exec", "xdp_count"]' "one entry per program"
json_assert "$T/out.json" 'all(q["verdict"] == "pass" and q["insns"] > 0 and q["jited_size"] > 0
	and q["verify_usec"] >= 0 and q["states_total"] >= q["states_peak"] >= 0
	and q["stack_depth"] >= 0 and q["error"] is None for q in p.values())' "all pass with statistics"
json_assert "$T/out.json" 'p["xdp_count"]["type"] == "xdp" and p["deny_telnet"]["section"] == "cgroup/bind4"
	and p["on_exec"]["type"] == "tracepoint"' "types and sections"
# The XDP program stores to the stack (key) and the CO-RE one reads through
# two relocations: the numbers come from the kernel's log, not defaults.
json_assert "$T/out.json" 'p["xdp_count"]["stack_depth"] > 0 and o["core_tp.o"]["static"]["core_relocs"] >= 2
	and o["xdp_pass.o"]["static"]["core_relocs"] == 0' "stack depth and CO-RE count"
json_assert "$T/out.json" 'all(x["static"]["btf"] and x["static"]["line_info"] and not x["static"]["errors"]
	for x in d["objects"])' "static checks clean"

run_bv "$T/out.txt" "$T/err" "${objs[@]}"
assert_eq "table exit" 0 "$rc"
assert_grep '^xdp_pass\.o +xdp_count +xdp +pass +[1-9][0-9]* ' "$T/out.txt" "table"
assert_grep '^cgroup_bind4\.o +deny_telnet +cgroup/bind4 +pass ' "$T/out.txt" "table"
assert_grep '4 programs: 4 pass, 0 rejected' "$T/out.txt" "table"
[ ! -s "$T/err" ] || fail "stderr is not empty: $(cat "$T/err")"

run_bv "$T/out.tap" "$T/err" --tap "${objs[@]}"
assert_eq "TAP exit" 0 "$rc"
assert_grep '^1\.\.7$' "$T/out.tap" "TAP plan (3 static + 4 programs)"
assert_grep '^ok [0-9]+ - .*core_tp\.o on_exec ' "$T/out.tap" "TAP"
assert_no_grep '^not ok' "$T/out.tap" "TAP"

# --static-only needs no kernel and says nothing was run.
run_bv "$T/so.json" "$T/err" --json --static-only "${objs[@]}"
assert_eq "--static-only exit" 0 "$rc"
json_assert "$T/so.json" 'all(q["verdict"] == "not-run" and q["insns"] is None for q in p.values())' "--static-only runs nothing"
