# gcc-bpf objects.  CO-RE offsets in .rel.BTF.ext relocations (gcc-bpf 12)
# are an error; a missing line_info is a warning; a uapi-only object without
# BTF (how bpfbuild builds for gcc-bpf 12) is a warning and still loads.
# What the compiler emitted is read from the ELF here, so that the test holds
# for any GCC; with gcc-bpf 12 the flagged path must be the one exercised.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/common.sh"

read -r foreign line_bytes < <(elf_facts "$OBJ/gcc_core.o")
gcc_major=$(bpf-gcc -dumpversion | cut -d. -f1)
note "bpf-gcc $gcc_major: $foreign foreign .rel.BTF.ext relocations, $line_bytes bytes of line_info"
if [ "$gcc_major" = 12 ] && [ "$foreign" = 0 ]; then
	fail "gcc-bpf 12 no longer emits .rel.BTF.ext relocations for CO-RE: revisit this test"
fi

run_bv "$T/core.json" "$T/err" --json --static-only "$OBJ/gcc_core.o"
json_assert "$T/core.json" 'o["gcc_core.o"]["static"]["core_relocs"] >= 1' "CO-RE relocation counted"
flagged='any(".rel.BTF.ext holds" in e and "gcc-bpf 12" in e for e in o["gcc_core.o"]["static"]["errors"])'
if [ "$foreign" != 0 ]; then
	assert_eq "exit for CO-RE through .rel.BTF.ext" 1 "$rc"
	json_assert "$T/core.json" "$flagged" ".rel.BTF.ext flagged"
else
	json_assert "$T/core.json" "not ($flagged)" ".rel.BTF.ext not flagged without such relocations"
fi
nolines='any("no line_info" in w and "GCC before 15" in w for w in o["gcc_core.o"]["static"]["warnings"])'
if [ "$line_bytes" = 0 ]; then
	json_assert "$T/core.json" "$nolines and not o['gcc_core.o']['static']['line_info']" "missing line_info is a warning"
else
	json_assert "$T/core.json" "not ($nolines) and o['gcc_core.o']['static']['line_info']" "line_info found"
fi

run_bv "$T/bind.json" "$T/err" --json "$OBJ/gcc_bind4.o"
assert_eq "gcc uapi-only object without BTF (stderr: $(cat "$T/err"))" 0 "$rc"
json_assert "$T/bind.json" 'not o["gcc_bind4.o"]["static"]["btf"] and not o["gcc_bind4.o"]["static"]["errors"]
	and any(w.startswith("no .BTF") and "gcc-bpf 12" in w for w in o["gcc_bind4.o"]["static"]["warnings"])' "no .BTF is a warning naming gcc-bpf 12"
json_assert "$T/bind.json" 'p["deny_telnet"]["verdict"] == "pass" and p["allow_connect"]["verdict"] == "pass"' "the kernel verifies it"
