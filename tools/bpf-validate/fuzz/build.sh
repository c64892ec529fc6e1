#!/bin/sh
# Build a libFuzzer target: build.sh OUTPUT [CLANG] [static|json|info|annot|btf-sort|btf-canon]
# static (the default): the static checks; json: --merge's JSON reader;
# info: --info's reader and printers; annot: the selftests' annotations
# read from BTF, their messages compiled and matched (fuzz_annot.c);
# btf-sort, btf-canon: the engine's bpfbuild-btf-sort without and with
# --canonical (fuzz_btf_sort.c).
# Compiles the sources directly with clang, as the Meson build needs no
# option for it; libbpf and libelf come from pkg-config.
set -eu
out=$1
cc=${2:-clang}
target=${3:-static}
src=$(cd "$(dirname "$0")/.." && pwd)
engine=$(cd "$src/../../engine" && pwd)
common="$engine/bpfbuild-btf-read.c $src/annot.c $src/annot_msgs.c $src/btfcheck.c $src/btfext.c $src/elf.c $src/externs.c $src/lbpf.c $src/object.c $src/static.c $src/util.c"
case $target in
static) files="$src/fuzz/fuzz_static.c" ;;
json) files="$src/fuzz/fuzz_json.c $src/json.c $src/json_tree.c" ;;
info) files="$src/fuzz/fuzz_info.c $src/report.c $src/annot_out.c $src/json_write.c" ;;
annot) files="$src/fuzz/fuzz_annot.c" ;;
btf-sort | btf-canon)
	# The tool alone (no libbpf), its sources included by the target.
	canonical=0
	[ "$target" = btf-sort ] || canonical=1
	exec "$cc" -g -O1 -std=gnu11 -D_GNU_SOURCE -DFUZZ_CANONICAL=$canonical \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-I"$engine" "$src/fuzz/fuzz_btf_sort.c" -o "$out" ;;
*) echo "build.sh: no fuzz target '$target' (static, json, info, annot, btf-sort or btf-canon)" >&2; exit 2 ;;
esac
# shellcheck disable=SC2046,SC2086
exec "$cc" -g -O1 -std=gnu11 -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$src" -I"$engine" $(pkg-config --cflags libbpf libelf) \
	$files $common \
	$(pkg-config --libs libbpf libelf) -o "$out"
