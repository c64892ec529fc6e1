# docs/capabilities.md is generated: its section for this environment must
# match what the probes measure now, for the compilers on this machine.
# And the probes tell gcc-bpf 12 apart from newer compilers by what they do.
. "$(dirname "$0")/../lib.sh"

"$BPFBUILD_TOP/tests/capabilities-table" >"$T/now.md"
env=$(sed -n 's/^<!-- begin \(.*\) -->$/\1/p' "$T/now.md")
doc=$BPFBUILD_TOP/docs/capabilities.md
awk -v env="$env" '$0 == "<!-- begin " env " -->" { p = 1 } p { print } $0 == "<!-- end " env " -->" { p = 0 }' \
	"$doc" >"$T/committed.md"
[ -s "$T/committed.md" ] || fail "docs/capabilities.md has no '$env' section; run tests/capabilities-table --update"
diff -u "$T/committed.md" "$T/now.md" || fail "docs/capabilities.md is stale for '$env'; run tests/capabilities-table --update"

probe=$BPFBUILD_TOP/engine/bpfbuild-probe
for gcc in bpf-gcc bpf-none-gcc bpf-unknown-none-gcc; do
	command -v "$gcc" >/dev/null || continue
	out=$(BPF_CC=$gcc "$probe")
	major=$(sed -n 's/^cc_version=\([0-9]*\).*/\1/p' <<<"$out")
	echo "$gcc: gcc $major"
	for cap in btf_tags line_info mcpu_v4; do
		got=$(sed -n "s/^cap_$cap=//p" <<<"$out")
		why=$(sed -n "s/^why_$cap=//p" <<<"$out")
		[ -n "$why" ] || fail "$gcc: no reason for $cap"
		if [ "$major" -le 12 ]; then want=no; elif [ "$major" -ge 16 ]; then want=yes; else continue; fi
		assert_eq "$gcc $major $cap ($why)" "$want" "$got"
	done
done
