# Unusable input gives exactly one line on stderr, "bpf-validate: FILE: CAUSE",
# and exit 1: never a crash, never libbpf's own chatter.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

good=$OBJ/xdp_pass.o
size=$(stat -c %s "$good")
: >"$T/empty.o"
head -c 4096 /dev/urandom >"$T/garbage.o"
printf '\177ELF' >"$T/magic-only.o"
head -c 300 "$good" >"$T/truncated-head.o"
head -c $((size - 100)) "$good" >"$T/truncated-tail.o"
mkdir "$T/dir.o"
python3 - "$good" "$T" <<'PY'
import struct, sys
src, t = sys.argv[1], sys.argv[2]
d = bytes(open(src, "rb").read())
shoff = struct.unpack_from("<Q", d, 0x28)[0]

# The header claims 65535 sections in a file that holds a few.
b = bytearray(d); struct.pack_into("<H", b, 0x3c, 0xffff)
open(t + "/many-claimed.o", "wb").write(b)
# Extended numbering (e_shnum = 0): section 0 claims 2^40 sections.
b = bytearray(d); struct.pack_into("<H", b, 0x3c, 0); struct.pack_into("<Q", b, shoff + 32, 1 << 40)
open(t + "/many-extended.o", "wb").write(b)

# A well-formed BPF ELF that really has 70000 (empty) sections.
n = 70000
ehdr = bytearray(d[:64])
struct.pack_into("<QIHHHHHH", ehdr, 0x28, 64, 0, 64, 0, 0, 64, 0, 0xffff)  # e_shoff .. e_shstrndx
shdrs = bytearray(64 * n)
struct.pack_into("<IIQQQQIIQQ", shdrs, 0, 0, 0, 0, 0, 0, n, 1, 0, 0, 0)  # sh_size = count, sh_link = shstrndx
names = b"\0.shstrtab\0"
struct.pack_into("<IIQQQQIIQQ", shdrs, 64, 1, 3, 0, 0, 64 + 64 * n, len(names), 0, 0, 1, 0)
open(t + "/many-real.o", "wb").write(ehdr + shdrs + names)

# A section name at the very end of the name table (past its last string),
# and the table's final NUL removed: both outside any string.
shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
names_off, names_size = struct.unpack_from("<QQ", d, shoff + 64 * shstrndx + 24)
b = bytearray(d); struct.pack_into("<I", b, shoff + 64 + 0, names_size)
open(t + "/name-at-end.o", "wb").write(b)
b = bytearray(d); b[names_off + names_size - 1] = ord("x")
open(t + "/names-unterminated.o", "wb").write(b)

# Corrupt BTF: the first pointer type points at a type that does not exist.
secs = []
shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
for i in range(shnum):
    secs.append(struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i))
stroff = secs[shstrndx][4]
def name(s): return d[stroff + s[0]:d.index(b"\0", stroff + s[0])].decode()
btf = [s for s in secs if name(s) == ".BTF"][0]
base = btf[4]
hdr_len, type_off, type_len = struct.unpack_from("<III", d, base + 4)
pos, end = base + hdr_len + type_off, base + hdr_len + type_off + type_len
extra = {1: 4, 3: 12, 14: 4, 17: 4}
per = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}
b = bytearray(d)
while pos < end:
    info = struct.unpack_from("<I", d, pos + 4)[0]
    kind, vlen = (info >> 24) & 0x1f, info & 0xffff
    if kind == 2:
        struct.pack_into("<I", b, pos + 8, 0x7ffffff0)
        break
    pos += 12 + extra.get(kind, 0) + per.get(kind, 0) * vlen
else:
    sys.exit("no pointer type in " + src)
open(t + "/btf-dangling.o", "wb").write(b)
PY

