#!/bin/sh
# Build a libFuzzer target: build.sh OUTPUT [CLANG] [static|json]
# static (the default): the static checks; json: --merge's JSON reader.
# Compiles the sources directly with clang, as the Meson build needs no
# option for it; libbpf and libelf come from pkg-config.
set -eu
out=$1
cc=${2:-clang}
target=${3:-static}
src=$(cd "$(dirname "$0")/.." && pwd)
if [ "$target" = json ]; then
	# shellcheck disable=SC2046
	exec "$cc" -g -O1 -std=gnu11 -D_GNU_SOURCE \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-I"$src" $(pkg-config --cflags libbpf libelf) \
		"$src/fuzz/fuzz_json.c" "$src/json.c" "$src/btfcheck.c" "$src/btfext.c" "$src/elf.c" \
		"$src/externs.c" "$src/lbpf.c" "$src/static.c" "$src/util.c" \
		$(pkg-config --libs libbpf libelf) -o "$out"
fi
[ "$target" = static ] || { echo "build.sh: no fuzz target '$target' (static or json)" >&2; exit 2; }
# shellcheck disable=SC2046
exec "$cc" -g -O1 -std=gnu11 -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$src" $(pkg-config --cflags libbpf libelf) \
	"$src/fuzz/fuzz_static.c" "$src/btfcheck.c" "$src/btfext.c" "$src/elf.c" "$src/externs.c" "$src/lbpf.c" \
	"$src/static.c" "$src/util.c" \
	$(pkg-config --libs libbpf libelf) -o "$out"
