#!/bin/bash
# One place per verdict (issue 31): the adapters (the Meson module, the
# autoconf macros and bpfbuild.am) pass the engine's answers on.  None
# carries the words or the test of a verdict the engine owns: whether the
# PCH is used (bpfbuild-pch-use), which vmlinux.h (bpfbuild-vmlinux-choose)
# and its checks (bpfbuild-vmlinux-check), the bpftool search (bpfbuild-bpftool),
# "unusable or error" (bpfbuild-probe's unusable), whether bpfbuild-cc maps
# the build paths (bpfbuild-decide's wrapper_arg), the summary's rows
# (bpfbuild-summary).  Comments may name them.  Then the engine's answers
# themselves, on real files and a real bpftool.
. "$(dirname "$0")/../lib.sh"

# WORDS|OWNER: an adapter line matching the extended regex WORDS decides
# what OWNER decides.
checks=(
	"pch.*[!=]=? *'?clang|why_pch|no vmlinux\.h\)|bpfbuild-pch-use's|engine/bpfbuild-pch-use"
	"__VMLINUX_H__|od -An|9f ?eb|not BTF|engine/bpfbuild-vmlinux-check"
	"linux/bpf/vmlinux\.h|engine/bpfbuild-vmlinux-choose"
	"gen help|[*]\"gen (object|skeleton)\"|local/sbin|_AS_PATH_WALK.*sbin|engine/bpfbuild-bpftool"
	"bpf-framework=enabled, but|engine/bpfbuild-probe (unusable)"
	"prefix_map_flag|engine/bpfbuild-decide (wrapper_arg)"
	"objects go out unlinked|the project's \(|follows the build host|provided, sha256|not guaranteed|section : 'BPF( probes| flags| compiler choice)?'|echo \"  BPF (probes|flags|compiler choice)\"|engine/bpfbuild-summary"
)
for c in "${checks[@]}"; do
	words=${c%|*} owner=${c##*|}
	hits=$(cd "$BPFBUILD_TOP" && grep -rnIE "$words" meson-modules autoconf-macros |
		grep -vE '^[^:]+:[0-9]+:[[:space:]]*(#|dnl|##)') || :
	[ -z "$hits" ] || { echo "$hits"; fail "an adapter decides what $owner decides (above): pass its answer on"; }
done
# The one rule of "unusable or error" that stays in autoconf: where there
# is no engine to ask (no bpfbuild directory found).
n=$(grep -c 'test "$ax_bpf_required" = yes' "$BPFBUILD_TOP/autoconf-macros/ax_prog_bpf_cc.m4")
assert_eq "autoconf's own unusable-or-error rules (no engine to ask)" 1 "$n"

e=$BPFBUILD_TOP/engine
note "bpfbuild-pch-use: one verdict, one row"
ok=(status=ok pch=clang "why_pch=byte-identical" vmlinux=generated)
assert_eq "used" "use_pch=yes pch_row=yes (byte-identical)" "$("$e/bpfbuild-pch-use" "${ok[@]}" | tr '\n' ' ' | sed 's/ $//')"
assert_eq "turned off" "pch_row=no (bpf-pch=false)" "$("$e/bpfbuild-pch-use" "${ok[@]}" pch_off=bpf-pch=false | sed -n 2p)"
assert_eq "no vmlinux.h" "pch_row=no (no vmlinux.h)" "$("$e/bpfbuild-pch-use" "${ok[@]}" vmlinux=none | sed -n 2p)"
assert_eq "the probe said no" "use_pch=no" "$("$e/bpfbuild-pch-use" "${ok[@]}" pch= why_pch=differs | sed -n 1p)"

note "bpfbuild-vmlinux-check: BTF magic, the header's guard"
printf '\237\353\001\000' >"$T/le.btf"
printf '\353\237\001\000' >"$T/be.btf"
printf 'not BTF\n' >"$T/garbage.btf"
"$e/bpfbuild-vmlinux-check" btf "$T/le.btf" -Dx= || fail "little-endian BTF refused"
"$e/bpfbuild-vmlinux-check" btf "$T/be.btf" -Dx= || fail "big-endian BTF refused"
out=$("$e/bpfbuild-vmlinux-check" btf "$T/garbage.btf" --with-vmlinux-h=) && fail "garbage taken for BTF"
assert_eq "garbage BTF" "error=$T/garbage.btf is unreadable or not BTF, so no vmlinux.h can be generated from it; pass --with-vmlinux-h=/path/to/vmlinux.h" "$out"
"$e/bpfbuild-vmlinux-check" btf "$T/missing" -Dx= >/dev/null && fail "a missing BTF taken"
printf '#ifndef __VMLINUX_H__\n#define __VMLINUX_H__\n#endif\n' >"$T/vmlinux.h"
"$e/bpfbuild-vmlinux-check" header "$T/vmlinux.h" "VMLINUX_H=x" || fail "a vmlinux.h refused"
out=$("$e/bpfbuild-vmlinux-check" header "$T/garbage.btf" "vmlinux-h-path='g'") && fail "garbage taken for vmlinux.h"
assert_eq "garbage vmlinux.h" "error=vmlinux-h-path='g' does not look like a vmlinux.h (no __VMLINUX_H__ guard, which bpftool writes); make one with: bpftool btf dump file /sys/kernel/btf/vmlinux format c" "$out"
cp "$T/vmlinux.h" "$T/kernel-6.1.h"
out=$("$e/bpfbuild-vmlinux-check" header "$T/kernel-6.1.h" "VMLINUX_H=k") && fail "a vmlinux.h of another name taken"
assert_eq "a vmlinux.h of another name" "error=VMLINUX_H=k is not named vmlinux.h, the name BPF programs include; pass a file or a symbolic link named vmlinux.h" "$out"

note "bpfbuild-probe --unusable: BPF off with the reason, or an error where it was asked for"
assert_eq "auto" "status=unusable why=no libbpf" "$("$e/bpfbuild-probe" --unusable "no libbpf" | tr '\n' ' ' | sed 's/ $//')"
for asked in --required "--compiler gcc" BPF_CC=clang; do
	set -f
	# shellcheck disable=SC2086 # the words of one way of asking
	case $asked in BPF_CC=*) out=$(env $asked "$e/bpfbuild-probe" --unusable "no libbpf") ;;
	*) out=$("$e/bpfbuild-probe" $asked --unusable "no libbpf") ;; esac && fail "$asked: not an error"
	set +f
	assert_eq "$asked" "error=no libbpf" "$out"
