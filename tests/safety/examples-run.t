# examples/run claims its build directory when it checks it (a new or
# empty one gets its mark at once), not minutes later: a file that appears
# in it while the packages are installed and the toolkit is built is
# someone else's, and stays.  The copy's tests/install-deps stands in for
# those minutes (the real one runs apt-get): it only drops that file.
. "$(dirname "$0")/../lib.sh"

toolkit_build
top=$T/top
mkdir -p "$top/tests"
# The examples' subprojects/bpfbuild is ../..: the toolkit's files.
cp -R "$BPFBUILD_TOP/examples" "$BPFBUILD_TOP/meson.build" "$BPFBUILD_TOP/meson_options.txt" \
	"$BPFBUILD_TOP/engine" "$BPFBUILD_TOP/meson-modules" "$top/"
ln -s "$BPFBUILD_TEST_RUN/toolkit" "$top/build-toolkit"
cat >"$top/tests/install-deps" <<'SH'
#!/bin/sh
mkdir -p "$BPFBUILD_EXAMPLES_BUILD" && echo theirs >"$BPFBUILD_EXAMPLES_BUILD/theirs.txt"
SH
chmod +x "$top/tests/install-deps"

for case in new empty; do
	b=$T/build-$case
	[ $case = new ] || mkdir "$b"
	# A bad option ends the run at the examples' meson setup, after the
	# point where examples/run used to wipe the directory.
	rc=0
	BPFBUILD_EXAMPLES_BUILD=$b "$top/examples/run" -Dbpf-compiler=tcc >"$T/$case.log" 2>&1 || rc=$?
	[ $rc -ne 0 ] || { tail -n 20 "$T/$case.log"; fail "examples/run -Dbpf-compiler=tcc succeeded"; }
	assert_grep 'tcc' "$T/$case.log" "examples/run -Dbpf-compiler=tcc ($case directory)"
	[ "$(cat "$b/theirs.txt" 2>/dev/null)" = theirs ] ||
		fail "examples/run deleted theirs.txt, which appeared in its $case build directory while it ran"
	[ -f "$b/.bpfbuild-examples-build" ] || fail "examples/run did not mark its $case build directory"
done
