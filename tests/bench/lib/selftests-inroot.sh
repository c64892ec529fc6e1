#!/bin/bash
# Runs inside a Debian root (tests/distro/run-in SUITE --exec): builds the
# kernel selftests' progs/*.c named in LIST through a bpfbuild Meson
# consumer with each compiler, then verifies every object built in the
# kernel's VM, one boot per compiler.  Writes into OUT, per compiler C:
#   C.compile.log   meson compile's output
#   C.built         the objects built (one path a line); C.failed: NAME<TAB>why
#   C.vm.json       bpf-vm-verify --json over the built objects
#   C.seconds       compile and VM seconds
#
# Usage: selftests-inroot.sh SELFTESTS INC KERNEL OUT LIST COMPILER...
#   SELFTESTS  tools/testing/selftests/bpf of the matching linux-source
#   INC        the include dir of libbpf's bpf/*.h
#   KERNEL     a bpf-vm-kernels cache dir
#   COMPILER   clang, gcc or clang-N (the newest)
set -eu -o pipefail
st=$1 inc=$2 kernel=$3 out=$4 list=$5; shift 5
top=$(cd "$(dirname "$0")/../../.." && pwd)
work=${TMPDIR:-/tmp}/selftests-conf.$$
mkdir -p "$work" "$out"
trap 'rm -rf "$work"' EXIT
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

for cc in "$@"; do
	case $cc in
	gcc) bin=bpf-gcc; opts=(-Dbpfbuild:bpf-compiler=gcc)
		flags=("${common[@]}" -DBPF_NO_PRESERVE_ACCESS_INDEX -Wno-attributes)
		mapfile -t sys < <(sys_includes gcc) ;;
	clang*) bin=$cc; opts=(-Dbpfbuild:bpf-compiler=clang -Dbpfbuild:bpf-cpu=v3)
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
		echo "progs = ["
		while IFS= read -r f; do printf "  '%s',\n" "$f"; done <"$list"
		echo "]"
		cat <<EOF
foreach f : progs
  name = f.split('.c')[0]
  t = custom_target(name, input : '$st/progs/' + f, output : [name + '.bpf.o', name + '.skel.h'],
    kwargs : bpf['target'] + {'command' : bpf['target']['command'] + flags})
endforeach
EOF
	} >"$src/meson.build"
	t0=$(date +%s)
	say "$cc ($("$bin" --version | head -n 1)): configuring and compiling $(wc -l <"$list") files"
	CC=gcc meson setup "$work/b-$cc" "$src" "${opts[@]}" -Dbpfbuild:vmlinux-h=provided \
		-Dbpfbuild:vmlinux-h-path="$work/vmlinux/vmlinux.h" -Dbpfbuild:bpf-validate="$validator" \
		>"$out/$cc.setup.log" 2>&1 || { tail -n 20 "$out/$cc.setup.log" >&2; say "meson setup failed ($cc)"; exit 1; }
	rc=0
	meson compile -C "$work/b-$cc" >"$out/$cc.compile.log" 2>&1 || rc=$?
	[ $rc = 0 ] || say "meson compile ($cc) exit $rc: see $out/$cc.compile.log"
	t1=$(date +%s)
	: >"$out/$cc.built"
	: >"$out/$cc.failed"
	while IFS= read -r f; do
		o=$work/b-$cc/${f%.c}.bpf.o
		if [ ! -e "$o" ]; then
			printf '%s\t%s\n' "${f%.c}" "no object (meson compile stopped)" >>"$out/$cc.failed"
		elif head -c 64 "$o" | grep -aq '^bpfbuild: optional program not built: '; then
			printf '%s\t%s\n' "${f%.c}" "$(sed 's/^bpfbuild: optional program not built: //' "$o")" >>"$out/$cc.failed"
		else
			mkdir -p "$out/obj-$cc"
			cp "$o" "$out/obj-$cc/"
			echo "$out/obj-$cc/${f%.c}.bpf.o" >>"$out/$cc.built"
		fi
	done <"$list"
	say "$cc: $(wc -l <"$out/$cc.built") built, $(wc -l <"$out/$cc.failed") not, in $((t1 - t0))s"
	echo "$((t1 - t0))" >"$out/$cc.compile-seconds"
done

# Then one boot per compiler for all its objects: the limit scales with
# their number, and the boots share what is left before OUT/deadline
# (seconds since the epoch) where one is given.
left=$#
for cc in "$@"; do
	t1=$(date +%s)
	n=$(wc -l <"$out/$cc.built")
	limit=$((120 + n * 6))
	dl=$(cat "$out/deadline" 2>/dev/null || true)
	if [ -n "$dl" ] && [ $(((dl - t1) / left)) -lt $limit ]; then
		limit=$(((dl - t1) / left))
		[ $limit -gt 30 ] || limit=30
	fi
	left=$((left - 1))
	say "$cc: verifying $n objects in $(basename "$kernel") (at most ${limit}s)"
	rc=0
	[ "$n" -gt 0 ] && xargs -a "$out/$cc.built" -d '\n' "$top/tools/bpf-vm/bpf-vm-verify" --json --validator "$validator" \
		--kernel "$kernel" --timeout "$limit" >"$out/$cc.vm.json" 2>"$out/$cc.vm.log" || rc=$?
	t2=$(date +%s)
	say "$cc: VM exit $rc in $((t2 - t1))s"
	echo "compile $(cat "$out/$cc.compile-seconds") vm $((t2 - t1))" >"$out/$cc.seconds"
done
