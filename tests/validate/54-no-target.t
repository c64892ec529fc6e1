# Alternatives for old and new kernels (fentry, kprobe and tp_btf on
# account_page_dirtied / writeback_dirty_page, gone from 6.x, beside their
# successors): a program whose attach target the kernel lacks gets the
# no-target verdict, which is no failure (exit 0) unless --require'd; a
# kprobe loads without its function, and passes with it noted absent.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

obj=$OBJ/dirty_alt.o
# The premise, checked without bpf-validate: the kernel has the new targets
# and lacks the old ones.
kernel_btf_lacks "TYPEDEF 'btf_trace_writeback_dirty_folio'" "'(btf_trace_writeback_dirty_page|account_page_dirtied)'"
assert_grep ' __folio_mark_dirty$' /proc/kallsyms "kallsyms"

run_bv "$T/out.json" "$T/err" --json "$obj"
assert_eq "exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/out.json" 'd["exit"] == 0 and o["dirty_alt.o"]["exit"] == 0' "no target is no failure"
json_assert "$T/out.json" 'p["fentry_account_page_dirtied"]["verdict"] == "no-target" and "account_page_dirtied" in p["fentry_account_page_dirtied"]["error"]
	and p["tp_dirty_page"]["verdict"] == "no-target" and "writeback_dirty_page" in p["tp_dirty_page"]["error"]' \
	"the old targets: no-target, naming them"
# fentry would be refused (EPERM) here if it were loaded: no-target wins,
# as the loader never loads it.  The kprobe loads without its function (its
# loader attaches it elsewhere, or leaves it off): it keeps the verifier's
# pass, with its function noted absent; it was relabelled no-target, which
# made it load nowhere for the policy, so that --optional failed it.
json_assert "$T/out.json" 'p["fentry_account_page_dirtied"]["insns"] is None
	and p["kprobe_account_page_dirtied"]["insns"] > 0 and p["kprobe_account_page_dirtied"]["verdict"] == "pass"
	and p["kprobe_account_page_dirtied"]["target_absent"] == "account_page_dirtied"
	and p["kprobe_account_page_dirtied"]["error"] is None' "switched off vs verified, its function absent"
json_assert "$T/out.json" 'p["kprobe_folio_mark_dirty"]["verdict"] == "pass" and p["tp_dirty_folio"]["verdict"] == "pass"
	and p["kprobe_folio_mark_dirty"]["target_absent"] is None' \
	"the new targets pass"

run_bv "$T/out.txt" "$T/err" "$obj"
assert_eq "table exit" 0 "$rc"
assert_grep 'dirty_alt\.o: tp_dirty_page: no target: the kernel has no attach target writeback_dirty_page' "$T/out.txt" "table"
assert_grep 'dirty_alt\.o: kprobe_account_page_dirtied: pass; target absent: the kernel has no function account_page_dirtied; ' "$T/out.txt" "table"
assert_grep '5 programs: 3 pass, 0 rejected, 0 refused, 0 not run, 2 no target$' "$T/out.txt" "table"
assert_no_grep 'rejected:|refused:' "$T/out.txt" "table"

# A loader that picks its target per kernel (fentry_can_attach(OLD) ? OLD :
# NEW): --attach-target PROG=OLD|NEW verifies it against the first the
# kernel has, and says which (issue 48, item 4).
run_bv "$T/pick.json" "$T/err" --json --attach-target 'tp_dirty_page=writeback_dirty_page|writeback_dirty_folio' "$obj"
assert_eq "per-kernel targets: exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/pick.json" 'p["tp_dirty_page"]["verdict"] == "pass" and p["tp_dirty_page"]["insns"] > 0
	and "program tp_dirty_page: of the attach targets writeback_dirty_page|writeback_dirty_folio, this kernel has writeback_dirty_folio: the one its loader picks" in o["dirty_alt.o"]["prepared"]' \
	"the target this kernel has, verified"
run_bv "$T/none.json" "$T/err" --json --attach-target 'tp_dirty_page=writeback_dirty_page|no_such_page' "$obj"
json_assert "$T/none.json" 'p["tp_dirty_page"]["verdict"] == "no-target" and "writeback_dirty_page" in p["tp_dirty_page"]["error"]' \
	"none of them: no-target, naming the first"

# --require: that program's missing target is a failure, in every format.
run_bv "$T/req.json" "$T/err" --json --require tp_dirty_page "$obj"
assert_eq "--require exit" 1 "$rc"
json_assert "$T/req.json" 'p["tp_dirty_page"]["required"] and not p["tp_dirty_folio"]["required"]
	and o["dirty_alt.o"]["exit"] == 1 and d["exit"] == 1' "--require in JSON"
run_bv "$T/req.tap" "$T/err" --tap --require tp_dirty_page "$obj"
assert_eq "--require TAP exit" 1 "$rc"
assert_grep '^not ok [0-9]+ - .*tp_dirty_page \(tp_btf/writeback_dirty_page\): no target \(--require\)' "$T/req.tap" "TAP"
assert_grep '^ok [0-9]+ - .*kprobe_account_page_dirtied \(kprobe/account_page_dirtied\): [0-9]+ insns; target absent: ' "$T/req.tap" "TAP"
# A required program that passes is fine, a kprobe without its function
# too (it loads); one that exists nowhere is an error.
run_bv "$T/kreq.txt" "$T/err" --require kprobe_account_page_dirtied "$obj"
assert_eq "--require of a kprobe whose function is absent" 0 "$rc"
run_bv "$T/ok.txt" "$T/err" --require tp_dirty_folio "$obj"
assert_eq "--require of a passing program" 0 "$rc"
run_bv "$T/none.txt" "$T/err" --require tp_dirty_pages "$obj"
assert_eq "--require of no program: exit" 1 "$rc"
assert_eq "--require of no program: stderr" \
	"bpf-validate: --require tp_dirty_pages: no program of that name in the objects given" "$(cat "$T/err")"

# The loader's own targets (--attach-target): the old tracepoint's program
# and the old function's kprobe, retargeted to the new ones, are verified
# there, and each retargeting is reported.
run_bv "$T/at.json" "$T/err" --json --attach-target tp_dirty_page=writeback_dirty_folio \
	--attach-target kprobe_account_page_dirtied=__folio_mark_dirty "$obj"
assert_eq "--attach-target: exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/at.json" 'p["tp_dirty_page"]["verdict"] == "pass" and p["tp_dirty_page"]["insns"] > 0
	and p["kprobe_account_page_dirtied"]["verdict"] == "pass" and p["kprobe_account_page_dirtied"]["target_absent"] is None
	and "program tp_dirty_page: attach target writeback_dirty_folio instead of its section\x27s writeback_dirty_page, as its loader sets it (--attach-target)" in o["dirty_alt.o"]["prepared"]' \
	"retargeted: verified at the loader's targets"
# A program type whose loader sets no target: a static error.
run_bv "$T/xdp.txt" "$T/err" --attach-target xdp_count=vfs_read "$OBJ/xdp_pass.o"
assert_eq "--attach-target of an xdp program: exit" 1 "$rc"
assert_grep "^.*xdp_pass\.o: error: --attach-target xdp_count=vfs_read: programs of type xdp take no attach target from their loader " "$T/xdp.txt"

# Kprobe-type sections that name no kernel symbol are not looked up.
run_bv "$T/kinds.json" "$T/err" --json "$OBJ/probe_kinds.o"
assert_eq "probe kinds exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/kinds.json" 'sorted(q["verdict"] for q in p.values()) == ["pass"] * 3' \
	"ksyscall, uprobe and kprobe.multi pass"
