#!/bin/bash
# Runs inside a Debian root (tests/distro/run-in SUITE --exec): builds the
# kernel selftests' progs/*.c named in LIST through a bpfbuild Meson
# consumer with each compiler, then verifies every object built in the
# kernel's VM, one boot per compiler.  Writes into OUT, per compiler C:
#   C.compile.log   meson compile's output
#   units           the units built: "NAME FILE..." a line (a LINKED_SKELS
#                   group is one unit of several files)
#   C.built         the objects built (one path a line); C.failed: NAME<TAB>why
#   C.vm.json       bpf-vm-verify --json over the built objects
#   C.version       the compiler's --version line
#   C.seconds       compile and VM seconds
#
# Usage: selftests-inroot.sh SELFTESTS INC KERNEL OUT LIST COMPILER...
#   SELFTESTS  tools/testing/selftests/bpf of the matching linux-source
#   INC        the include dir of libbpf's bpf/*.h
#   KERNEL     a bpf-vm-kernels cache dir
#   COMPILER   clang, gcc, clang-N, or clang-newest: $BPF_CC, the newest
#              clang that run-in --newest-clang installed (named clang-N)
set -eu -o pipefail
st=$1 inc=$2 kernel=$3 out=$4 list=$5; shift 5
top=$(cd "$(dirname "$0")/../../.." && pwd)
work=${TMPDIR:-/tmp}/selftests-conf.$$
mkdir -p "$work" "$out"
# The boots (verify, below) end with the run: their children first.
boots=()
kill_tree() { local c; for c in $(pgrep -P "$1"); do kill_tree "$c"; done; kill "$1" 2>/dev/null || :; }
trap 'for b in "${boots[@]}"; do kill_tree "$b"; done; wait; rm -rf "$work"' EXIT
# run-in --newest-clang's compiler is one of several here: each compiler
# is named to the probe through BPF_CC below, for its own setup only.
newest=${BPF_CC:-}
unset BPF_CC
say() { echo "selftests: $*" >&2; }

# The toolkit's bpf-validate, built with this root's libbpf (the guest runs
# it): $BPF_VALIDATE's, else one built here.
validator=${BPF_VALIDATE:-$work/toolkit/tools/bpf-validate/bpf-validate}
if [ -z "${BPF_VALIDATE:-}" ]; then
	say "building the toolkit"
	meson setup "$work/toolkit" "$top" >"$work/toolkit.log" 2>&1 &&
		meson compile -C "$work/toolkit" tools/bpf-validate/bpf-validate >>"$work/toolkit.log" 2>&1 ||
		{ tail -n 20 "$work/toolkit.log" >&2; say "the toolkit does not build"; exit 1; }
fi

# vmlinux.h by this root's bpftool (each run its own): one new enough (7.4
# on) declares the kernel's kfuncs from their BTF decl tags, as the
# selftests' own build has them.
mkdir -p "$work/vmlinux"
bpftool btf dump file "$kernel/vmlinux.btf" format c >"$work/vmlinux/vmlinux.h"
grep -q 'bpf_dynptr_from_skb' "$work/vmlinux/vmlinux.h" ||
	say "note: vmlinux.h declares no kfuncs (bpftool $(bpftool version | head -n 1))"

# sys_includes CC: the compiler's own include dirs as -idirafter (the
# Makefile's get_sys_includes), for the glibc headers some programs take;
# one argument a line.
sys_includes() {
	"$1" -v -E - </dev/null 2>&1 |
		sed -n '/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter\n\1|p }'
}

# The selftests Makefile's BPF_CFLAGS, less what bpfbuild decides (-g,
# -O2, the target, -mcpu) and -Werror (a warning is no failure here).
common=(-Wall -D__TARGET_ARCH_x86 "-I$work/vmlinux" "-I$inc" "-I$st" "-I$st/../../../include/uapi"
	"-I$st/../../../include" "-I$st/libarena/include" -std=gnu11 -fno-strict-aliasing
	-fms-extensions -Wno-compare-distinct-pointer-types)

# The units: one per file of LIST, except the files the Makefile links
# into one object before its skeleton (LINKED_SKELS: NAME.skel.h-deps
# with two objects or more), which make one multi-source unit NAME when
# all of them are in LIST.  OUT/units: "NAME FILE..." a line.
units=$work/units
awk -v list="$list" '
	BEGIN { while ((getline f < list) > 0) want[f] = 1; close(list) }
	/^[A-Za-z0-9_]+\.skel\.h-deps := .*\.bpf\.o .*\.bpf\.o/ {
		name = $1; sub(/\.skel\.h-deps$/, "", name)
		line = name; ok = 1
		for (i = 3; i <= NF; i++) { f = $i; sub(/\.bpf\.o$/, ".c", f); ok = ok && (f in want); line = line " " f; member[f] = 1 }
		if (ok) groups[++n] = line
	}
	END {
		while ((getline f < list) > 0) if (!(f in member)) { g = f; sub(/\.c$/, "", g); print g, f }
		for (i = 1; i <= n; i++) print groups[i]
	}' "$st/Makefile" >"$units"
