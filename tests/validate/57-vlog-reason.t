# Issue 28, item 6: the reason for a rejection is the verifier's own
# complaint on every kernel of the matrix, whatever statistics lines the
# kernel ends its log with (7.2 adds "stack depth N max N" and "insns
# processed N").  bpf-validate's log reader (vlog.c) is fed the logs of
# one rejected program (progs/bad_deref.bpf.c's bad_lookup) as 6.1, 6.12
# and 7.2 wrote them in bpf-vm-verify's VMs, at log level 4 (the
# statistics run, whose last line is the reason) and 1|4 (the trace, whose
# last lines are the report's "log").  tests/vm/loader-verdict.t checks the
# same in the VMs themselves.
. "$(dirname "$0")/../lib.sh"
src=$BPFBUILD_TOP/tools/bpf-validate
logs=$BPFBUILD_TOP/tests/validate/vlog
# vlog.c with bpf-validate's part that never calls bpf(), as the fuzzer
# links it (fuzz/build.sh: annot.c needs annot_msgs.c; the engine's object
# reader among them).
engine=$BPFBUILD_TOP/engine
static=("$engine/bpfbuild-btf-read.c")
for f in annot annot_msgs btfcheck btfext elf externs lbpf object static util; do static+=("$src/$f.c"); done
# shellcheck disable=SC2046 # pkg-config prints words
cc -O2 -Wall -Werror -std=gnu11 -D_GNU_SOURCE -I"$src" -I"$engine" $(pkg-config --cflags libbpf libelf) \
	"$logs/reason.c" "$src/vlog.c" "${static[@]}" $(pkg-config --libs libbpf libelf) \
	-o "$T/reason" || fail "the log reader's driver does not build"

want="R0 invalid mem access 'map_value_or_null'"
n=0
for log in "$logs"/bad_lookup.*.log; do
	n=$((n + 1))
	"$T/reason" "$log" >"$T/out" || fail "$log: the driver failed"
	sed "s|^|    $(basename "$log"): |" "$T/out"
	assert_eq "$(basename "$log"): reason" "reason: $want" "$(sed -n 1p "$T/out")"
	assert_eq "$(basename "$log"): last line of the log" "tail: $want" "$(grep '^tail: ' "$T/out" | tail -n 1)"
	assert_eq "$(basename "$log"): insns" "insns: 7" "$(tail -n 1 "$T/out")"
	assert_no_grep '^tail: .*(processed|verification time|stack depth)' "$T/out" "$(basename "$log")"
done
# Each kernel of the matrix, at both levels.
assert_eq "recorded logs" 6 "$n"
for k in 6.1. 6.12. 7.2.; do
	[ "$(find "$logs" -name "bad_lookup.$k*.log" | wc -l)" -eq 2 ] || fail "no logs of $k"
done
echo ok

# Issue 48: libbpf's failure where gcc-bpf 14 records a CO-RE read through
# a const pointer against the CONST type (tests/real/gcc-patterns.t builds
# it) names the need that describes it, core_const; a candidate search
# that failed for a named struct (the kernel lacks it) names none.
need() { "$T/reason" --need "$1" | sed -n 's/^need: //p'; }
w="prog 'exec_parent': relo #0: target candidate search failed for [7] const : -22"
case $(need "$w") in
*"declare the need core_const for the program"*) echo "ok: $w: core_const" ;;
*) fail "$w: the need: '$(need "$w")'" ;;
esac
assert_eq "a named struct's failed search" "(none)" \
	"$(need "prog 'p': relo #0: target candidate search failed for [9] struct constant_things: -22")"
assert_eq "another libbpf warning" "(none)" "$(need "failed to find BTF info for global/extern symbol 'x'")"
