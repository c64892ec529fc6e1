# Issue 31, item 7: no product C file (engine/, tools/) over 400 lines, no
# function over 100 (a usage text aside: bv_usage, the --help text).  A
# function is counted from its signature's first line to its closing brace;
# the project writes them as the kernel does, the braces of a body alone at
# the start of their lines.  First the check is shown a file of each fault.
. "$(dirname "$0")/../lib.sh"

# limits FILE...: one line per fault on stdout; exit 1 if any.
limits() {
	local f n line start infn name bad=0 prev sig
	for f in "$@"; do
		n=$(wc -l <"$f")
		[ "$n" -le 400 ] || { echo "$f: $n lines (at most 400: split it by job)"; bad=1; }
		n=0 start=0 infn=0 prev='' sig=1
		while IFS= read -r line; do
			n=$((n + 1))
			# The signature: from the line after the last blank, comment
			# end, preprocessor line or closing brace before the body.
			case $line in
			'}')
				if [ "$infn" -eq 1 ] && [ $((n - start + 1)) -gt 100 ] && [ "$name" != bv_usage ]; then
					echo "$f:$start: $name() is $((n - start + 1)) lines (at most 100: split it)"
					bad=1
				fi
				infn=0 sig=$((n + 1))
				;;
			'' | '}'* | '#'* | *'*/' | ' *'*) sig=$((n + 1)) ;;
			'{')
				start=$sig infn=1
				name=${prev%%(*}
				name=${name##*[ *]}
				;;
			esac
			[[ $line == *'('* ]] && [ "$infn" -eq 0 ] && prev=$line
		done <"$f"
	done
	return $bad
}

note "the check refuses a long file and a long function"
{
	printf 'static int f(int a,\n\t     int b)\n{\n'
	for i in $(seq 100); do printf '\ta += %d;\n' "$i"; done
	printf '\treturn a + b;\n}\n'
	seq 300 | sed 's|.*|/* & */|'
} >"$T/long.c"
rc=0
limits "$T/long.c" >"$T/long.out" || rc=$?
cat "$T/long.out"
assert_eq "the check's exit on a long file" 1 "$rc"
assert_grep "^$T/long\.c: 405 lines \(at most 400" "$T/long.out"
assert_grep "^$T/long\.c:1: f\(\) is 105 lines \(at most 100" "$T/long.out"

note "engine/ and tools/"
cd "$BPFBUILD_TOP" || fail "no $BPFBUILD_TOP"
mapfile -t files < <(git ls-files 'engine/*.[ch]' 'tools/*.[ch]' 2>/dev/null ||
	find engine tools -name '*.[ch]')
[ "${#files[@]}" -gt 40 ] || fail "only ${#files[@]} C files found in engine/ and tools/"
rc=0
limits "${files[@]}" >"$T/out" || rc=$?
cat "$T/out"
[ "$rc" -eq 0 ] || fail "C files or functions over the limits (above)"
echo "${#files[@]} files"
echo ok
