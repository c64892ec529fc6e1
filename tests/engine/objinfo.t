#!/bin/bash
# engine/bpfbuild-objinfo (issue 31): the probe reads its objects through
# the engine's one object reader instead of readelf, od and awk.  Its
# answers are checked against the real tools (readelf, bpftool,
# llvm-objdump) on objects of both byte orders; the probe for a big-endian
# target counts .BTF.ext's records in the object's byte order (od read them
# in the host's: "func_info for 0 of 2 functions"); bad input gives one line.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"
E=$BPFBUILD_TOP/engine
command -v clang >/dev/null || skip "no clang"
cc -o "$T/objinfo" "$E/bpfbuild-objinfo.c" "$E/bpfbuild-btf-read.c" "$E/bpfbuild-btf-tool.c" || fail "bpfbuild-objinfo does not build"
get() { sed -n "s/^$1=//p" "$2"; }

# A program as real ones are written: a CO-RE read through a const pointer,
# a call to a function defined elsewhere, a NULL test, a clamp, line info.
cat >"$T/prog.bpf.c" <<'C'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
struct task { int pid; int tgid; } __attribute__((preserve_access_index));
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 32);
	__type(key, __u32);
	__type(value, __u64);
} hist SEC(".maps");
extern int count_it(int v);
static __noinline int slot_of(__u64 v)
{
	int s = 0;
	while (v > 1 && s < 40) { v >>= 1; s++; }
	return s;
}
SEC("tracepoint/demo")
int demo(const struct task *t)
{
	__u32 slot = slot_of(BPF_CORE_READ(t, tgid)) + BPF_CORE_READ(t, pid);
	__u64 *n;
	if (slot >= 32)
		return 0;
	n = bpf_map_lookup_elem(&hist, &slot);
	if (!n)
		return count_it(1);
	__sync_fetch_and_add(n, 1);
	return 0;
}
char LICENSE[] SEC("license") = "GPL";
C
for t in bpfel bpfeb; do
	note "$t"
	clang -target $t -O2 -g -I/usr/include/"$(gcc -print-multiarch)" -c "$T/prog.bpf.c" -o "$T/$t.o" ||
		fail "clang -target $t cannot compile the test program"
	"$T/objinfo" "$T/$t.o" .text tracepoint/demo >"$T/$t.info" || fail "bpfbuild-objinfo failed on $t"
	readelf -SW "$T/$t.o" | sed -n 's/^ *\[ *[1-9][0-9]*\] \([^ ]*\) .*/\1/p' >"$T/want"
	diff "$T/want" <(get section "$T/$t.info") || fail "$t: the sections differ from readelf's"
	assert_eq "$t: btf" yes "$(get btf "$T/$t.info")"
	assert_eq "$t: endian" "$([ $t = bpfeb ] && echo big || echo little)" "$(get endian "$T/$t.info")"
	assert_eq "$t: undefined symbols (readelf)" \
		"$(readelf -sW "$T/$t.o" | awk '$7 == "UND" && $8 != "" { print $8 }')" "$(get undefined "$T/$t.info")"
	assert_eq "$t: undefined symbols" count_it "$(get undefined "$T/$t.info")"
	bpftool btf dump file "$T/$t.o" >"$T/$t.btf" || fail "$t: bpftool cannot dump its BTF"
	assert_eq "$t: BTF kinds (bpftool)" "$(sed -n 's/^\[[0-9]*\] \([A-Z_0-9]*\) .*/\1/p' "$T/$t.btf" | sort -u | xargs)" \
		"$(get btf_kinds "$T/$t.info")"
	ids=$(get core_relo_types "$T/$t.info")
	[ -n "$ids" ] || fail "$t: no CO-RE relocation"
	assert_eq "$t: CO-RE relocations" "$(wc -w <<<"$ids")" "$(get core_relo "$T/$t.info")"
	kinds=$(for id in $ids; do sed -n "s/^\[$id\] \([A-Z_0-9]*\) .*/\1/p" "$T/$t.btf"; done | sort -u | xargs)
	assert_eq "$t: the kinds of the CO-RE types (bpftool)" "$kinds" "$(get core_relo_kinds "$T/$t.info")"
	# llvm-objdump's conditional jumps: "if rX ... goto", not "goto" alone.
	llvm-objdump -d "$T/$t.o" >"$T/$t.dis"
	assert_eq "$t: conditional jumps (llvm-objdump)" "$(grep -cE '[[:space:]]if [rw][0-9]+ .* goto ' "$T/$t.dis")" \
		"$(get cond_jumps "$T/$t.info")"
	[ "$(get clamp_jumps "$T/$t.info")" -gt 0 ] || fail "$t: no jump against 31 or 32"
	assert_eq "$t: jumps against 31 or 32 (llvm-objdump)" "$(grep -cE '[[:space:]]if [rw][0-9]+ [^ ]+ (31|32|0x1f|0x20) goto ' "$T/$t.dis")" \
		"$(get clamp_jumps "$T/$t.info")"