done

note "bpfbuild-bpftool: the search, and what it refuses"
real=$(command -v bpftool || echo /usr/sbin/bpftool)
[ -x "$real" ] || skip "no bpftool"
out=$(BPFTOOL=$real "$e/bpfbuild-bpftool") || fail "the real bpftool refused: $out"
assert_eq "BPFTOOL=$real" "bpftool=$real" "$(echo "$out" | sed -n 1p)"
out=$(BPFTOOL=$T "$e/bpfbuild-bpftool") && fail "a directory taken for bpftool"
assert_eq "BPFTOOL=DIRECTORY" "error=BPFTOOL=$T is a directory, not a program; unset it or point it at bpftool" "$out"
mkdir "$T/bin"
printf '#!/bin/sh\ncase $1 in gen) echo "Error: no gen" >&2; exit 255 ;; esac\nexec %s "$@"\n' "$real" >"$T/bin/bpftool"
chmod +x "$T/bin/bpftool"
out=$(PATH=$T/bin:$PATH BPFTOOL='' "$e/bpfbuild-bpftool") || fail "a found bpftool without gen is an error: $out"
assert_grep "^why=$T/bin/bpftool: 'bpftool gen help' lists no" <(echo "$out") "a found bpftool without gen"
out=$(BPFTOOL=$T/bin/bpftool "$e/bpfbuild-bpftool") && fail "BPFTOOL without gen taken"
assert_grep "^error=BPFTOOL=$T/bin/bpftool: 'bpftool gen help' lists no" <(echo "$out") "BPFTOOL without gen"
echo ok
