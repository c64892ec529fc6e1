# Helpers for the Meson-module tests; sourced after ../lib.sh.

# copy_examples DIR: a private copy of examples/ (tests may touch its files),
# with the bpfbuild subproject pointing at this checkout's module.
copy_examples() {
	mkdir -p "$1"
	cp -r "$BPFBUILD_TOP/examples/." "$1/"
	rm -rf "$1/subprojects/bpfbuild"
	ln -s "$BPFBUILD_TOP" "$1/subprojects/bpfbuild"
}

# setup_fails LOG MESON-SETUP-ARGS...: configure must fail with exactly one
# ERROR line; prints that line.
setup_fails() {
	local log=$1; shift
	if meson setup "$@" >"$log" 2>&1; then
		cat "$log"; fail "configure succeeded: meson setup $*"
	fi
	local n
	n=$(grep -c 'ERROR:' "$log" || true)
	[ "$n" = 1 ] || { cat "$log"; fail "expected one ERROR line, got $n"; }
	grep 'ERROR:' "$log"
}
