# Every example object, from the auto-detected compiler and from gcc-bpf
# (12 on bookworm: the programs it can build; 16 in sid: all of them),
# verifies in every kernel of the matrix (bookworm's 6.1, 6.12, sid's
# newest), each booted under QEMU; the program x kernel table is printed.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"

nk=$(echo "$KERNELS" | wc -l)
for build in auto gcc; do
	if [ $build = gcc ]; then examples_build gcc -Dbpf-compiler=gcc; else examples_build auto; fi
	mapfile -t objs < <(find "$EX_BUILD" -maxdepth 1 -name '*.bpf.o' | sort)
	[ ${#objs[@]} -ge 2 ] || fail "$build: expected the example objects in $EX_BUILD, found ${#objs[@]}"
	note "$build: $(sed -n 's/^ *compiler *: //p' "$EX_BUILD.setup.log")"

	rc=0
	"$VM_TOOLS/bpf-vm-verify" "${KARGS[@]}" "${objs[@]}" >"$T/table" 2>"$T/err" || rc=$?
	cat "$T/table" "$T/err"
	assert_eq "$build: bpf-vm-verify exit" 0 "$rc"
	# One row per program, one column per kernel, "pass" in every cell.
	for k in $KERNELS; do
		assert_grep "^OBJECT +PROGRAM +SECTION .*$(basename "$k" | sed 's/[+.]/\\&/g')" "$T/table" "$build: table header"
	done
	rows=$(sed -n '2,/^$/p' "$T/table" | grep -c .)
	[ "$rows" -ge 2 ] || fail "$build: the table has $rows program rows"
	sed -n '2,/^$/p' "$T/table" | grep . | while read -r line; do
		n=$(echo "$line" | grep -o ' pass' | wc -l)
		[ "$n" -eq "$nk" ] || fail "$build: not pass on every kernel: $line"
	done
	assert_grep "^$nk kernels, $rows programs: $((nk * rows)) pass$" "$T/table" "$build: summary"
done
