# Issue 32: a few of the kernel's own BPF selftests (Debian's
# linux-source matching sid's kernel) built through a bpfbuild Meson
# consumer with sid's clang and gcc-bpf, as tests/bench/selftests-conformance.sh
# builds all of them, and verified in that kernel's VM (one boot per
# compiler), each program judged by its selftests annotation:
# - verifier_and.c (asm only): every program as annotated, with both;
# - dynptr_fail.c (C, annotated, that the compilers lay out differently): every program
#   as annotated with clang; with gcc-bpf, each one that is not is named
#   under the report's differences;
# - kfunc_call_test.c (the test module's kfuncs): every program counted as
#   testmod, none as a failure;
# - linked_funcs1.c and linked_funcs2.c (the Makefile's LINKED_SKELS): one
#   unit, one object linked from both, its skeleton made, and the programs of
#   both files in it.
# Then the report (selftests-report.py) from these results: its table
# counts what the JSON holds.  Runs in the sid environment only (tests/run:
# root_only_tests), where gcc-bpf 16 and a bpftool that declares kfuncs are.
. "$(dirname "$0")/../lib.sh"
# Elsewhere (meson test registers every test): gcc-bpf and bpftool too old.
[ "${BPFBUILD_ENV:-}" = sid ] || skip "runs in the sid root only: tests/distro/run-in sid --areas vm/selftests-subset.t"
. "$(dirname "$0")/lib-vm.sh"
top=$BPFBUILD_TOP
case $(basename "$KSID") in 7.2.*) ;; *) fail "sid's kernel is $(basename "$KSID"), not 7.2: update this test's source version" ;; esac
# shellcheck disable=SC2034 # selftests-src.sh reads it
KCACHE=$BPFBUILD_KERNEL_CACHE
# shellcheck source=../bench/lib/selftests-src.sh
. "$top/tests/bench/lib/selftests-src.sh"
selftests_source sid 7.2 "$KSID" || fail "linux-source-7.2's selftests cannot be unpacked (above)"
files=(dynptr_fail.c kfunc_call_test.c linked_funcs1.c linked_funcs2.c verifier_and.c)
run=$T/res/sid-7.2-$(basename "$KSID")
mkdir -p "$run"
printf '%s\n' "${files[@]}" >"$run/files"
find "$ST/progs" -maxdepth 1 -name '*.c' | wc -l >"$run/total"
bash "$top/tests/bench/lib/selftests-inroot.sh" "$ST" "$INC" "$KSID" "$run" "$run/files" clang gcc \
	>"$T/run.log" 2>&1 || { cat "$T/run.log"; fail "the selftests' build and VM run failed"; }
cat "$T/run.log"

# outcomes CC: "FILE PROG RESULT" per program of the VM's JSON.
outcomes() {
	python3 - "$run/$1.vm.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for k in d['kernels']:
    for o in k['objects'] or []:
        for p in o['programs']:
            a = p.get('annotation') or {}
            print(o['path'].rsplit('/', 1)[-1][:-6], p['name'], a.get('result') or p['verdict'], p['verdict'])
PY
}
assert_eq "the units" "linked_funcs linked_funcs1.c linked_funcs2.c" "$(grep '^linked_funcs' "$run/units")"
for cc in clang gcc; do
	assert_eq "$cc: files not built ($(cat "$run/$cc.failed"))" 0 "$(wc -l <"$run/$cc.failed")"
	outcomes "$cc" >"$T/$cc.out"
	[ -s "$T/$cc.out" ] || { cat "$run/$cc.vm.log"; fail "$cc: the VM verified nothing"; }
	n=$(grep -c '^verifier_and ' "$T/$cc.out")
	[ "$n" -ge 3 ] || fail "$cc: verifier_and has $n programs in the VM's JSON"
	if grep '^verifier_and ' "$T/$cc.out" | grep -v ' as-annotated '; then fail "$cc: verifier_and is not as annotated"; fi
	if grep '^kfunc_call_test ' "$T/$cc.out" | grep -v ' no-target$'; then fail "$cc: a testmod program was not found lacking its kfunc"; fi
	grep -q '^dynptr_fail .* as-annotated ' "$T/$cc.out" || fail "$cc: no dynptr_fail program as annotated"
	assert_eq "$cc: the linked object's programs" "handler1 handler2" \
		"$(awk '$1 == "linked_funcs" { print $2 }' "$T/$cc.out" | sort | paste -sd' ')"
	grep -q ' rejected$' "$T/$cc.out" || [ "$cc" = gcc ] || fail "$cc: no program rejected (as annotated): are the annotations read?"
done
if grep '^dynptr_fail ' "$T/clang.out" | grep -v ' as-annotated '; then fail "clang: dynptr_fail is not as annotated"; fi

echo 0 >"$T/res/seconds"
python3 "$top/tests/bench/lib/selftests-report.py" "$T/res" "${files[*]}" >"$T/doc.md" || fail "the report failed"
# The table's row per compiler: as annotated, not as annotated, testmod.
for cc in clang gcc; do
	row=$(grep -E "^\| $cc \([^|]*\) \| 4 \| 4 \| 0 \| 0 \|" "$T/doc.md") || { cat "$T/doc.md"; fail "$cc: no table row with 4 units built"; }
	IFS="|" read -r _ _ _ _ _ _ asa notas _ _ tm _ <<<"$row"
	assert_eq "$cc: as annotated" "$(grep -c ' as-annotated ' "$T/$cc.out")" "${asa// /}"
	assert_eq "$cc: not as annotated" "$(grep -c ' differs ' "$T/$cc.out")" "${notas// /}"
	assert_eq "$cc: testmod" "$(grep -c '^kfunc_call_test ' "$T/$cc.out")" "${tm// /}"
done
while read -r f p r _; do
	case $r in as-annotated|pass|not-applicable|auxiliary) continue ;; esac
	[ "$f" = kfunc_call_test ] || grep -q "\`$f\`:$p\\b" "$T/doc.md" ||
		fail "gcc: $f $p is $r but not among the differences"
done <"$T/gcc.out"
grep -q 'a subset: 5 of the' "$T/doc.md" || fail "the document does not say that it is a subset"
note "clang: $(grep -c ' as-annotated ' "$T/clang.out") as annotated; gcc: $(grep -c ' as-annotated ' "$T/gcc.out") as annotated, $(grep -c ' differs ' "$T/gcc.out") not"
echo ok
