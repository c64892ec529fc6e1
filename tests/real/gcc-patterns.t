#!/bin/bash
# gcc-bpf on real programs (issue 29): no flag decided for one program
# breaks another, and a failure names its cause.
# - The NULL test of systemd-style set lookups (consumer/deny-proto) needs
#   -fno-ssa-phiopt; with that flag alone, gcc 14 and 16 thread away the
#   clamp of a libbpf-tools-style log2 histogram (consumer/fs-hist) and
#   every kernel rejects it.  With the decided flags both verify; without
#   the -fno-thread-jumps the bounded_index probe decided, fs-hist fails.
# - A signed division (progs/cpu-slice) at the v3 ISA bpfbuild lowers gcc's
#   v4 to becomes a libgcc call: the build stops with one line naming the
#   source line and the remedy; with bpf-min-kernel=6.6 it builds at v4.
# - A compile that fails on a gap a probe knows (several helper calls with
#   gcc-bpf 12, bpf_core_field_exists on a bit-field) adds one line naming
#   the program's line, the probe and the fix.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-real.sh"
toolkit_build
probe=$BPFBUILD_TOP/engine/bpfbuild-probe
cc=$BPFBUILD_TOP/engine/bpfbuild-cc
src=$T/src
real_copy "$src"
cp "$(dirname "$0")/progs/cpu-slice.bpf.c" "$src/"
case ${BPF_CC:-} in *clang*) skip "BPF_CC is clang: this test is about gcc-bpf" ;; esac
command -v bpf-gcc >/dev/null || command -v bpf-unknown-none-gcc >/dev/null || skip "no gcc-bpf"

# probe NAME ARGS...: the probe's answer for gcc, in $T/NAME.probe
probe() {
	local name=$1 out; shift
	out=$(BPF_CFLAGS= "$probe" --compiler gcc "$@") || fail "probe failed: $out"
	printf '%s\n' "$out" >"$T/$name.probe"
}
said() { sed -n "s/^$2=//p" "$T/$1.probe" | tail -n 1; }
# build PROBE PROG [FLAG-FILTER]: PROG built as the module builds it, with
# the decided flags (those matching FLAG-FILTER left out); stderr in
# $T/PROG.err.
build() {
	local p=$1 prog=$2 drop=${3:-^$}
	mapfile -t cmd < <(sed -n 's/^cc_cmd=//p' "$T/$p.probe")
	mapfile -t flags < <(sed -n 's/^flag=//p' "$T/$p.probe" | grep -vE -- "$drop")
	"$cc" --srcroot "$src" --bpftool "$(said "$p" bpftool)" --link "$(said "$p" link)" \
		-o "$T/$prog.bpf.o" --skeleton "$T/$prog.skel.h" \
		-- "${cmd[@]}" "${flags[@]}" -w -- "$src/$prog.bpf.c" -- "-I$src/x86" 2>"$T/$prog.err"
}
verdict() {  # OBJ: rejected if any of its programs is, else the first one's verdict
	"$BPF_VALIDATE" --json "$1" >"$1.json" 2>/dev/null
	grep -o '"verdict": *"[a-z-]*"' "$1.json" | sed 's/.*"\([a-z-]*\)"$/\1/' | sort -u |
		awk '$0 == "rejected" { r = 1 } NR == 1 { v = $0 } END { print r ? "rejected" : v }'
}

