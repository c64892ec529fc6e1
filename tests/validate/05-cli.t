# --help and --version: both exit 0 on stdout; the version is the Meson
# project's (meson introspect reads it from the toolkit's build directory).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

want=$(meson introspect --projectinfo "$BPFBUILD_TEST_RUN/toolkit" |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
[ -n "$want" ] || fail "meson introspect gives no project version"

run_bv "$T/out" "$T/err" --version
assert_eq "--version exit" 0 "$rc"
assert_grep "^bpf-validate \(bpfbuild\) $want, libbpf v[0-9]+\.[0-9]+" "$T/out" "--version"
[ ! -s "$T/err" ] || fail "--version wrote to stderr: $(cat "$T/err")"

run_bv "$T/help" "$T/err" --help
assert_eq "--help exit" 0 "$rc"
for opt in --json --tap --static-only --require-kernel --require --test-run --version --help; do
	assert_grep "^  (-[a-zA-Z], )?$opt[ ,]" "$T/help" "--help"
done
