#!/bin/bash
# bpfbuild-btf-sort --canonical: gcc-bpf objects (12 orders its BTF by heap
# address) compiled in two trees of other lengths, one with a space, and
# twice in one tree with address randomisation, are byte-identical once
# canonicalised, with no path of the trees inside; the BTF still parses,
# every section but .BTF and .BTF.ext keeps its bytes (the code, the
# relocations, .rel.BTF.ext of the CO-RE records), bpf-validate's verdicts
# do not change, and canonicalising again changes nothing.  Bad input: one
# line, exit 1, no output file; an object whose .BTF is relocated (GCC 14
# and later, which are linked instead) is refused.
. "$(dirname "$0")/../lib.sh"
command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
bpftool=$(command -v bpftool || echo /usr/sbin/bpftool)
scripts=$BPFBUILD_TOP/engine
tool=$T/btf-sort
"${CC_FOR_BUILD:-cc}" -O2 -Wall -Werror -o "$tool" "$scripts"/bpfbuild-btf-*.c ||
	fail "bpfbuild-btf-sort does not build"
toolkit_build
multiarch=$(gcc -print-multiarch)
flags=(-std=gnu17 -O2 -I/usr/include -idirafter "/usr/include/$multiarch" -gbtf)

a="$T/a" b="$T/the other tree/at/a/much/longer/path"
# compile TREE NAME SOURCE [FLAGS...]: as bpfbuild-cc does, from the tree,
# the tree mapped to "."
compile() {
	local d=$1 n=$2 src=$3
	shift 3
	mkdir -p "$d"
	cp "$src" "$d/$n.bpf.c"
	(cd "$d" && bpf-gcc "${flags[@]}" "$@" "-ffile-prefix-map=$d=." -c "$d/$n.bpf.c" -o "$d/$n.o") ||
		fail "bpf-gcc cannot compile $n in $d"
}
canon() { "$tool" --canonical --prefix-map "$1=." "$1/$2.o" "$1/$2.canon.o" || fail "canonicalising $1/$2.o"; }
# sections OBJ: every section's bytes but the BTF's, and the relocations.
sections() {
	local s
	for s in $(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | grep -vx -e .BTF -e .BTF.ext); do
		echo "== $s"
		readelf -x "$s" "$1" 2>/dev/null | tail -n +2
	done
	readelf -rsW "$1" | grep -v '^Relocation section'
}

progs=(core:"$BPFBUILD_TOP/tests/validate/progs/gcc_core.bpf.c":-mco-re
	bind:"$BPFBUILD_TOP/tests/validate/progs/cgroup_bind4.bpf.c":)
