# Without privilege the kernel cannot verify: exit 77 after the static checks
# (which are still reported), and 1 under CI=true or --require-kernel.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

command -v setpriv >/dev/null || fail "setpriv (util-linux) is missing"
[ "$(id -u)" = 0 ] || fail "this test drops root privileges, so it must start as root"
# nobody must reach the binary and the objects: the run dirs are 0700.
chmod 755 "$T"
mkdir "$T/pub"
cp "$BPF_VALIDATE" "$OBJ/xdp_pass.o" "$OBJ/bogus_sec.o" "$T/pub/"
chmod -R a+rX "$T/pub"
nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		--inh-caps=-all --bounding-set=-all -- "$@"
}
bv="$T/pub/bpf-validate"

rc=0; nobody env -u CI "$bv" "$T/pub/xdp_pass.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "unprivileged exit (stderr: $(cat "$T/err"))" 77 "$rc"
assert_grep 'xdp_pass\.o: info: BTF yes, line info yes' "$T/out" "static report"
assert_grep 'xdp_pass\.o: warning: BTF holds .*absolute build path' "$T/out" "static report"
assert_grep 'xdp_pass\.o: not verified: bpf\(\) denied' "$T/out" "skip reason"
assert_grep '^xdp_pass\.o +xdp_count +xdp +not-run ' "$T/out" "table"

rc=0; nobody env -u CI "$bv" --json "$T/pub/xdp_pass.o" >"$T/out.json" 2>"$T/err" || rc=$?
assert_eq "unprivileged --json exit" 77 "$rc"
json_assert "$T/out.json" 'd["exit"] == 77 and o["xdp_pass.o"]["static"]["btf"]
	and len(o["xdp_pass.o"]["static"]["warnings"]) > 0 and "bpf() denied" in o["xdp_pass.o"]["skip"]
	and p["xdp_count"]["verdict"] == "not-run"' "static checks ran, verifier did not"

rc=0; nobody env CI=true "$bv" "$T/pub/xdp_pass.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "unprivileged exit under CI=true" 1 "$rc"
assert_eq "one line on stderr" 1 "$(wc -l <"$T/err")"
assert_grep 'kernel verification could not run \(bpf\(\) denied.*CI=true makes that a failure' "$T/err"

rc=0; nobody env -u CI "$bv" --require-kernel "$T/pub/xdp_pass.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "unprivileged exit with --require-kernel" 1 "$rc"
assert_grep 'and --require-kernel makes that a failure' "$T/err"

# A static error still wins over the skip.
rc=0; nobody env -u CI "$bv" "$T/pub/bogus_sec.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "unprivileged exit with a static error" 1 "$rc"

# --static-only asks for no kernel: nothing to skip, even under CI.
rc=0; nobody env CI=true "$bv" --static-only "$T/pub/xdp_pass.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "unprivileged --static-only under CI=true" 0 "$rc"
