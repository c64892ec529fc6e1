#!/bin/bash
# A map of maps whose slots the object fills (progs/class-stats: the inner
# maps declared first, the outer map's .values naming them).  libbpf creates
# the maps in the order of .maps and fills an outer map's slots as it
# creates it, so the inner maps must come first there, as clang keeps them;
# gcc emits them after.  The maps_order probe must say what libbpf then
# does, for each compiler: where it says no, two real loaders (bpf-validate,
# bpftool prog loadall) fail at the slot, and a program declares the need.
# No flag is decided: -fno-toplevel-reorder keeps the source's order but
# also every unused static of the headers (gcc-bpf 16: libbpf's helper
# pointers, a .rodata map in every object; libbpf 1.1's: indirect calls).
. "$(dirname "$0")/../lib.sh"
[ "$(id -u)" = 0 ] || skip "loading needs root"
toolkit_build
src=$T/src
mkdir -p "$src" && cp "$(dirname "$0")/progs/class-stats.bpf.c" "$src/"

said() { sed -n "s/^$2=//p" "$T/$1.probe" | tail -n 1; }
# build K: class-stats built as the module builds it, with K's decided flags
build() {
	local k=$1
	mapfile -t cmd < <(sed -n 's/^cc_cmd=//p' "$T/$k.probe")
	mapfile -t flags < <(sed -n 's/^flag=//p' "$T/$k.probe")
	"$BPFBUILD_TOP/engine/bpfbuild-cc" --srcroot "$src" --bpftool "$(said "$k" bpftool)" --link "$(said "$k" link)" \
		-o "$T/$k.bpf.o" --skeleton "$T/$k.skel.h" \
		-- "${cmd[@]}" "${flags[@]}" -- "$src/class-stats.bpf.c" -- 2>"$T/$k.err"
}
# offset OBJ SYMBOL: the symbol's offset in .maps
offset() { readelf -sW "$1" 2>/dev/null | awk -v n="$2" '$8 == n { print $2 }'; }
# loadall OBJ: bpftool loads it into a bpffs of its own (a private mount
# namespace: nothing is pinned outside it); libbpf's lines in OBJ.loadall
loadall() {
	mkdir -p "$T/fs"
	unshare --mount --propagation private sh -c \
		'mount -t bpf bpf "$1" && "$2" -d prog loadall "$3" "$1/p"' sh "$T/fs" "$(said "$k" bpftool)" "$1" \
		>"$1.loadall" 2>&1
}

checked=0
for k in gcc clang; do
	out=$(BPF_CC='' BPF_CFLAGS='' "$BPFBUILD_TOP/engine/bpfbuild-probe" --compiler $k 2>&1) || { note "$k: no compiler ($(printf '%s\n' "$out" | tail -n 1))"; continue; }
	printf '%s\n' "$out" >"$T/$k.probe"
	v=$(said $k cap_maps_order)
	note "$k $(said $k cc_version): maps_order=$v ($(said $k why_maps_order)); default: $(said $k why_maps_order_default)"
	case $v in yes|no) ;; *) fail "$k: the probe has no maps_order answer" ;; esac
	if grep -qx -- flag=-fno-toplevel-reorder "$T/$k.probe"; then
		[ "$(said $k cap_maps_order_default)" = no ] && [ "$v" = yes ] ||
			fail "$k: -fno-toplevel-reorder decided, but maps_order_default=$(said $k cap_maps_order_default), maps_order=$v"
	fi
	if ! build $k; then
		# gcc-bpf 12 turns the two lookups into indirect calls first.
		[ "$(said $k cap_helpers)" = no ] || { cat "$T/$k.err"; fail "$k: class-stats does not build"; }
		assert_grep '^bpfbuild-cc: class-stats\.bpf\.c:[0-9]+: a helper call this compiler turns into an indirect call \(probe helpers' "$T/$k.err" "$k's failed build"
		note "$k: class-stats needs helpers too, which $k lacks"
		continue
	fi
	inner=$(offset "$T/$k.bpf.o" bulk_packets) outer=$(offset "$T/$k.bpf.o" class_packets)
	[ -n "$inner" ] && [ -n "$outer" ] || fail "$k: no map symbols in the object"
	note "$k: .maps offsets: bulk_packets 0x$inner, class_packets 0x$outer"
	"$BPF_VALIDATE" --json "$T/$k.bpf.o" >"$T/$k.json" 2>&1 || :
	if [ "$v" = yes ]; then
		[ $((0x$inner)) -lt $((0x$outer)) ] || fail "$k: maps_order=yes, but the outer map comes first"
		assert_grep '"verdict": *"pass"' "$T/$k.json" "$k: bpf-validate's report"
		loadall "$T/$k.bpf.o" || { cat "$T/$k.bpf.o.loadall"; fail "$k: bpftool prog loadall fails"; }
	else
		[ $((0x$inner)) -gt $((0x$outer)) ] || fail "$k: maps_order=no, but the inner map comes first"
		assert_grep "failed to initialize slot \[0\] to map 'bulk_packets'" "$T/$k.json" "$k: bpf-validate's report"
		! loadall "$T/$k.bpf.o" || fail "$k: bpftool prog loadall loads what the probe says libbpf cannot"
		assert_grep "failed to initialize slot \[0\] to map 'bulk_packets'" "$T/$k.bpf.o.loadall" "$k: bpftool's lines"
	fi
	checked=$((checked + 1))
done
[ $checked -gt 0 ] || skip "no compiler built class-stats (gcc-bpf 12 lacks helpers; no clang)"
echo "ok"
