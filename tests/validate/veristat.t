# veristat, the kernel's own verifier statistics tool, as an oracle for
# bpf-validate: for every program of the examples and of progs/, both tools
# load it into this kernel's verifier, and the verdict, the instructions
# processed, the total and peak states and the stack depth must agree
# (veristat-compare.py; where the tools prepare or judge a program
# differently by design, it prints why, and counts it).  Then the same
# comparison is shown to fail for two builds of one program.
# tests/run runs it in the sid environment only: only sid's root has veristat.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

command -v veristat >/dev/null ||
	fail "veristat is not installed (tests/install-deps --list sid: the sid root has it; tests/run runs this test there only)"
compare=$BPFBUILD_TOP/tests/validate/veristat-compare.py
# The CSV columns compared (veristat -e; the header names them).
fields=file,prog,verdict,insns,states,peak_states,stack

examples_build clang -Dbpf-compiler=clang
mapfile -t objs < <(ls "$OBJ"/*.o; find "$EX_BUILD" -name '*.bpf.o' | sort)
[ "${#objs[@]}" -gt 10 ] || fail "too few objects to compare: ${objs[*]}"
# Both tools name an object by its base name.
dups=$(for o in "${objs[@]}"; do basename "$o"; done | sort | uniq -d)
[ -z "$dups" ] || fail "two objects share a base name: $dups"
note "$(veristat --version | head -n 1) and bpf-validate on ${#objs[@]} objects, kernel $(uname -r)"

# bpf-validate exits 1 for the rejected test programs, 77 for those the
# host refuses: its verdicts say so.  Skip only if it verified nothing.
run_bv "$T/bv.json" "$T/bv.err" --json "${objs[@]}"
[ "$rc" = 0 ] || [ "$rc" = 1 ] || [ "$rc" = 77 ] || fail "bpf-validate exit $rc: $(cat "$T/bv.err")"
why=$(python3 -c 'import json, sys
o = json.load(open(sys.argv[1]))["objects"]
print(o[0]["skip"] if all(x["skip"] for x in o) else "")' "$T/bv.json")
[ -z "$why" ] || skip "the kernel cannot verify here: $why"
# A __ksym extern the kernel lacks: bpf-validate loads a copy of the object
# with it weak (its "prepared" list names it); veristat gets the same copy.
weak_copy() { # OBJ OUT NAME...: OUT is OBJ with the undefined symbols NAME weak
	python3 - "$@" <<'PY'
import struct, sys
src, out, names = sys.argv[1], sys.argv[2], set(sys.argv[3:])
d = bytearray(open(src, "rb").read())
shoff = struct.unpack_from("<Q", d, 0x28)[0]
shnum = struct.unpack_from("<H", d, 0x3c)[0]
secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i) for i in range(shnum)]
for s in secs:
    if s[1] != 2:  # SHT_SYMTAB
        continue
    strs = secs[s[6]][4]
    for off in range(s[4], s[4] + s[5], 24):
        name_off, info, _, shndx = struct.unpack_from("<IBBH", d, off)
        name = d[strs + name_off:d.index(b"\0", strs + name_off)].decode()
        if name in names and shndx == 0:
            d[off + 4] = (2 << 4) | (info & 0xf)  # STB_WEAK
            names.discard(name)
if names:
    sys.exit(f"{src}: no undefined symbol {' '.join(sorted(names))}")
open(out, "wb").write(d)
PY
}
mkdir -p "$T/weak"
vs_objs=()
for o in "${objs[@]}"; do
	mapfile -t weak < <(python3 - "$T/bv.json" "$(basename "$o")" <<'PY'
import json, os, re, sys
for x in json.load(open(sys.argv[1]))["objects"]:
    if os.path.basename(x["path"]) == sys.argv[2]:
        for p in x["prepared"]:
            m = re.match(r"extern (\S+): made weak", p)
            if m:
                print(m.group(1))
PY
	)
	if [ ${#weak[@]} -gt 0 ]; then
		weak_copy "$o" "$T/weak/$(basename "$o")" "${weak[@]}" || fail "cannot make the weak copy of $o"
		note "veristat gets $(basename "$o") with ${weak[*]} weak, as bpf-validate loads it"
		o=$T/weak/$(basename "$o")
	fi
	vs_objs+=("$o")
done
veristat -o csv -e "$fields" "${vs_objs[@]}" >"$T/vs.csv" 2>"$T/vs.err" ||
	fail "veristat failed: $(cat "$T/vs.err")"

rc=0
python3 "$compare" "$T/bv.json" "$T/vs.csv" >"$T/cmp.txt" || rc=$?
cat "$T/cmp.txt"
[ "$rc" = 0 ] || { grep '^DIFFER' "$T/cmp.txt" >&2; fail "bpf-validate and veristat disagree (above)"; }
# Not vacuous: passing and rejected programs had their figures compared.
assert_grep '^same +[^ ]+: pass insns [1-9]' "$T/cmp.txt" "the comparison"
assert_grep '^same +bad_deref\.o/[^ ]+: rejected insns [1-9]' "$T/cmp.txt" "the comparison of a rejected program"

# The comparison fails when the figures come from another program: A and B
# are one XDP program, B with a loop over the first bytes; bpf-validate's
# figures for A against veristat's for B must differ, naming the program
# and the field with both values.
cat >"$T/sum.bpf.c" <<'EOF'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* Drops the packets whose leading bytes add up to an odd number. */
SEC("xdp")
int xdp_odd_sum(struct xdp_md *ctx)
{
	unsigned char *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u32 sum = 0;

	if ((void *)(data + 16) > end)
		return XDP_PASS;
#ifdef SUM_ALL
	for (int i = 0; i < 16; i++)
		sum += data[i];
#else
	sum = data[0];
#endif
	return sum & 1 ? XDP_DROP : XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
EOF
mkdir -p "$T/a" "$T/b"
clang_bpf_object "$T/sum.bpf.c" "$T/a/sum.o" || fail "sum.bpf.c (A) does not compile"
clang_bpf_object "$T/sum.bpf.c" "$T/b/sum.o" -DSUM_ALL || fail "sum.bpf.c (B) does not compile"
run_bv "$T/a.json" "$T/err" --json "$T/a/sum.o"
assert_eq "bpf-validate on A (stderr: $(cat "$T/err"))" 0 "$rc"
veristat -o csv -e "$fields" "$T/b/sum.o" >"$T/b.csv" || fail "veristat on B failed"
rc=0
python3 "$compare" "$T/a.json" "$T/b.csv" >"$T/ab.txt" || rc=$?
sed 's/^/    A against B: /' "$T/ab.txt"
assert_eq "comparing A's bpf-validate figures with B's veristat figures: exit" 1 "$rc"
insns_a=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["objects"][0]["programs"][0]["insns"])' "$T/a.json")
insns_b=$(python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["total_insns"])' "$T/b.csv")
[ "$insns_a" != "$insns_b" ] || fail "A and B verify the same number of instructions ($insns_a): the loop did not change the program"
assert_grep "^DIFFER +sum\.o/xdp_odd_sum: insns: bpf-validate $insns_a, veristat $insns_b\$" "$T/ab.txt" "A against B"
assert_grep '^1 program: 0 same, 0 differ by design, 1 differ$' "$T/ab.txt" "A against B"
# And B against itself agrees.
run_bv "$T/b.json" "$T/err" --json "$T/b/sum.o"
python3 "$compare" "$T/b.json" "$T/b.csv" >"$T/bb.txt" || { cat "$T/bb.txt"; fail "B against B differs"; }
