# Helpers for tests/real: the consumer whose programs are written as real
# projects write theirs (tests/real/consumer).  Sourced after ../lib.sh.

# real_copy DIR: a private copy of the consumer, with the bpfbuild module as
# its subproject and its own x86/vmlinux.h (libbpf-tools ships one per
# arch), dumped from the running kernel's BTF.
real_copy() {
	mkdir -p "$1/subprojects" "$1/x86"
	cp -r "$BPFBUILD_TOP/tests/real/consumer/." "$1/"
	ln -s "$BPFBUILD_TOP" "$1/subprojects/bpfbuild"
	"${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}" btf dump file /sys/kernel/btf/vmlinux format c \
		>"$1/x86/vmlinux.h" || fail "cannot dump the running kernel's BTF"
}

# probe_said LOG NAME: the probe's answer (yes/no) in a Meson summary
probe_said() {
	sed -n "s/^ *$2 *: \(yes\|no\) .*/\1/p" "$1" | head -n 1
}
