# Sourced by the tests of bad input, after ../lib.sh.  bad_input records one
# row of docs/bad-input.md: into $BPFBUILD_BAD_INPUT_ROWS when
# tests/bad-input-table runs the test, and under tests/run into the run's
# $BPFBUILD_BAD_INPUT_RUN, kept there only if the test passes, so that
# safety/bad-input-table.t (which meson runs after the others) takes the
# rows of this very run instead of running the test a second time.  The
# table is thus made by the very checks that pass, and cannot drift from
# them.

_bad_input_rows=${BPFBUILD_BAD_INPUT_ROWS:-}
# The run's rows of this test, under its name: AREA/NAME.t.rows (what
# tests/bad-input-table reads).
_bad_input_publish() {
	local to=$BPFBUILD_BAD_INPUT_RUN/$(basename "$(dirname "$0")")/$(basename "$0").rows
	mkdir -p "${to%/*}" && cp "$_bad_input_rows" "$to.tmp" && mv "$to.tmp" "$to"
}
if [ -z "$_bad_input_rows" ] && [ -n "${BPFBUILD_BAD_INPUT_RUN:-}" ]; then
	_bad_input_rows=$T/bad-input.rows
	: >"$_bad_input_rows"
	on_success _bad_input_publish
fi

# bad_input SYSTEM INPUT STATUS LINE: the one line that SYSTEM (meson,
# autotools, a tool's name) gives for INPUT, with its exit STATUS.  The
# test's own directories become $TMP and $TOP; Meson's "FILE:LINE:COL: "
# before "ERROR:" goes, as the module's line numbers are no interface.
bad_input() {
	[ -n "$_bad_input_rows" ] || return 0
	local line=$4
	line=${line//"$T"/\$TMP}
	line=${line//"$BPFBUILD_TOP"/\$TOP}
	[[ $line =~ ^[^\ ]*meson\.build:[0-9]+:[0-9]+:\ (ERROR:.*)$ ]] && line=${BASH_REMATCH[1]}
	printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$line" >>"$_bad_input_rows"
}
