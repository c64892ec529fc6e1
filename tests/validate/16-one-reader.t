#!/bin/bash
# Issue 31, item 1: bpf-validate reads ELF sections and symbols, the .BTF
# header and the .BTF.ext subsections through the engine's one object
# reader (engine/bpfbuild-btf-read.c), the one bpfbuild-objinfo and
# bpfbuild-btf-sort read through: an object whose .BTF or .BTF.ext header
# is broken gets the same cause from each, one line (it had its own
# parser, with its own words for the same fault).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"
E=$BPFBUILD_TOP/engine
cc -o "$T/objinfo" "$E/bpfbuild-objinfo.c" "$E/bpfbuild-btf-read.c" "$E/bpfbuild-btf-tool.c" ||
	fail "bpfbuild-objinfo does not build"

# break NAME WHAT: $OBJ/core_tp.o (little-endian, with CO-RE records) with
# one header field of .BTF or .BTF.ext changed, as $T/NAME.o.
break_obj() {
	python3 - "$OBJ/core_tp.o" "$T/$1.o" "$2" <<'PY' || fail "cannot write $1.o"
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", d, 0x28)
n, ni = struct.unpack_from("<HH", d, 0x3c)
hdr = lambda i: struct.unpack_from("<IIQQQQ", d, shoff + i * 64)
names = hdr(ni)[4]
sec = {}
for i in range(n):
    h = hdr(i)
    sec[bytes(d[names + h[0]:d.index(0, names + h[0])]).decode()] = (h[4], h[5])
btf, ext = sec[".BTF"], sec[".BTF.ext"]
what = sys.argv[3]
if what == "ext-part":	# func_info's offset past the section's end
    struct.pack_into("<I", d, ext[0] + 8, ext[1])
elif what == "ext-hdr":	# a header length under 24
    struct.pack_into("<I", d, ext[0] + 4, 8)
elif what == "btf-strs":	# the strings run past .BTF
    struct.pack_into("<I", d, btf[0] + 20, btf[1])
open(sys.argv[2], "wb").write(d)
PY
}

# same NAME CAUSE: bpfbuild-objinfo and bpf-validate --info say CAUSE of
# $T/NAME.o, one line each; the static check too, for .BTF.ext (libbpf
# parses .BTF first there, and says its own words).
same() {
	local o=$T/$1.o
	rc=0
	"$T/objinfo" "$o" >/dev/null 2>"$T/err" || rc=$?
	assert_eq "$1: bpfbuild-objinfo" "1 bpfbuild-objinfo: $o: $2" "$rc $(cat "$T/err")"
	run_bv "$T/out" "$T/err" --info "$o"
	assert_eq "$1: bpf-validate --info" "1 bpf-validate: $o: $2" "$rc $(cat "$T/err")"
	case $1 in ext-*)
		run_bv "$T/out" "$T/err" --static-only "$o"
		assert_eq "$1: bpf-validate exit" 1 "$rc"
		assert_eq "$1: bpf-validate's lines ($(cat "$T/err"))" 1 "$(wc -l <"$T/err")"
		assert_grep "corrupt \\.BTF\\.ext: $2\$" "$T/err" "$1: bpf-validate"
	esac
}

break_obj ext-part ext-part
same ext-part "a .BTF.ext subsection lies outside its section"
break_obj ext-hdr ext-hdr
same ext-hdr "the .BTF.ext header is not 24 bytes or more within its section"
break_obj btf-strs btf-strs
same btf-strs "the .BTF header points past its section, or its strings do not end in a NUL"

# The records too: each file that takes a .BTF.ext subsection from the
# reader walks its blocks with the reader's walk (obj_ext_next), which
# checks them against the subsection; none counts its own way through.
for f in "$E"/*.c "$BPFBUILD_TOP"/tools/bpf-validate/*.c; do
	case ${f##*/} in bpfbuild-btf-read.c | bpfbuild-btf-tool.c) continue ;; esac
	grep -q 'ext_part(' "$f" || continue
	grep -q 'ext_next(' "$f" || fail "${f#"$BPFBUILD_TOP"/} walks .BTF.ext records itself, not with obj_ext_next"
done
echo ok
