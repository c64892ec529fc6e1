# docs/verifier-matrix.md is generated (tests/verifier-matrix): here, the
# rows of this environment's compilers must be what the compilers, the host
# kernel's verifier and the VM kernels' (one boot per kernel) produce now.
# A compiler, toolchain or kernel matrix that moved fails with the line to
# run; a host kernel of another build than the section's only makes its
# host column and counts information (tests/verifier-matrix-check; 91-*.t
# shows it).  The newest clang's section is checked by --update only.
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
awk -v env="$env" '$0 == "<!-- begin " env " -->" { p = 1 } p { print } $0 == "<!-- end " env " -->" { p = 0 }' \
	"$doc" >"$T/committed.md"
# On another host kernel build than the section's, only what does not
# depend on it is compared (tests/verifier-matrix-check says what).
"$BPFBUILD_TOP/tests/verifier-matrix-check" "$T/now.md" "$T/committed.md" || exit 1
