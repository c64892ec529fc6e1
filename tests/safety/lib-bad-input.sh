# Sourced by the tests of bad input, after ../lib.sh.  bad_input records one
# row of docs/bad-input.md when tests/bad-input-table runs the test (it
# sets BPFBUILD_BAD_INPUT_ROWS); the table is thus made by the very checks
# that pass, and cannot drift from them.

# bad_input SYSTEM INPUT STATUS LINE: the one line that SYSTEM (meson,
# autotools, a tool's name) gives for INPUT, with its exit STATUS.  The
# test's own directories become $TMP and $TOP; Meson's "FILE:LINE:COL: "
# before "ERROR:" goes, as the module's line numbers are no interface.
bad_input() {
	[ -n "${BPFBUILD_BAD_INPUT_ROWS:-}" ] || return 0
	local line=$4
	line=${line//"$T"/\$TMP}
	line=${line//"$BPFBUILD_TOP"/\$TOP}
	[[ $line =~ ^[^\ ]*meson\.build:[0-9]+:[0-9]+:\ (ERROR:.*)$ ]] && line=${BASH_REMATCH[1]}
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$line" >>"$BPFBUILD_BAD_INPUT_ROWS"
}
