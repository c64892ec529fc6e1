# Issue 28, item 1: a stack-trace map declaring only its key size, as bcc's
# libbpf-tools declare it (progs/stack_sized.bpf.c): its loader sets the
# value size (stack depth x 8) and max_entries before load.  bpf-validate
# prepares the object the same way, reports each change, and its verdict
# is the loader's (tests/vm/loader-verdict/stack_sized.c, run here on the
# host; tests/vm/loader-verdict.t runs both in the VMs).  The same for a
# perf-event array declaring only its type, as cilium/ebpf's programs do
# (progs/perf_unsized.bpf.c): its Go loader sets the key and value size.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

obj=$OBJ/stack_sized.o
here=$BPFBUILD_TOP/tests/vm/loader-verdict
"$BPFTOOL" gen skeleton "$obj" name stack_sized_bpf >"$T/stack_sized.skel.h" || fail "bpftool gen skeleton"
cc -O2 -Wall -Werror -I"$T" "$here/stack_sized.c" -o "$T/stack_sized" -lbpf || fail "the loader does not build"

# The premise, without bpf-validate: unsized, libbpf cannot create the map.
rc=0; "$T/stack_sized" --as-is >"$T/as-is.log" 2>&1 || rc=$?
assert_eq "the loader, sizing nothing: exit" 1 "$rc"
assert_grep "map 'stackmap': failed to create" "$T/as-is.log" "the unsized load"
# The loader as it is written.
rc=0; "$T/stack_sized" >"$T/loader.log" 2>&1 || rc=$?
cat "$T/loader.log"
assert_eq "the loader: exit" 0 "$rc"
assert_grep '^loaded off_cpu$' "$T/loader.log" "the loader"

run_bv "$T/out.json" "$T/err" --json "$obj"
assert_eq "bpf-validate exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/out.json" 'p["off_cpu"]["verdict"] == "pass" and p["off_cpu"]["insns"] > 0' \
	"off_cpu passes, as it loads with its loader"
depth=$(cat /proc/sys/kernel/perf_event_max_stack)
json_assert "$T/out.json" 'o["stack_sized.o"]["prepared"] == [
	"map stackmap: value_size 0 -> '"$((depth * 8))"' ('"$depth"' frames of 8 bytes, the kernel'"'"'s perf_event_max_stack, as libbpf-tools size it)",
	"map stackmap: max_entries 0 -> 1 (a small valid size)",
	"map leaving: max_entries 0 -> 1 (a small valid size)",
	"map off_ns: max_entries 0 -> 1 (a small valid size)"]' "each change, in the report"
run_bv "$T/out.txt" "$T/err" "$obj"
assert_grep '^.*stack_sized\.o: prepared: map stackmap: value_size 0 -> ' "$T/out.txt" "table"

ncpus=$(python3 -c 'print(
	sum(int(b or a) - int(a) + 1 for a, _, b in (r.partition("-")
	for r in open("/sys/devices/system/cpu/possible").read().strip().split(","))))')
run_bv "$T/perf.json" "$T/err" --json "$OBJ/perf_unsized.o"
assert_eq "perf_unsized: exit (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/perf.json" 'p["exec_events"]["verdict"] == "pass" and o["perf_unsized.o"]["prepared"] == [
	"map events: key_size 0 -> 4 (a u32 index, as the kernel requires)",
	"map events: value_size 0 -> 4 (a file descriptor, as the kernel requires)",
	"map events: max_entries 0 -> '"$ncpus"' (one per possible CPU, as libbpf sizes it)"]' \
	"the perf-event array's sizes, each in the report"
echo ok