cp "$units" "$out/units"
# A consumer tests a kernel's own selftests on that kernel: its oldest
# kernel is the VM's (bpfbuild keeps gcc-bpf's default ISA, as the
# Makefile does, instead of lowering it for older kernels).
kver=$(basename "$kernel" | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p')

# verify CC: one boot for all of CC's objects, in the background from the
# end of its compile, so that it overlaps the next compiler's compile and
# the other boots (each guest is one TCG thread: one core).  The limit
# only guards against a hung guest: 15 s an object (measured: 6.12's boot
# of 788 gcc 14 objects took 3,816 s beside four others on two cores, one
# limit-bound program 1,301 s of it; at 6 s an object, clang 19's was
# killed), within OUT/deadline (seconds since the epoch) where one is given.
verify() {
	local cc=$1 n limit dl t1 t2 rc=0
	t1=$(date +%s)
	n=$(wc -l <"$out/$cc.built")
	limit=$((120 + n * 15))
	dl=$(cat "$out/deadline" 2>/dev/null || true)
	if [ -n "$dl" ] && [ $((dl - t1)) -lt $limit ]; then
		limit=$((dl - t1))
		[ $limit -gt 30 ] || limit=30
	fi
	say "$cc: verifying $n objects in $(basename "$kernel") (at most ${limit}s)"
	# The annotated programs loaded only as test_loader loads them: their
	# verdict is that load's, one load each where the usual run makes two
	# or three (a limit-bound one takes minutes per load in 6.12).
	[ "$n" -gt 0 ] && xargs -a "$out/$cc.built" -d '\n' "$top/tools/bpf-vm/bpf-vm-verify" --json --validator "$validator" \
		--annotated-load-only --kernel "$kernel" --timeout "$limit" >"$out/$cc.vm.json" 2>"$out/$cc.vm.log" || rc=$?
	t2=$(date +%s)
	say "$cc: VM exit $rc in $((t2 - t1))s"
	echo "compile $(cat "$out/$cc.compile-seconds") vm $((t2 - t1))" >"$out/$cc.seconds"
}

for cc in "$@"; do
	[ "$cc" != clang-newest ] || cc=${newest:?clang-newest needs tests/distro/run-in --newest-clang}
	case $cc in
	gcc) bin=bpf-gcc cc_env=(); opts=(-Dbpfbuild:bpf-compiler=gcc ${kver:+-Dbpfbuild:bpf-min-kernel=$kver})
		flags=("${common[@]}" -DBPF_NO_PRESERVE_ACCESS_INDEX -Wno-attributes)
		mapfile -t sys < <(sys_includes gcc) ;;
	clang*) bin=$cc cc_env=("BPF_CC=$cc"); opts=(-Dbpfbuild:bpf-compiler=clang -Dbpfbuild:bpf-cpu=v3)
		flags=("${common[@]}" -Wno-microsoft-anon-tag -Wno-initializer-overrides -DENABLE_ATOMICS_TESTS)
		mapfile -t sys < <(sys_includes "$cc") ;;
	*) say "unknown compiler $cc"; exit 2 ;;
	esac
	src=$work/$cc
	mkdir -p "$src/subprojects"
	ln -s "$top" "$src/subprojects/bpfbuild"
	# The consumer: README's loop, every program --optional.
	{
		echo "project('selftests-$cc', 'c', meson_version : '>= 1.0')"
		echo "bpf = subproject('bpfbuild').get_variable('bpf')"
		printf "flags = ['--optional'"
		for f in "${flags[@]}" "${sys[@]}"; do printf ", '%s'" "$f"; done
		echo "]"
		echo "progs = {"
		while read -r name srcs; do
			printf "  '%s' : [" "$name"
			for f in $srcs; do printf "'%s', " "$st/progs/$f"; done
			echo "],"
		done <"$units"
		echo "}"
		cat <<EOF
foreach name, sources : progs
  t = custom_target(name, input : sources, output : [name + '.bpf.o', name + '.skel.h'],
    kwargs : bpf['target'] + {'depfile' : name + '.bpf.o.d', 'command' : bpf['target']['command'] + flags})
endforeach
EOF
	} >"$src/meson.build"
	t0=$(date +%s)
	"$bin" --version | head -n 1 >"$out/$cc.version"
	say "$cc ($(cat "$out/$cc.version")): configuring and compiling $(wc -l <"$list") files as $(wc -l <"$units") units"
	env "${cc_env[@]}" CC=gcc meson setup "$work/b-$cc" "$src" "${opts[@]}" -Dbpfbuild:vmlinux-h=provided \
		-Dbpfbuild:vmlinux-h-path="$work/vmlinux/vmlinux.h" -Dbpfbuild:bpf-validate="$validator" \
		>"$out/$cc.setup.log" 2>&1 || { tail -n 20 "$out/$cc.setup.log" >&2; say "meson setup failed ($cc)"; exit 1; }
	rc=0
	meson compile -C "$work/b-$cc" >"$out/$cc.compile.log" 2>&1 || rc=$?
	[ $rc = 0 ] || say "meson compile ($cc) exit $rc: see $out/$cc.compile.log"
	t1=$(date +%s)
	: >"$out/$cc.built"
	: >"$out/$cc.failed"
	while read -r name _; do
		o=$work/b-$cc/$name.bpf.o
		if [ ! -e "$o" ]; then
			printf '%s\t%s\n' "$name" "no object (meson compile stopped)" >>"$out/$cc.failed"
		elif head -c 64 "$o" | grep -aq '^bpfbuild: optional program not built: '; then
			printf '%s\t%s\n' "$name" "$(sed 's/^bpfbuild: optional program not built: //' "$o")" >>"$out/$cc.failed"
		else
			mkdir -p "$out/obj-$cc"
			cp "$o" "$out/obj-$cc/"
			echo "$out/obj-$cc/$name.bpf.o" >>"$out/$cc.built"
		fi
	done <"$units"
	say "$cc: $(wc -l <"$out/$cc.built") built, $(wc -l <"$out/$cc.failed") not, in $((t1 - t0))s"
	echo "$((t1 - t0))" >"$out/$cc.compile-seconds"
	verify "$cc" &
	boots+=($!)
done
wait "${boots[@]}"
