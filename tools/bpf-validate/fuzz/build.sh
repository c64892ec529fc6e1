#!/bin/sh
# Build the libFuzzer target: build.sh OUTPUT [CLANG]
# Compiles the static-check sources directly with clang, as the Meson build
# needs no option for it; libbpf and libelf come from pkg-config.
set -eu
out=$1
cc=${2:-clang}
src=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck disable=SC2046
exec "$cc" -g -O1 -std=gnu11 -D_GNU_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$src" $(pkg-config --cflags libbpf libelf) \
	"$src/fuzz/fuzz_static.c" "$src/btfcheck.c" "$src/btfext.c" "$src/elf.c" "$src/externs.c" "$src/lbpf.c" \
	"$src/static.c" "$src/util.c" \
	$(pkg-config --libs libbpf libelf) -o "$out"
