# docs/verifier-matrix.md is generated (tests/verifier-matrix): here, the
# rows of this environment's compilers must be what the compilers, the host
# kernel's verifier and the VM kernels' (one boot per kernel) produce now.
# A compiler, host kernel, toolchain or kernel matrix that moved fails with
# the line to run; the newest clang's section is checked by --update only.
. "$(dirname "$0")/../lib.sh"
[ "$(id -u)" = 0 ] || skip "not root: the kernel verifier cannot run here"
toolkit_build
vm_kernels
# BPF_CC (the distro matrix's newest clang) would name another section.
unset BPF_CC
kargs=()
for k in $KERNELS; do kargs+=(--kernel "$k"); done
"$BPFBUILD_TOP/tests/verifier-matrix" "${kargs[@]}" >"$T/now.md" || fail "tests/verifier-matrix failed (above)"
env=$(sed -n 's/^<!-- begin \(.*\) -->$/\1/p' "$T/now.md")
note "environment $env"
doc=$BPFBUILD_TOP/docs/verifier-matrix.md
fix="run tests/verifier-matrix --update --all on the host (or --update here)"
awk -v env="$env" '$0 == "<!-- begin " env " -->" { p = 1 } p { print } $0 == "<!-- end " env " -->" { p = 0 }' \
	"$doc" >"$T/committed.md"
[ -s "$T/committed.md" ] || fail "docs/verifier-matrix.md has no '$env' section; $fix"

# setting FILE: the "Host kernel R; toolchain." line.
setting() { sed -n 's/^Host kernel //p' "$1"; }
now=$(setting "$T/now.md") was=$(setting "$T/committed.md")
[ "${now%%;*}" = "${was%%;*}" ] ||
	fail "the host kernel is ${now%%;*}, the '$env' section was made on ${was%%;*}: its figures depend on it; $fix"
[ "$now" = "$was" ] || fail "the toolchain moved: '$now', the '$env' section has '$was'; $fix"
header() { grep -m1 '^| compiler |' "$1"; }
[ "$(header "$T/now.md")" = "$(header "$T/committed.md")" ] ||
	fail "the kernels are now '$(header "$T/now.md")', the '$env' section has '$(header "$T/committed.md")'; $fix"

# compilers FILE: the compilers of the rows ("clang 19.1.7").
compilers() { awk -F' [|] ' '/^[|] / && $1 != "| compiler" && $1 !~ /^[|]-/ { sub(/^[|] /, "", $1); print $1 }' "$1" | sort -u; }
compilers "$T/now.md" >"$T/cc.now"
compilers "$T/committed.md" >"$T/cc.was"
while read -r cc; do
	grep -qxF "$cc" "$T/cc.was" ||
		fail "this environment's $cc is not in the '$env' section (it has: $(paste -sd, "$T/cc.was" | sed "s/,/, /g")); $fix"
done <"$T/cc.now"
while read -r cc; do
	grep -qxF "$cc" "$T/cc.now" || note "not checked here: the rows of $cc (not installed)"
done <"$T/cc.was"

# The rows and the reasons of these compilers, as committed and as now.
rows() {
	local cc
	while read -r cc; do
		awk -v r="| $cc | " -v n="- $cc, " 'index($0, r) == 1 || index($0, n) == 1' "$1"
	done <"$T/cc.now"
}
rows "$T/now.md" >"$T/rows.now"
rows "$T/committed.md" >"$T/rows.was"
[ -s "$T/rows.now" ] || fail "tests/verifier-matrix printed no row"
diff -u "$T/rows.was" "$T/rows.now" || fail "docs/verifier-matrix.md is stale for '$env' (the diff above); $fix"
note "$(wc -l <"$T/rows.now") rows and reasons of $(paste -sd, "$T/cc.now" | sed "s/,/, /g") match"
