# Bad input to examples/run and bpf-vm-kernels: one line naming the cause
# and the fix, exit 1, nothing written or deleted.  Each case is a row of
# docs/bad-input.md (tests/bad-input-table).
# - examples/run never deletes a BPFBUILD_EXAMPLES_BUILD it did not make:
#   a directory of someone's files (or a file, or a dangling link) stays
#   as it was; it refuses before installing or building anything.
# - bpf-vm-kernels fetch: a suite ".." or a package holding "/" or a blank
#   is refused before the cache is even created.
# - --attach-target of bpfbuild-validate-test and bpf-vm-verify: one
#   PROGRAM=FUNCTION of plain names, or nothing runs (bpf-vm-verify writes
#   it into the guest's /init).
# - BPF_VM_TIMEOUT (bpf-vm-verify's limit): whole seconds.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-bad-input.sh"

# refused SYSTEM INPUT OUTFILE CMD...: CMD exits 1 with one line in OUTFILE.
refused() {
	local system=$1 input=$2 out=$3 rc=0; shift 3
	"$@" >"$out" 2>&1 </dev/null || rc=$?
	assert_eq "exit status of $system with $input" 1 "$rc"
	assert_eq "lines from $system with $input" 1 "$(wc -l <"$out")"
	bad_input "$system" "$input" "$rc" "$(cat "$out")"
}

note "examples/run and a directory of someone's files"
precious=$T/precious
mkdir -p "$precious/sub"
echo mine >"$precious/notes.txt"
echo mine >"$precious/sub/.hidden"
before=$(cd "$precious" && find . -exec stat -c '%n %s %Y' {} + | sort)
refused examples/run "BPFBUILD_EXAMPLES_BUILD=DIR of someone's files" "$T/run.out" \
	env BPFBUILD_EXAMPLES_BUILD="$precious" "$BPFBUILD_TOP/examples/run"
assert_grep "did not make it .*name a new directory in BPFBUILD_EXAMPLES_BUILD" "$T/run.out"
assert_eq "the precious directory" "$before" "$(cd "$precious" && find . -exec stat -c '%n %s %Y' {} + | sort)"
# Hidden files only are someone's files too.
mkdir "$T/hidden"; echo mine >"$T/hidden/.config"
refused examples/run "BPFBUILD_EXAMPLES_BUILD=DIR of hidden files" "$T/run2.out" \
	env BPFBUILD_EXAMPLES_BUILD="$T/hidden" "$BPFBUILD_TOP/examples/run"
assert_eq "the hidden file" mine "$(cat "$T/hidden/.config")"
echo mine >"$T/file"
refused examples/run "BPFBUILD_EXAMPLES_BUILD=FILE" "$T/run3.out" \
	env BPFBUILD_EXAMPLES_BUILD="$T/file" "$BPFBUILD_TOP/examples/run"
assert_eq "the file" mine "$(cat "$T/file")"

note "bpf-vm-kernels fetch with a bad suite or package name"
for spec in ../linux-image-cloud-amd64 sid/../linux-image-cloud-amd64 'sid/linux image'; do
	refused bpf-vm-kernels "fetch $spec" "$T/f.out" \
		env BPFBUILD_KERNEL_CACHE="$T/fresh" "$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-kernels" fetch "$spec"
	assert_grep "not a Debian (suite|package) name" "$T/f.out"
	[ ! -e "$T/fresh" ] || fail "fetch $spec wrote $(find "$T/fresh" | head -n 3)"
done

note "--attach-target PROGRAM=FUNCTION: anything else is refused while reading the options"
vt=$BPFBUILD_TOP/engine/bpfbuild-validate-test
refused bpfbuild-validate-test "--attach-target PROG (no =FUNCTION)" "$T/at1.out" \
	sh "$vt" --validator /nonexistent -- "$T/x.bpf.o" --attach-target file_read_fentry
assert_grep "takes PROGRAM=FUNCTION" "$T/at1.out"
refused bpfbuild-validate-test "--attach-target a=b=c" "$T/at2.out" \
	sh "$vt" --validator /nonexistent -- "$T/x.bpf.o" --attach-target a=b=c
refused bpf-vm-verify "--attach-target 'p=f;reboot'" "$T/at3.out" \
	"$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify" --attach-target 'p=f;reboot' --kernel none "$T/x.bpf.o"
assert_grep "letters, digits" "$T/at3.out"

note "BPF_VM_TIMEOUT: whole seconds, or nothing boots"
refused bpf-vm-verify "BPF_VM_TIMEOUT=soon" "$T/vt.out" \
	env BPF_VM_TIMEOUT=soon "$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify" --kernel none "$T/x.bpf.o"
assert_grep "BPF_VM_TIMEOUT take whole seconds, not 'soon'" "$T/vt.out"