done
for k in func_info line_info core_relo core_relo_bytes cond_jumps clamp_jumps; do
	assert_eq "$k in both byte orders" "$(get $k "$T/bpfel.info")" "$(get $k "$T/bpfeb.info")"
done
assert_eq "func_info" 2 "$(get func_info "$T/bpfel.info")"
[ "$(get line_info "$T/bpfel.info")" -ge 4 ] || fail "line_info: $(get line_info "$T/bpfel.info") records"

note "the probe for a big-endian target reads .BTF.ext in its byte order"
"$E/bpfbuild-probe" --compiler clang --arch s390x --multiarch "$(gcc -print-multiarch)" >"$T/s390x.out" ||
	{ cat "$T/s390x.out"; fail "the probe for s390x failed"; }
assert_grep '^cap_line_info=yes$' "$T/s390x.out"
assert_grep '^why_line_info=func_info for 2 functions, [0-9]+ line_info records$' "$T/s390x.out"

note "bad input: one line, exit 1"
printf 'not an object\n' >"$T/text.o"
head -c 100 "$T/bpfel.o" >"$T/cut.o"
for f in text cut; do
	rc=0
	"$T/objinfo" "$T/$f.o" >/dev/null 2>"$T/$f.err" || rc=$?
	assert_eq "exit on $f.o" 1 "$rc"
	assert_eq "lines on $f.o" 1 "$(wc -l <"$T/$f.err")"
	assert_grep "^bpfbuild-objinfo: $T/$f.o: " "$T/$f.err"
done
bad_input bpfbuild-objinfo "a text file" 1 "$(cat "$T/text.err")"
bad_input bpfbuild-objinfo "a BPF object cut short" 1 "$(cat "$T/cut.err")"
rc=0
mkdir "$T/tmp"
TMPDIR=$T/tmp CC_FOR_BUILD=false "$E/bpfbuild-probe" --compiler clang >"$T/nocc.out" || rc=$?
assert_eq "the probe's exit with CC_FOR_BUILD=false" 1 "$rc"
assert_eq "the probe's lines with CC_FOR_BUILD=false" 1 "$(wc -l <"$T/nocc.out")"
assert_grep "^error=CC_FOR_BUILD=false cannot build bpfbuild-objinfo, .*; point it at a working C compiler or unset it$" "$T/nocc.out"
bad_input bpfbuild-probe "CC_FOR_BUILD=false (a build machine's C compiler that fails)" 1 "$(cat "$T/nocc.out")"
# No C compiler at all: BPF is off, with the reason (a PATH without cc).
mkdir "$T/nocc"
keep=()
for f in /usr/bin/*; do
	case ${f##*/} in cc | c89 | c99 | gcc | gcc-* | *-gcc | *-gcc-*) ;; *) keep+=("$f") ;; esac
done
ln -s "${keep[@]}" "$T/nocc/"
TMPDIR=$T/tmp PATH=$T/nocc:/usr/sbin:/sbin "$E/bpfbuild-probe" >"$T/nocc2.out" || fail "the probe without cc failed"
assert_grep "^status=unusable$" "$T/nocc2.out"
assert_grep "^why=the build machine's C compiler \(cc\) cannot build bpfbuild-objinfo, .*\(not found\); install one \(Debian: gcc\) or set CC_FOR_BUILD$" "$T/nocc2.out"
bad_input bpfbuild-probe "no C compiler for the build machine (no cc on PATH, no CC_FOR_BUILD)" 0 "$(sed -n 's/^why=//p' "$T/nocc2.out")"
[ -z "$(find "$T/tmp" -mindepth 1 2>/dev/null)" ] || fail "the probe left files behind: $(ls "$T/tmp")"
echo ok
