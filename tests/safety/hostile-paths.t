# Source and build directories whose names hold a blank, ', ", $, $(touch
# PWNED), a backquote and non-ASCII: the Meson consumer of tests/vm/consumer
# (the toolkit copied into it as a subproject, so that the module's paths are
# hostile too) configures, builds and passes meson test; no word of a path
# is ever run (no PWNED file anywhere) and nothing is written outside the
# two trees.
. "$(dirname "$0")/../lib.sh"
toolkit_build

# check_tree NAME: the consumer in src-NAME, built in build-NAME.
check_tree() {
	local work=$T/w$1 src=$T/w$1/src-$2 build=$T/w$1/build-$2 rc p pwned
	mkdir -p "$src/subprojects" "$work/cwd" "$work/tmp"
	cp "$BPFBUILD_TOP"/tests/vm/consumer/meson.build "$BPFBUILD_TOP"/tests/vm/progs/{lsm_file_open,fentry_vfs_unlink,core_guarded}.bpf.c "$src/"
	subproject_copy "$src/subprojects/bpfbuild"
	# Everything runs from a directory of its own, so that a stray write
	# or a PWNED made by a path run as a command shows up there.
	(
		cd "$work/cwd"
		export TMPDIR=$work/tmp
		meson setup "$build" "$src" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" -Dbpfbuild:bpf-compiler=clang \
			>"$work/setup.log" 2>&1 || { cat "$work/setup.log"; fail "meson setup in $2"; }
		meson compile -C "$build" >"$work/compile.log" 2>&1 || { cat "$work/compile.log"; fail "meson compile in $2"; }
		rc=0
		env -u CI -u BPF_VALIDATE_KERNELS meson test -C "$build" --print-errorlogs >"$work/test.log" 2>&1 || rc=$?
		[ $rc = 0 ] || { cat "$work/test.log"; fail "meson test in $2: exit $rc"; }
	)
	assert_no_grep 'Syntax error|Unterminated quoted string|not found' "$build/meson-logs/testlog.txt" "the test log"
	for p in lsm_file_open fentry_vfs_unlink; do
		assert_grep "[ :]$p +(OK|SKIP)" "$work/test.log" "meson test"
	done
	assert_grep "[ :]core_guarded +OK" "$work/test.log" "meson test"
	# A command run from a path runs in meson's, ninja's or the test's
	# working directory: all of them are under $work.
	pwned=$(find "$work" -name PWNED | head -n 3)
	[ -z "$pwned" ] || fail "a path was run as a command: $pwned"
	# Nothing written outside the two trees: the cwd and TMPDIR stay empty.
	[ -z "$(ls -A "$work/cwd" "$work/tmp")" ] || [ "$(ls -A "$work/cwd" "$work/tmp" | grep -vc -e ':$' -e '^$')" = 0 ] ||
		fail "written outside the trees: $(ls -A "$work/cwd" "$work/tmp")"
}

# The issue's own case, then every hostile character at once.  (Not a
# backslash: Meson itself turns it into "/" in paths, and its regeneration
# then never ends.)
check_tree 1 "a'\$(touch PWNED)'b"
check_tree 2 "a b'c\"d\$HOME\$(touch PWNED)\`touch PWNED\` é日"
