# The README's Meson consumer (its meson.build is the README's snippet, read
# from between the markers) configures wherever a program is skipped: BPF
# disabled, no vmlinux.h, a compiler that lacks a need (gcc-bpf 12), no BPF
# compiler at all; and builds where nothing is skipped.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"
. "$(dirname "$0")/lib-consumer.sh"
readme_consumer "$T/p"
ln -s "$BPFBUILD_TOP" "$T/p/subprojects/bpfbuild"

# configures NAME MESON-ARGS...: configure must succeed; the log is $T/NAME.log.
configures() {
	local name=$1; shift
	meson setup "$T/$name" "$T/p" "$@" >"$T/$name.log" 2>&1 ||
		{ tail -n 30 "$T/$name.log"; fail "the README's consumer does not configure ($name: $*)"; }
}

configures disabled -Dbpfbuild:bpf-framework=disabled
assert_grep 'enabled *: no: disabled by bpf-framework=disabled' "$T/disabled.log"
assert_no_grep 'write-counter' "$T/disabled/build.ninja"

configures novmlinux -Dbpfbuild:vmlinux-h=disabled
assert_grep 'skipping write-counter: .*vmlinux: no vmlinux.h' "$T/novmlinux.log"
assert_grep 'socket-bind.bpf.o' "$T/novmlinux/build.ninja"

if command -v bpf-gcc >/dev/null || command -v bpf-unknown-none-gcc >/dev/null; then
	configures gcc -Dbpfbuild:bpf-compiler=gcc
	assert_grep 'compiler *: .*\(gcc ' "$T/gcc.log"
	# gcc-bpf 12 has neither CO-RE nor BPF atomics: write-counter is skipped.
	if grep -qE '^ +core *: no' "$T/gcc.log"; then
		assert_grep 'skipping write-counter: core: ' "$T/gcc.log"
	fi
fi

# No BPF compiler on PATH: BPF is off (auto), and nothing fails.
path_without "$T/bin" 'clang*' 'bpf-*gcc*' '*-bpf-*' 'bpf-gcc*'
PATH=$T/bin configures nocc
assert_grep 'enabled *: no: ' "$T/nocc.log"

# Where nothing is skipped, the consumer builds, loader included.
configures full -Dbpfbuild:bpf-compiler=clang
assert_no_grep 'skipping' "$T/full.log"
meson compile -C "$T/full" >"$T/full.build.log" 2>&1 || { tail -n 30 "$T/full.build.log"; fail "the README's consumer does not build"; }
[ -x "$T/full/write-counter" ] || fail "no write-counter loader"
