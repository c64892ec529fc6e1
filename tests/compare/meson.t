# -Dbpfbuild:bpf-compare-compilers=true in a consumer with the examples'
# program loop (consumer.meson): "ninja bpf-compare" builds socket_bind and
# write_counter with both compilers, verifies both and prints one row per
# program.  A program that one compiler cannot build (write_counter with
# gcc-bpf 12, as the probes say) is flagged first with the reason; the
# --json numbers are the kernel's own for each object loaded apart.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-compare.sh"

toolkit_build
mkdir -p "$T/p/subprojects"
ln -s "$BPFBUILD_TOP" "$T/p/subprojects/bpfbuild"
cmp_sources "$T/p"
cp "$BPFBUILD_TOP/tests/compare/consumer.meson" "$T/p/meson.build"
meson setup "$T/b" "$T/p" -Dbpfbuild:bpf-compare-compilers=true \
	-Dbpfbuild:bpf-validate="$BPF_VALIDATE" >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "configure failed"; }
left=$(sed -n 's/^ *compiler *: .* (\(gcc\|clang\) .*/\1/p' "$T/setup.log")
[ -n "$left" ] || { cat "$T/setup.log"; fail "no compiler in the summary"; }
assert_no_grep 'bpf-compare-compilers: no usable second compiler' "$T/setup.log" "configure"
right=$([ "$left" = clang ] && echo gcc || echo clang)
cmp_expect "$left" >/dev/null
[ -z "$CMP_WC_WHY" ] || fail "the chosen compiler ($left) cannot build write_counter: $CMP_WC_WHY"
cmp_expect "$right"

ninja -C "$T/b" bpf-compare >"$T/table" 2>&1 || { cat "$T/table"; fail "ninja bpf-compare failed"; }
cat "$T/table"
assert_grep "^ +OBJECT +PROGRAM +INSNS +PEAK STATES +STACK +JITED +OBJECT SIZE +$left +$right\$" "$T/table" "table header"
assert_grep '^ +socket_bind +socket_bind4 +[1-9][0-9]*/[1-9][0-9]* \([0-9.]+\) .* pass +pass$' "$T/table" "table"
first=$(grep -A1 '^ *OBJECT ' "$T/table" | tail -n 1)
if [ -n "$CMP_WC_WHY" ]; then
	# Flagged, first, with the probes' reason.
	case $first in
	"!!  write_counter  count_write "*" pass   not built ($CMP_WC_WHY)") ;;
	*) fail "write_counter is not flagged first with the reason: $first" ;;
	esac
	[ ! -e "$T/b/write_counter.$right.bpf.o" ] || fail "write_counter.$right.bpf.o was built"
else
	assert_no_grep '^!!' "$T/table" "table"
	assert_grep '^ +write_counter +count_write +[1-9][0-9]*/[1-9][0-9]* .* pass +pass$' "$T/table" "table"
fi
assert_grep '^3 programs: ' "$T/table" "summary line"

BPF_COMPARE_ARGS=--json ninja -C "$T/b" bpf-compare >"$T/json" 2>&1 || { cat "$T/json"; fail "bpf-compare --json failed"; }
(cd "$T/b" && cmp_check_json "$T/json" "$left" "$right")
