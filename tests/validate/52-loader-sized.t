# Maps the loader sizes at run time (max_entries 0 or unset: a stack-trace
# map, a hash, a perf-event array, a ring buffer), a map-in-map whose BTF inner map has no
# size and one whose inner map the loader supplies: bpf-validate prepares
# them as the loader would, both programs reach the verifier and pass, and
# every report lists what was changed.  A map pinned by name is not pinned.
. "$(dirname "$0")/../lib.sh"
own_bpffs
. "$(dirname "$0")/common.sh"

obj=$OBJ/loader_sized.o
# Independently of bpf-validate: bpftool loads it as the object says, and
# the kernel refuses the zero-sized map (what real loaders avoid).
if "$BPFTOOL" prog loadall "$obj" "$BPFFS/sized" >"$T/bpftool.log" 2>&1; then
	rm -rf "$BPFFS/sized"
	fail "bpftool loads $obj as it is: the test no longer needs preparing"
fi
assert_grep "failed to create" "$T/bpftool.log" "bpftool's refusal (a map, not the pin)"
ncpus=$(python3 -c 'import re; n = 0
for r in open("/sys/devices/system/cpu/possible").read().strip().split(","):
    a, _, b = r.partition("-"); n += int(b or a) - int(a) + 1
print(n)')

pinned=$BPFFS/counts	# where libbpf would pin "counts"
[ ! -e "$pinned" ] || fail "$pinned exists before the test: remove it"
run_bv "$T/out.json" "$T/err" --json "$obj"
assert_eq "exit (stderr: $(cat "$T/err"))" 0 "$rc"
[ ! -e "$pinned" ] || { rm -f "$pinned"; fail "bpf-validate left a pinned map at $pinned"; }
json_assert "$T/out.json" 'p["on_switch"]["verdict"] == "pass" and p["on_exec"]["verdict"] == "pass"
	and p["on_switch"]["insns"] > 0' "both programs pass"
json_assert "$T/out.json" 'sorted(o["loader_sized.o"]["prepared"]) == sorted([
	"map stackmap: max_entries 0 -> 1 (a small valid size)",
	"map counts: max_entries 0 -> 1 (a small valid size)",
	"map counts: not pinned at '"$BPFFS"'/counts (a verifier run leaves nothing in bpffs)",
	"map events: max_entries 0 -> '"$ncpus"' (one per possible CPU, as libbpf sizes it)",
	"map rb: max_entries 0 -> '"$(getconf PAGESIZE)"' (one page)",
	"map cgroup_counts: inner map max_entries 0 -> 1 (a small valid size)",
	"map cgroup_hash: inner map left to the loader; a stand-in hash (key 4, value 8 bytes) used"])' \
	"the preparations, one per map"
# An object that needs nothing gets an empty list.
run_bv "$T/plain.json" "$T/err" --json "$OBJ/xdp_pass.o"
json_assert "$T/plain.json" 'o["xdp_pass.o"]["prepared"] == []' "nothing prepared for xdp_pass.o"

run_bv "$T/out.txt" "$T/err" "$obj"
assert_eq "table exit" 0 "$rc"
assert_grep '^.*loader_sized\.o: prepared: map stackmap: max_entries 0 -> 1 ' "$T/out.txt" "table"
assert_grep '2 programs: 2 pass, 0 rejected, 0 refused, 0 not run$' "$T/out.txt" "table"

run_bv "$T/out.tap" "$T/err" --tap "$obj"
assert_eq "TAP exit" 0 "$rc"
assert_grep '^# prepared: map cgroup_hash: inner map left to the loader' "$T/out.tap" "TAP"
assert_no_grep '^not ok' "$T/out.tap" "TAP"