for p in "${progs[@]}"; do
	IFS=: read -r n src extra <<<"$p"
	compile "$a" "$n" "$src" $extra
	cp "$a/$n.o" "$a/$n.first.o"
	compile "$a" "$n" "$src" $extra
	compile "$b" "$n" "$src" $extra
	cmp -s "$a/$n.o" "$b/$n.o" && cmp -s "$a/$n.o" "$a/$n.first.o" &&
		note "$n: bpf-gcc $(bpf-gcc -dumpversion) gives identical objects already"
	if readelf -SW "$a/$n.o" | grep -F ' .rel.BTF ' >/dev/null; then
		# GCC 14 and later relocate .BTF itself (they are linked, and
		# not canonicalised): its types cannot move, which is refused.
		"$tool" --canonical "$a/$n.o" "$T/out.o" 2>"$T/err" && fail "$n: .rel.BTF accepted"
		assert_grep '^bpfbuild-btf-sort: .*a relocation applies to .BTF' "$T/err" "$n"
		[ ! -e "$T/out.o" ] || fail "$n: an output was left"
		note "$n: bpf-gcc $(bpf-gcc -dumpversion) relocates .BTF: refused"
		continue
	fi
	canon "$a" "$n"
	canon "$b" "$n"
	cp "$a/$n.first.o" "$a/$n.f.o"
	canon "$a" "$n.f"
	cmp "$a/$n.canon.o" "$b/$n.canon.o" || fail "$n: canonicalised objects differ between the trees"
	cmp "$a/$n.canon.o" "$a/$n.f.canon.o" || fail "$n: canonicalised objects of two compiles differ"
	raw=$(for f in "$a/$n.first.o" "$a/$n.o" "$b/$n.o"; do sha256sum <"$f" | cut -c1-8; done | sort -u | wc -l)
	note "$n: identical once canonicalised ($(sha256sum <"$a/$n.canon.o" | cut -c1-16); gcc's own: $raw different of 3)"
	! grep -qF "$T" "$a/$n.canon.o" || fail "$n: the canonicalised object holds a path under $T"

	"$bpftool" btf dump file "$a/$n.canon.o" >"$T/canon.btf" || fail "$n: bpftool cannot read the canonical BTF"
	"$bpftool" btf dump file "$a/$n.o" >"$T/raw.btf" || fail "$n: bpftool cannot read gcc's BTF"
	assert_eq "$n: types" "$(grep -c '^\[' "$T/raw.btf")" "$(grep -c '^\[' "$T/canon.btf")"
	# The same types, only with other ids: the dumps without ids agree.
	diff <(sed 's/\[[0-9]*\]//; s/type_id=[0-9]*//g' "$T/raw.btf" | sort) \
	     <(sed 's/\[[0-9]*\]//; s/type_id=[0-9]*//g' "$T/canon.btf" | sort) >/dev/null ||
		fail "$n: the canonical BTF holds other types"
	diff <(sections "$a/$n.o") <(sections "$a/$n.canon.o") || fail "$n: canonicalising changed more than the BTF"

	"$tool" --canonical "$a/$n.canon.o" "$T/again.o" || fail "$n: canonicalising a canonical object"
	cmp "$a/$n.canon.o" "$T/again.o" || fail "$n: canonicalising is not idempotent"

	"$BPF_VALIDATE" --json "$a/$n.o" >"$T/raw.json" 2>/dev/null && rc_raw=0 || rc_raw=$?
	"$BPF_VALIDATE" --json "$a/$n.canon.o" >"$T/canon.json" 2>/dev/null && rc_canon=0 || rc_canon=$?
	assert_eq "$n: bpf-validate's exit" "$rc_raw" "$rc_canon"
	python3 - "$T/raw.json" "$T/canon.json" <<'PY' || fail "$n: bpf-validate's findings differ"
import json, sys
def facts(path):
    o = json.load(open(path))["objects"][0]
    s = o["static"] or {}
    # The build path gcc leaves in its BTF strings is the one finding the
    # canonical object must not have (its map applied, the string dropped).
    warnings = sorted(w for w in s.get("warnings") or [] if "absolute build path" not in w)
    assert path.endswith("raw.json") or len(warnings) == len(s.get("warnings") or []), s["warnings"]
    text = json.dumps([o["error"], sorted(s.get("errors") or []), warnings,
                       s.get("core_relocs"), s.get("btf"), s.get("line_info"), o["skip"], o["exit"],
                       sorted([q["name"], q["section"], q["verdict"], q["insns"], q["error"]]
                              for q in o["programs"])])
    return text.replace(o["path"], "OBJ")
a, b = facts(sys.argv[1]), facts(sys.argv[2])
print("    bpf-validate:", b[:200], "...")
sys.exit(a != b)
PY
done

note "bad input: one line, exit 1, no output"
bad() {
	rm -f "$T/out.o"
	"$tool" --canonical "$1" "$T/out.o" 2>"$T/err" && fail "$2: accepted"
	rc=$?
	assert_eq "$2: exit" 1 "$rc"
	assert_eq "$2: lines on stderr" 1 "$(wc -l <"$T/err")"
	assert_grep '^bpfbuild-btf-sort: ' "$T/err" "$2"
	[ ! -e "$T/out.o" ] || fail "$2: an output was left"
	echo "$2: $(cat "$T/err")"
}
echo "not an object" >"$T/text"
bad "$T/text" "a text file"
head -c 600 "$a/core.o" >"$T/short.o"
bad "$T/short.o" "a truncated object"
# The first type's info word (kind) made unknown.
btf_off=$((0x$(readelf -SW "$a/bind.o" | awk '{ sub(/^ *\[ *[0-9]+\] */, "") } $1 == ".BTF" { print $4 }')))
[ "$btf_off" -gt 0 ] || fail "no .BTF in bind.o"
cp "$a/bind.o" "$T/kind.o"
printf '\037' | dd of="$T/kind.o" bs=1 seek=$((btf_off + 24 + 7)) conv=notrunc 2>/dev/null
bad "$T/kind.o" "an unknown BTF kind"
# A string table said to run past its section.
cp "$a/bind.o" "$T/str.o"
printf '\377\377\377\177' | dd of="$T/str.o" bs=1 seek=$((btf_off + 20)) conv=notrunc 2>/dev/null
bad "$T/str.o" "a string table past its section"