check() {	# check FILE CAUSE-REGEX
	local f=$1 cause=$2
	rc=0; "$BPF_VALIDATE" "$f" >"$T/out" 2>"$T/err" || rc=$?
	assert_eq "$f: exit status" 1 "$rc"
	assert_eq "$f: stderr lines ($(cat "$T/err"))" 1 "$(wc -l <"$T/err")"
	grep -qE "^bpf-validate: $f: $cause\$" "$T/err" || fail "$f: stderr is '$(cat "$T/err")', wanted /$cause/"
}
check "$T/missing.o" 'No such file or directory'
check "$T/empty.o" 'empty file.*'
check "$T/garbage.o" 'not an ELF file'
check "$T/magic-only.o" 'truncated ELF header'
check "$T/truncated-head.o" 'section header table lies outside the file \(truncated\?\)'
check "$T/truncated-tail.o" 'ELF header claims [0-9]+ sections, the file holds at most [0-9]+ \(truncated or corrupt\)'
check /bin/true 'not a BPF object: ELF machine 62 \(x86-64\), expected 247 \(BPF\)'
check "$T/many-claimed.o" 'ELF header claims 65535 sections.*'
check "$T/many-extended.o" 'ELF header claims 1099511627776 sections.*'
check "$T/many-real.o" '70000 sections, more than the 65535 a BPF object may have'
# libbpf >= 1.2 finds it in btf__new(); for 1.1, bpf-validate checks itself.
check "$T/btf-dangling.o" 'corrupt \.BTF: (BTF type [0-9]+ refers to missing type|btf: type \[[0-9]+\]: invalid referenced type ID) [0-9]+'
check "$T/dir.o" 'is a directory'
check "$T/name-at-end.o" 'section 1 has a name outside the name table'
check "$T/names-unterminated.o" 'the section name table is not NUL-terminated'
# A FIFO: open() must not wait for a writer (timeout turns a hang into 124).
mkfifo "$T/fifo.o"
rc=0; timeout 20 "$BPF_VALIDATE" "$T/fifo.o" >"$T/out" 2>"$T/err" || rc=$?
assert_eq "FIFO: exit status (124 is a hang)" 1 "$rc"
assert_eq "FIFO: stderr ($(cat "$T/err"))" "bpf-validate: $T/fifo.o: not a regular file" "$(cat "$T/err")"
# Section indexes outside the section table (here: every PROGBITS sh_link),
# which libbpf 1.1 follows past its buffer: refused before libbpf sees them.
check "$BPFBUILD_TOP/tests/validate/fuzz-regress/sh-link-out-of-range.o" \
	'section [0-9]+ links to section [0-9]+, outside the section table of [0-9]+'
# A BTF variable whose size wraps libbpf's int (a kcfg extern's, here):
# libbpf 1.1 and 1.7 return the "error" as an object pointer and crash
# (found by fuzzing).
check "$BPFBUILD_TOP/tests/validate/fuzz-regress/kcfg-size-wraps.o" \
	'corrupt \.BTF: BTF variable [0-9]+ \(LINUX_HAS_SYSCALL_WRAPPER\) is [0-9]+ bytes, more than libbpf can hold'
# A line_info record that points past its section's instructions.
python3 - "$OBJ/core_tp.o" "$T/line-past-end.o" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
shoff = struct.unpack_from("<Q", d, 0x28)[0]
shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i) for i in range(shnum)]
def name(s): o = secs[shstrndx][4] + s[0]; return d[o:d.index(0, o)].decode()
ext = [s for s in secs if name(s) == ".BTF.ext"][0][4]
hdr_len = struct.unpack_from("<I", d, ext + 4)[0]
line_off = struct.unpack_from("<I", d, ext + 16)[0]
first = ext + hdr_len + line_off + 4 + 8     # record size, then the first section's name and count
struct.pack_into("<I", d, first + 16, 0x100000)   # its second record's instruction offset
open(sys.argv[2], "wb").write(d)
PY
check "$T/line-past-end.o" 'corrupt \.BTF\.ext: line_info record 1 of section tracepoint/sched/sched_process_exec points past its end \(offset 1048576, size [0-9]+\)'
# An object without any program is an error with its cause, not a pass.
rc=0; "$BPF_VALIDATE" --json "$OBJ/maps_only.o" >"$T/out.json" 2>"$T/err" || rc=$?
assert_eq "no programs: exit status" 1 "$rc"
json_assert "$T/out.json" 'o["maps_only.o"]["programs"] == [] and o["maps_only.o"]["exit"] == 1
	and any("no BPF program" in e and "SEC(" in e for e in o["maps_only.o"]["static"]["errors"])' "no programs is an error"

# With --json too, and next to a good object, which is still checked.
rc=0; "$BPF_VALIDATE" --json "$T/garbage.o" "$good" >"$T/out.json" 2>"$T/err" || rc=$?
assert_eq "bad + good exit" 1 "$rc"
assert_eq "bad + good stderr lines" 1 "$(wc -l <"$T/err")"
json_assert "$T/out.json" 'o["garbage.o"]["error"] == "not an ELF file" and o["garbage.o"]["exit"] == 1
	and p["xdp_count"]["verdict"] == "pass" and d["exit"] == 1' "JSON keeps both objects"
