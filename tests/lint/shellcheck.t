# Every shell script that bpfbuild ships or runs passes shellcheck at
# warning level (-x follows the sourced files): the Meson module's
# scripts, the VM tools, the examples' runner and functional tests, the
# test and CI entry points.  The ebuilds have their own (gentoo/shellcheck.t).
. "$(dirname "$0")/../lib.sh"
command -v shellcheck >/dev/null || fail "shellcheck not installed (tests/install-deps installs it)"
cd "$BPFBUILD_TOP"
scripts=()
for f in engine/* tools/bpf-vm/* examples/run examples/*/test-*.sh \
	debian/tests/* tests/run tests/install-deps tests/capabilities-table tests/verifier-matrix tests/verifier-matrix-check tests/distro/* .ci/run; do
	[ -f "$f" ] || continue
	# A sourced library has no #! but names its shell to shellcheck.
	case $(head -n 1 "$f") in '#!'*sh* | '# shellcheck shell=sh'*) scripts+=("$f") ;; esac
done
[ ${#scripts[@]} -ge 20 ] || fail "expected at least 20 scripts, found ${#scripts[@]}: ${scripts[*]}"
note "${#scripts[@]} scripts"
# -x: a script finds what it sources beside itself.
for f in "${scripts[@]}"; do
	(cd "$(dirname "$f")" && shellcheck -x -S warning "$(basename "$f")") >"$T/out" 2>&1 ||
		{ cat "$T/out"; fail "$f: shellcheck warnings"; }
done
