# bpf-compiler=gcc: each example program is built exactly when the probes
# it needs say yes, and skipped at configure with the probe's reason
# otherwise; what is built loads and passes its functional test.
# gcc-bpf 12 (bookworm): socket_bind and exec_events build (exec_events
# writes through ring-buffer memory, which gcc-bpf 12 compiles); restrict_fs
# (CO-RE), restrict_ifaces, xdp_counter, xdp_counter_light (skeleton
# .rodata and light skeletons need linkable BTF), socket_policy (two
# sources: linkable BTF; atomics) and write_counter are skipped.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-examples.sh"

examples_build gcc -Dbpf-compiler=gcc
log=$EX_BUILD.setup.log
assert_grep 'compiler +: .*bpf[^ ]*gcc[^ ]* \(gcc [0-9]+' "$log" "summary"
major=$(sed -n 's/^ *compiler *: .*gcc[^ ]* (gcc \([0-9]*\)[.)].*/\1/p' "$log" | head -n 1)
note "gcc-bpf $major"

built=()
for p in "${!EX_NEEDS[@]}"; do
	lacking=()
	for need in ${EX_NEEDS[$p]}; do
		c=$(ex_cap "$log" "$need")
		[ -n "$c" ] || [ "$need" = vmlinux ] || fail "the summary has no probe '$need'"
		[ "$c" = no ] && lacking+=("$need")
	done
	if [ ${#lacking[@]} -eq 0 ]; then
		built+=("$p")
		assert_no_grep "skipping BPF program $p:" "$log" "configure output"
		[ -s "$EX_BUILD/$p.bpf.o" ] || fail "$p.bpf.o was not built, though gcc-bpf $major has all it needs"
		readelf -p .comment "$EX_BUILD/$p.bpf.o" | grep -q GCC || fail "$p.bpf.o was not built by gcc"
		[ -x "$EX_BUILD/$p" ] || fail "loader $p was not built"
	else
		# One line, naming each lacking probe with the probe's reason.
		for need in "${lacking[@]}"; do
			assert_grep "^Message: skipping BPF program $p: (.*, )?$need: [^,]+" "$log" "configure output ($p lacks $need)"
		done
		[ ! -e "$EX_BUILD/$p.bpf.o" ] || fail "$p was built with gcc-bpf $major, which lacks: ${lacking[*]}"
	fi
done
note "built: ${built[*]}"
if [ "$major" -le 12 ]; then
	assert_eq "programs gcc-bpf $major builds" "exec_events socket_bind" "$(printf '%s\n' "${built[@]}" | sort | tr '\n' ' ' | sed 's/ $//')"
fi

meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
for p in "${built[@]}"; do
	assert_grep "$p.bpf.o +OK" "$T/test.log" "verifier test of $p"
	ex_assert_functional "$p" "$T/test.log"
	[ -z "${EX_HOST_REFUSES[$p]:-}" ] || ex_assert_vm_verified "$p" "$EX_BUILD/meson-logs/testlog.txt"
done
assert_no_grep '^(Fail|Skipped|Timeout|Unexpected Pass|Expected Fail): +[1-9]' "$T/test.log" "meson test"
