# tests/safety/interrupted.t started as under nohup, with SIGHUP ignored
# (which every process it starts inherits, and which a shell then cannot
# trap): it still ends by itself, and passes.
. "$(dirname "$0")/../lib.sh"
rc=0
timeout --kill-after=10 300 env --ignore-signal=HUP bash "$BPFBUILD_TOP/tests/safety/interrupted.t" >"$T/log" 2>&1 || rc=$?
[ $rc -ne 124 ] || { tail -n 20 "$T/log"; fail "interrupted.t with SIGHUP ignored still ran after 300 s"; }
[ $rc -eq 0 ] || { tail -n 30 "$T/log"; fail "interrupted.t with SIGHUP ignored: exit $rc"; }
assert_grep 'SIGHUP' "$T/log" "interrupted.t's steps"
echo ok