# adapters_min_kernel: Meson's bpf-min-kernel and configure's
# --with-bpf-min-kernel reach the probe: 6.6 keeps the default v4.
adapters_min_kernel() {
	note "the adapters: -Dbpfbuild:bpf-min-kernel=6.6, --with-bpf-min-kernel=6.6"
	meson setup "$T/m" "$src" -Dbpfbuild:bpf-compiler=gcc -Dbpfbuild:vmlinux-h-path=x86/vmlinux.h \
		>"$T/m.log" 2>&1 || { tail -n 30 "$T/m.log"; fail "meson setup failed"; }
	assert_grep '^ +-mcpu=v3 +: mcpu_default_portable \(.*bpf-min-kernel=6\.6 keeps v4' "$T/m.log" "Meson's BPF flags"
	meson setup "$T/m66" "$src" -Dbpfbuild:bpf-compiler=gcc -Dbpfbuild:vmlinux-h-path=x86/vmlinux.h \
		-Dbpfbuild:bpf-min-kernel=6.6 >"$T/m66.log" 2>&1 || { tail -n 30 "$T/m66.log"; fail "meson setup failed"; }
	assert_no_grep '^ +-mcpu=' "$T/m66.log" "Meson's BPF flags with bpf-min-kernel=6.6"
	cp -r "$src" "$T/ac"
	rm -rf "$T/ac/subprojects"
	(cd "$T/ac" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize" && autoreconf -fi) >"$T/ac.log" 2>&1 ||
		{ tail -n 30 "$T/ac.log"; fail "bpfbuildize + autoreconf failed"; }
	mkdir "$T/ab"
	(cd "$T/ab" && "$T/ac/configure" --with-bpf-compiler=gcc --with-bpf-min-kernel=6.6 \
		--with-vmlinux-h="$src/x86/vmlinux.h") >"$T/ab.log" 2>&1 || { tail -n 30 "$T/ab.log"; fail "configure failed"; }
	assert_grep '^    -mco-re +: core \(' "$T/ab.log" "configure's BPF flags"
	assert_no_grep '^    -mcpu=' "$T/ab.log" "configure's BPF flags with --with-bpf-min-kernel=6.6"
}

probe default
note "compiler: gcc $(said default cc_version); flags: $(sed -n "s/^flag=//p" "$T/default.probe" | tr "\n" " ")"

helpers_gap='a helper call this compiler turns into an indirect call \(probe helpers; gcc-bpf 12\): declare that need'
# gap PROG REGEX: PROG fails to build with one line of bpfbuild-cc's.
gap() {
	! build default "$1" || fail "$1 built despite the gap"
	assert_eq "$1: bpfbuild-cc's lines" 1 "$(grep -c '^bpfbuild-cc: ' "$T/$1.err")"
	assert_grep "^bpfbuild-cc: $2" "$T/$1.err" "$1's failed build"
	sed -n 's/^bpfbuild-cc: /    /p' "$T/$1.err"
}
if [ "$(said default cap_core)" = yes ] && [ "$(said default cap_core_field_exists_bitfield)" != yes ]; then
	note "core_field_exists_bitfield=no: sock-kern fails at its line"
	gap sock-kern 'sock-kern\.bpf\.c:[0-9]+: bpf_core_field_exists on a bit-field, which this compiler cannot compile \(probe core_field_exists_bitfield\): declare that need .*or use clang'
fi
progs="deny-proto fs-hist"
if [ "$(said default cap_helpers)" != yes ]; then
	# gcc-bpf 12 compiles helper calls into indirect calls, but not all.
	note "helpers=no ($(said default why_helpers)): deny-proto fails at its line"
	gap deny-proto "deny-proto\\.bpf\\.c:[0-9]+: $helpers_gap"
	progs=fs-hist
fi
note "the NULL test and the clamped histogram, with the decided flags, on the host"
for p in $progs; do
	build default "$p" || { cat "$T/$p.err"; fail "$p does not build"; }
	assert_eq "$p on the host" pass "$(verdict "$T/$p.bpf.o")"
done
if grep -qx -- flag=-fno-thread-jumps "$T/default.probe"; then
	note "without -fno-thread-jumps (bounded_index: $(said default why_bounded_index_default))"
	build default fs-hist '^-fno-thread-jumps$' || { cat "$T/fs-hist.err"; fail "fs-hist does not build"; }
	v=$(verdict "$T/fs-hist.bpf.o")
	# gcc-bpf 14 and 16 thread fs-hist's clamp away; 12 only the probe's.
	if [ "$(said default cap_core)" = yes ]; then
		assert_eq "fs-hist with -fno-ssa-phiopt alone" rejected "$v"
	else
		note "fs-hist with -fno-ssa-phiopt alone: $v"
	fi
fi

if [ "$(said default cap_core)" = yes ]; then
	# Built regardless of its needs: the probe's answer must be what libbpf does.
	note "a CO-RE read through a const task (core_const: $(said default why_core_const))"
	build default exec-parent || { cat "$T/exec-parent.err"; fail "exec-parent does not build"; }
	v=$(verdict "$T/exec-parent.bpf.o")
	if [ "$(said default cap_core_const)" = yes ]; then
		assert_eq "exec-parent on the host" pass "$v"
	else
		assert_grep 'target candidate search failed for \[[0-9]+\] const' "$T/exec-parent.bpf.o.json" "the validator's report"
	fi
fi

note "a signed division: one line with its source line and the remedy"
rm -f "$T/cpu-slice.bpf.o"
if [ "$(said default cap_helpers)" != yes ]; then
	# gcc-bpf 12: several helper calls in one function do not compile.
	note "helpers=no ($(said default why_helpers)): cpu-slice fails at its line first"
	gap cpu-slice "cpu-slice\\.bpf\\.c:[0-9]+: $helpers_gap"
elif build default cpu-slice; then
	# The compiler's default ISA has signed division (no -mcpu=v3 decided).
	grep -qx -- flag=-mcpu=v3 "$T/default.probe" && fail "cpu-slice built at -mcpu=v3"
	note "built: the default ISA ($(said default why_mcpu)) divides signed values"
else
	n=$(grep -c '^bpfbuild-cc: ' "$T/cpu-slice.err")
	assert_eq "bpfbuild-cc's lines" 1 "$n"
	assert_grep '^bpfbuild-cc: cpu-slice\.bpf\.c:33: "delta /= 1000;" is a signed 64-bit division, which the compiler turned into a call to __divdi3 that BPF cannot make; divide unsigned values \(a cast to __u64\)' \
		"$T/cpu-slice.err" "the failed build"
	[ ! -e "$T/cpu-slice.bpf.o" ] && [ ! -e "$T/cpu-slice.skel.h" ] || fail "a failed build left its outputs"
	ls -A "$T" | grep -q '^\.bpfbuild-cc' && fail "a failed build left its scratch directory"
	sed -n 's/^bpfbuild-cc: /    /p' "$T/cpu-slice.err"
	if [ "$(said default cap_mcpu_v4)" = yes ]; then
		assert_grep 'bpf-min-kernel=6\.6' "$T/cpu-slice.err" "the remedy"
		note "with bpf-min-kernel=6.6: the compiler's v4, signed division"
		probe v4 --min-kernel 6.6
		grep -q -- '^flag=-mcpu' "$T/v4.probe" && fail "a -mcpu flag with bpf-min-kernel=6.6: $(grep '^flag=-mcpu' "$T/v4.probe")"
		build v4 cpu-slice || { cat "$T/cpu-slice.err"; fail "cpu-slice does not build with bpf-min-kernel=6.6"; }
		assert_eq "cpu-slice at v4 on the host" pass "$(verdict "$T/cpu-slice.bpf.o")"
		adapters_min_kernel
	else
		assert_grep 'this compiler has no v4 ISA' "$T/cpu-slice.err" "the remedy"
	fi
fi
echo "ok"
