# docs/bad-input.md is what the bad-input tests check today
# (tests/bad-input-table runs them and prints the table): a message changed
# in the code, or a case added, without `tests/bad-input-table --update`
# fails here.  In a Debian root, the rows it gives must each be in the table
# (some cases exist only on the host).
. "$(dirname "$0")/../lib.sh"
"$BPFBUILD_TOP/tests/bad-input-table" >"$T/table.md" || fail "tests/bad-input-table fails (see above)"
[ -f "$BPFBUILD_TOP/docs/bad-input.md" ] || fail "docs/bad-input.md is missing: run tests/bad-input-table --update"
if [ -n "${BPFBUILD_ENV:-}" ]; then
	# A Debian root (tests/distro/run-in): some cases exist only on the host
	# (bad-input tests say which), so its rows must each be in the table.
	grep '^| ' "$T/table.md" | while IFS= read -r row; do
		grep -qxF -- "$row" "$BPFBUILD_TOP/docs/bad-input.md" || echo "$row"
	done >"$T/missing"
	[ ! -s "$T/missing" ] || { cat "$T/missing"; fail "docs/bad-input.md lacks these rows of $BPFBUILD_ENV: run tests/bad-input-table --update and commit it"; }
	exit 0
fi
diff -u "$BPFBUILD_TOP/docs/bad-input.md" "$T/table.md" >"$T/diff" ||
	{ cat "$T/diff"; fail "docs/bad-input.md is stale: run tests/bad-input-table --update and commit it"; }
