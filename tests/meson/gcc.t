# bpf-compiler=gcc: the summary reports what the measured gcc-bpf can do,
# with reasons, and the examples follow it.  Configure succeeds either way.
#   gcc-bpf 12 (bookworm): no CO-RE, no atomic fetch (and why); the uapi-only
#     example builds, loads and passes; the CO-RE example is skipped with
#     the reason.
#   gcc-bpf 16 or later (sid): CO-RE, atomics and BTF; the default C23
#     rejects vmlinux.h, so -std=gnu17 is added; both examples build, load
#     and pass their functional tests.
#   Any version: a program is built exactly when its needs are met.
. "$(dirname "$0")/../lib.sh"

examples_build gcc -Dbpf-compiler=gcc
log=$EX_BUILD.setup.log
assert_grep 'compiler +: .*bpf[^ ]*gcc[^ ]* \(gcc [0-9]+' "$log" "summary"
major=$(sed -n 's/^ *compiler *: .*gcc[^ ]* (gcc \([0-9]*\)[.)].*/\1/p' "$log" | head -n 1)
[ -n "$major" ] || fail "the summary names no gcc version"
note "gcc-bpf $major"
cap() { sed -n "s/^ *$1 *: \([a-z]*\).*/\1/p" "$log" | head -n 1; }
for c in core atomics btf std_default; do
	assert_grep "^ +$c +: (yes|no) \(.+\)" "$log" "summary (probe $c, with its reason)"
done
flags=$(sed -n 's/^ *flags *: //p' "$log" | head -n 1)

if [ "$major" -le 12 ]; then
	assert_grep '^ +core +: no \(.+\)' "$log" "summary"
	# A counter's atomic add (result unused) it makes; a fetch it cannot.
	assert_eq "atomics with gcc $major" yes "$(cap atomics)"
	assert_grep '^ +atomics_fetch +: no \(.*__sync_fetch_and_add' "$log" "summary"
	assert_eq "std_default with gcc $major" yes "$(cap std_default)"
	case " $flags " in *" -std="*) fail "gcc $major got a -std flag: $flags" ;; esac
elif [ "$major" -ge 16 ]; then
	for c in core atomics btf; do assert_eq "$c with gcc $major" yes "$(cap "$c")"; done
	assert_grep '^ +std_default +: no \(.*C23.*-std=gnu17' "$log" "summary"
	case " $flags " in *" -std=gnu17 "*) ;; *) fail "gcc $major: -std=gnu17 not in the flags: $flags" ;; esac
fi

# Built exactly when the needs are met (examples/meson.build: write_counter
# needs core, atomics and vmlinux; socket_bind only a BPF compiler).
built=(socket_bind)
if [ "$(cap core)" = yes ] && [ "$(cap atomics)" = yes ]; then
	built+=(write_counter)
	assert_no_grep 'skipping BPF program write_counter' "$log" "configure output"
else
	assert_grep 'skipping BPF program write_counter: .*(core|atomics): ' "$log" "configure output"
	[ ! -e "$EX_BUILD/write_counter.bpf.o" ] || fail "write_counter was built with gcc-bpf $major, which lacks its needs"
fi
if [ "$major" -le 12 ]; then
	[ ${#built[@]} -eq 1 ] || fail "gcc-bpf $major must not build write_counter"
elif [ "$major" -ge 16 ]; then
	[ ${#built[@]} -eq 2 ] || fail "gcc-bpf $major must build write_counter"
fi

meson test -C "$EX_BUILD" --print-errorlogs >"$T/test.log" 2>&1 || { cat "$T/test.log"; fail "meson test failed"; }
cat "$T/test.log"
for p in "${built[@]}"; do
	[ -s "$EX_BUILD/$p.bpf.o" ] || fail "$p.bpf.o was not built"
	readelf -p .comment "$EX_BUILD/$p.bpf.o" | grep -q 'GCC' || fail "$p.bpf.o was not built by gcc"
	assert_grep "$p.bpf.o +OK" "$T/test.log" "verifier test of $p"
	assert_grep "$p functional +OK" "$T/test.log" "functional test of $p"
done
assert_no_grep '^(Fail|Skipped|Timeout|Unexpected Pass): +[1-9]' "$T/test.log" "meson test"
