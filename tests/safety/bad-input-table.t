# docs/bad-input.md is what the bad-input tests check today
# (tests/bad-input-table runs them and prints the table): a message changed
# in the code, or a case added, without `tests/bad-input-table --update`
# fails here.
. "$(dirname "$0")/../lib.sh"
"$BPFBUILD_TOP/tests/bad-input-table" >"$T/table.md" || fail "tests/bad-input-table fails (see above)"
[ -f "$BPFBUILD_TOP/docs/bad-input.md" ] || fail "docs/bad-input.md is missing: run tests/bad-input-table --update"
diff -u "$BPFBUILD_TOP/docs/bad-input.md" "$T/table.md" >"$T/diff" ||
	{ cat "$T/diff"; fail "docs/bad-input.md is stale: run tests/bad-input-table --update and commit it"; }
