# This host kernel refuses lsm programs (EPERM, even as root).  bpf-validate
# proves it with a trivial lsm/file_open program and reports "refused", not
# "rejected": exit 77, or 1 under CI=true.  The XDP program in the same
# object is still verified.
. "$(dirname "$0")/../lib.sh"
own_bpffs
. "$(dirname "$0")/common.sh"

# Ask bpftool, independently, whether this kernel loads the lsm program.
pin=$BPFFS/refused
if "$BPFTOOL" prog load "$OBJ/lsm_open.o" "$pin" type lsm >"$T/bpftool.log" 2>&1; then
	rm -f "$pin"
	refuses=no
else
	# The kernel's answer, not a pin that failed.
	assert_grep "Operation not permitted|-EPERM" "$T/bpftool.log" "bpftool's lsm load"
	refuses=yes
fi
note "bpftool says the kernel refuses lsm programs: $refuses"

rc=0; env -u CI "$BPF_VALIDATE" --json "$OBJ/lsm_open.o" >"$T/out.json" 2>"$T/err" || rc=$?
json_assert "$T/out.json" 'p["xdp_ok"]["verdict"] == "pass" and p["xdp_ok"]["insns"] > 0' "XDP beside it verified"
if [ $refuses = no ]; then
	# A kernel with the BPF LSM active: then it must simply pass.
	assert_eq "exit where lsm programs load" 0 "$rc"
	json_assert "$T/out.json" 'p["allow_open"]["verdict"] == "pass"' "lsm program passes"
	exit 0
fi
assert_eq "exit where the host refuses lsm (stderr: $(cat "$T/err"))" 77 "$rc"
json_assert "$T/out.json" 'p["allow_open"]["verdict"] == "refused" and p["allow_open"]["type"] == "lsm"
	and p["allow_open"]["error"].startswith("host kernel refuses lsm programs")' "refused, with the reason"

rc=0; env -u CI "$BPF_VALIDATE" "$OBJ/lsm_open.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "table exit" 77 "$rc"
assert_grep 'lsm_open\.o: allow_open: refused: host kernel refuses lsm programs' "$T/out"
assert_no_grep ': rejected' "$T/out"

rc=0; env CI=true "$BPF_VALIDATE" "$OBJ/lsm_open.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "exit under CI=true" 1 "$rc"
assert_eq "one line on stderr" 1 "$(wc -l <"$T/err")"
assert_grep 'could not run \(host kernel refuses lsm programs.*CI=true' "$T/err"

rc=0; env -u CI "$BPF_VALIDATE" --tap "$OBJ/lsm_open.o" >"$T/out.tap" 2>"$T/err" || rc=$?
assert_eq "TAP exit" 77 "$rc"
assert_grep '^ok [0-9]+ - .*allow_open \(lsm/file_open\) # SKIP refused: host kernel refuses lsm' "$T/out.tap"
