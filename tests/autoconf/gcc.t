# --with-bpf-compiler=gcc behaves as the Meson build does with gcc-bpf:
# the same programs are built, and each of the others is skipped at
# configure with the same one-line reason as Meson gives; what is built
# passes its verifier and functional tests under make check.  With gcc-bpf
# 12 (bookworm) that is socket_bind and exec_events.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
ac_build gcc --with-bpf-compiler=gcc
examples_build gcc -Dbpf-compiler=gcc
log=$AC_BUILD.configure.log
assert_grep '^checking for a BPF compiler\.\.\. .*bpf-gcc \(gcc ' "$log" "configure"
major=$(sed -n 's/^ *compiler *: .*gcc[^ ]* (gcc \([0-9]*\)[.)].*/\1/p' "$log" | head -n 1)
note "gcc-bpf $major"

built=()
for p in $(ex_names); do
	meson_skip=$(grep -o "skipping BPF program $p: .*" "$EX_BUILD.setup.log" || true)
	ac_skip=$(grep -o "skipping BPF program $p: .*" "$log" || true)
	# The same skip, for the same reasons, as the Meson module says.
	assert_eq "skip message for $p (autotools vs Meson)" "$meson_skip" "$ac_skip"
	if [ -z "$meson_skip" ]; then
		built+=("$p")
		assert_grep "^ +$p *: yes\$" "$log" "summary"
		[ -s "$EX_BUILD/$p.bpf.o" ] || fail "the Meson build has no $p.bpf.o"
		for f in "$(ac_obj "$p")" "$(ac_skel "$p")"; do
			[ -s "$AC_BUILD/$f" ] || fail "$f was not built"
		done
		readelf -p .comment "$AC_BUILD/$(ac_obj "$p")" | grep -q GCC || fail "$(ac_obj "$p") was not built by gcc"
		[ -x "$AC_BUILD/$p" ] || fail "loader $p was not built"
	else
		echo "$ac_skip"
		row=$(printf '    %-17s: no (%s)' "$p" "${ac_skip#"skipping BPF program $p: "}")
		grep -qxF "$row" "$log" || fail "the summary lacks the line '$row'"
		[ ! -e "$EX_BUILD/$p.bpf.o" ] || fail "the Meson build has $p.bpf.o, though it says it skips it"
		[ ! -e "$AC_BUILD/$(ac_obj "$p")" ] || fail "$(ac_obj "$p") was built with gcc-bpf"
		[ ! -e "$AC_BUILD/$p" ] || fail "the loader $p was built"
	fi
done
note "built: ${built[*]}"
if [ "$major" -le 12 ]; then
	assert_eq "programs gcc-bpf $major builds" "exec_events socket_bind" "${built[*]}"
	# gcc-bpf 12 makes a counter's atomic add (atomics) but no CO-RE.
	grep -q 'skipping BPF program write_counter: .*core: ' "$log" || fail "the reason for write_counter lacks the core probe"
fi

# make check: a verifier and a functional test per built program, all pass
# (restrict_fs's in the 6.1 VM, when gcc-bpf builds it).
make -C "$AC_BUILD" -j2 check >"$T/check.log" 2>&1 || { cat "$T/check.log"; cat "$AC_BUILD/test-suite.log"; fail "make check"; }
cat "$T/check.log"
ac_assert_checked "$T/check.log" "$AC_BUILD" "${built[@]}"
