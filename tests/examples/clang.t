# bpf-compiler=clang: all eight example programs build (object, skeleton
# or light skeleton, loader), and `meson test` runs every verifier and
# functional test with no skip and no failure.  restrict_fs (LSM), which
# this host's kernel refuses, is verified and functionally tested in a VM
# (examples_build configures -Dvalidate-kernels=<bookworm's 6.1>).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-examples.sh"

examples_build clang -Dbpf-compiler=clang
log=$EX_BUILD.setup.log
assert_grep 'compiler +: .*clang' "$log" "summary"
assert_bpf_cc "$log"   # BPF_CC: the distro matrix runs this with sid's newest clang
assert_no_grep 'skipping BPF program' "$log" "configure output"

# The table here and examples/meson.build name the same programs.
listed=$(sed -n "/^bpf_programs = {/,/^}/s/^\t'\([a-z_]*\)' : {'sources'.*/\1/p" "$BPFBUILD_TOP/examples/meson.build" | sort | tr '\n' ' ')
assert_eq "programs in examples/meson.build" "$(printf '%s\n' "${!EX_NEEDS[@]}" | sort | tr '\n' ' ')" "$listed"

for p in "${!EX_NEEDS[@]}"; do
	[ -s "$EX_BUILD/$p.bpf.o" ] || fail "$p.bpf.o was not built"
	skel=$EX_BUILD/$(ex_skel "$p")
	grep -q "${p}_bpf__open" "$skel" || fail "$skel is not a skeleton of $p"
	[ -x "$EX_BUILD/$p" ] || fail "loader $p was not built"
done
# The light loader uses the kernel's loader program, not libbpf.
grep -q 'skel_internal.h' "$EX_BUILD/xdp_counter_light.lskel.h" || fail "xdp_counter_light.lskel.h is not a light skeleton"
readelf -d "$EX_BUILD/xdp_counter_light" >"$T/dyn"
assert_no_grep 'libbpf' "$T/dyn" "xdp_counter_light's dynamic section"
# Two sources, one linked object: both halves are in it.
bpftool btf dump file "$EX_BUILD/socket_policy.bpf.o" >"$T/btf"
assert_grep "FUNC 'count_socket'" "$T/btf" "socket_policy.bpf.o BTF"
assert_grep "FUNC 'socket_create'" "$T/btf" "socket_policy.bpf.o BTF"

meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
n=0
for p in "${!EX_NEEDS[@]}"; do
	assert_grep "$p.bpf.o +OK" "$T/test.log" "verifier test of $p"
	ex_assert_functional "$p" "$T/test.log"
	n=$((n + 2))
done
ex_assert_vm_verified restrict_fs "$EX_BUILD/meson-logs/testlog.txt"
assert_grep "^Ok: +$n\b" "$T/test.log" "meson test (expected $n OK)"
assert_no_grep '^(Fail|Skipped|Timeout|Unexpected Pass|Expected Fail): +[1-9]' "$T/test.log" "meson test"
