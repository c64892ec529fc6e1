# A kfunc the kernel lacks (bpf_cpumask_any, renamed in 6.5): libbpf alone
# fails the whole object; bpf-validate gives the program that calls it the
# no-target verdict, still verifies its neighbour, says what it prepared,
# and exits 0 (1 with --require of that program).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

obj=$OBJ/cpumask_alt.o
kernel_btf_lacks "FUNC 'bpf_cpumask_any_distribute'" "FUNC 'bpf_cpumask_any'"

run_bv "$T/out.json" "$T/err" --json "$obj"
assert_eq "exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/out.json" 'p["pick_cpu_v63"]["verdict"] == "no-target"
	and "kfunc bpf_cpumask_any " in p["pick_cpu_v63"]["error"]' "the old kfunc's user: no-target"
json_assert "$T/out.json" 'p["pick_cpu"]["verdict"] == "pass" and p["pick_cpu"]["insns"] > 0' "its neighbour verified"
json_assert "$T/out.json" 'any(x.startswith("extern bpf_cpumask_any: made weak")
	for x in o["cpumask_alt.o"]["prepared"])' "the preparation is listed"

run_bv "$T/out.txt" "$T/err" "$obj"
assert_grep 'cpumask_alt\.o: pick_cpu_v63: no target: the kernel has no kfunc bpf_cpumask_any' "$T/out.txt" "table"
run_bv "$T/req.txt" "$T/err" --require pick_cpu_v63 "$obj"
assert_eq "--require exit" 1 "$rc"
assert_grep 'pick_cpu_v63: no target \(--require: a failure\)' "$T/req.txt" "table"
