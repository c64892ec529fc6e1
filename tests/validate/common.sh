# Shared by tests/validate/*.t (sourced after ../lib.sh): builds the toolkit,
# compiles the test programs in progs/ once per run, and checks JSON with
# python3 (no jq needed).
PROGS=$BPFBUILD_TOP/tests/validate/progs
BPFTOOL=${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}
MULTIARCH=$(gcc -print-multiarch)
# GCC 16 defaults to C23, which the kernel headers' bool typedefs break.
BPF_GCC_FLAGS=(-std=gnu17 -O2 -I/usr/include -idirafter "/usr/include/$MULTIARCH")

toolkit_build

# Objects shared by the tests, in $OBJ.  clang objects go through
# `bpftool gen object`, as bpfbuild builds them.
OBJ=$BPFBUILD_TEST_RUN/validate-objs
_compile_all() {
	set -e
	mkdir -p "$OBJ"
	"$BPFTOOL" btf dump file /sys/kernel/btf/vmlinux format c >"$OBJ/vmlinux.h"
	for src in "$PROGS"/*.bpf.c; do
		n=$(basename "$src" .bpf.c)
		case $n in gcc_*) continue ;; esac
		clang_bpf_object "$src" "$OBJ/$n.o" -I"$OBJ"
	done
	# gcc-bpf 12 needs -I for <bpf/...> and -idirafter for the multiarch
	# dir (DESIGN.md).  Its -gbtf objects do not link with gen object.
	bpf-gcc "${BPF_GCC_FLAGS[@]}" -gbtf -mco-re \
		-c "$PROGS/gcc_core.bpf.c" -o "$OBJ/gcc_core.o"
	# uapi-only, no BTF: how bpfbuild builds for gcc-bpf 12.
	bpf-gcc "${BPF_GCC_FLAGS[@]}" -c "$PROGS/cgroup_bind4.bpf.c" -o "$OBJ/gcc_bind4.o"
}
_once validate-objs _compile_all || fail "the test BPF programs do not compile"

# kernel_btf_lacks PRESENT-REGEX ABSENT-REGEX: a test's premise, checked
# without bpf-validate: the host kernel's BTF (as bpftool prints it) has
# PRESENT and lacks ABSENT.
kernel_btf_lacks() {
	"$BPFTOOL" btf dump file /sys/kernel/btf/vmlinux >"$T/kernel-btf.txt"
	assert_grep "$1" "$T/kernel-btf.txt" "kernel BTF"
	assert_no_grep "$2" "$T/kernel-btf.txt" "kernel BTF"
}

# json_assert FILE PYTHON-EXPR WHAT: EXPR sees the document as `d` and the
# objects by base name in `o`, programs by name in `p`.
json_assert() {
	python3 - "$1" "$2" "$3" <<'PY' || { head -c 4000 "$1" | sed 's/^/    /'; echo; fail "JSON: $3"; }
import json, os, sys
d = json.load(open(sys.argv[1]))
o = {os.path.basename(x["path"]): x for x in d["objects"]}
p = {q["name"]: q for x in d["objects"] for q in x["programs"]}
sys.exit(0 if eval("(" + sys.argv[2] + ")") else 1)
PY
}

# run_bv OUT ERR ARGS...: runs bpf-validate; sets $rc, never fails itself.
# shellcheck disable=SC2034  # rc is for the caller
run_bv() {
	local out=$1 err=$2; shift 2
	rc=0
	"$BPF_VALIDATE" "$@" >"$out" 2>"$err" || rc=$?
}

# elf_facts OBJ: prints "REL_FOREIGN LINE_INFO_BYTES" read straight from the
# ELF, independently of bpf-validate: relocations in .rel.BTF.ext of another
# type than clang's R_BPF_64_NODYLD32 (4) or GCC 13+'s R_BPF_64_ABS32 (3),
# and the size of .BTF.ext line_info.
elf_facts() {
	python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
shoff = struct.unpack_from("<Q", d, 0x28)[0]
shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
secs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + 64 * i) for i in range(shnum)]
names = secs[shstrndx][4]
name = lambda s: d[names + s[0]:d.index(b"\0", names + s[0])].decode()
foreign = line = 0
for s in secs:
    if name(s) == ".rel.BTF.ext":
        for off in range(s[4], s[4] + s[5], 16):
            foreign += (struct.unpack_from("<Q", d, off + 8)[0] & 0xffffffff) not in (3, 4)
    if name(s) == ".BTF.ext":
        line = struct.unpack_from("<I", d, s[4] + 20)[0]
print(foreign, line)
PY
}

# fuzz_run WHAT FUZZER CORPUS ARTIFACTS LOG RUNS: RUNS mutations of CORPUS
# from seed 1 (libFuzzer, LSan on): no crash, leak, timeout or sanitizer
# report, nothing in ARTIFACTS; WHAT names the fuzzer in the failure.
fuzz_run() {
	local what=$1 fuzzer=$2 corpus=$3 art=$4 log=$5 runs=$6 rc=0
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=1 "$fuzzer" -seed=1 -runs="$runs" -detect_leaks=1 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$art/" -print_final_stats=1 "$corpus" >"$log" 2>&1 || rc=$?
	if [ $rc -ne 0 ] || [ -n "$(ls -A "$art")" ]; then
		grep -E -A30 'ERROR|Sanitizer|runtime error|deadly signal|timeout' "$log" | head -60
		ls -l "$art"
		fail "the $what found a problem (exit $rc)"
	fi
	assert_grep 'stat::number_of_executed_units: *[1-9]' "$log" "$what log"
}
