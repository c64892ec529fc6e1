# docs/verifier-matrix.md on a host whose kernel is another build than the
# one its sections were made on (another machine of the same kind, a newer
# kernel): tests/verifier-matrix-check, which 90-verifier-matrix.t runs,
# takes the host column and the counts as information there and still
# compares the VM kernels' verdicts; on the section's own build it compares
# everything.  Each committed section is checked against a "now" made from
# it as such a host would print it, with the release a fake uname -r gives.
. "$(dirname "$0")/../lib.sh"
check=$BPFBUILD_TOP/tests/verifier-matrix-check
doc=$BPFBUILD_TOP/docs/verifier-matrix.md
mkdir "$T/bin"
printf '#!/bin/sh\necho 6.18.99-another-build\n' >"$T/bin/uname"
chmod +x "$T/bin/uname"
other=$(PATH=$T/bin:$PATH uname -r)

# another_host SECTION: SECTION as a host running $other prints it: its
# kernel line, every host cell and count moved, the host's reasons gone.
another_host() {
	sed "s/^Host kernel [^;]*/Host kernel $other/" "$1" | awk -F' [|] ' -v OFS=' | ' '
		/^- [^,]*, [^,]*, host: / { next }
		/^[|] / && $1 != "| compiler" && $1 !~ /^[|]-/ && $4 != "-" {
			$4 = ($4 == "refused" ? "pass 7" : $4 " 1")
			for (i = 5; i <= NF; i++) sub(/ [0-9]+/, " 9", $i)
		}
		{ print }'
}
# expect_fail WHAT NOW SECTION PATTERN: the check fails, saying PATTERN.
expect_fail() {
	local rc=0
	"$check" "$2" "$3" >"$T/out" 2>&1 || rc=$?
	assert_eq "$1: exit" 1 "$rc"
	assert_grep "$4" "$T/out" "$1"
}

envs=$(sed -n 's/^<!-- begin \(.*\) -->$/\1/p' "$doc")
[ "$(echo "$envs" | wc -l)" -ge 4 ] || fail "docs/verifier-matrix.md has too few sections: $envs"
for env in $envs; do
	note "section $env"
	s=$T/$env.md
	awk -v env="$env" '$0 == "<!-- begin " env " -->" { p = 1 } p { print } $0 == "<!-- end " env " -->" { p = 0 }' "$doc" >"$s"
	"$check" "$s" "$s" >"$T/out" 2>&1 || { cat "$T/out"; fail "$env: the section does not match itself"; }
	assert_grep 'rows and reasons of .* match' "$T/out" "$env, same section"

	another_host "$s" >"$T/$env.other.md"
	! cmp -s "$s" "$T/$env.other.md" || fail "$env: the other host's section is the same (the test proves nothing)"
	"$check" "$T/$env.other.md" "$s" >"$T/out" 2>&1 || { cat "$T/out"; fail "$env: another host kernel build fails the check"; }
	assert_grep "the host kernel is $other, .* information here" "$T/out" "$env, another host"

	# A VM kernel's verdict is compared on every host.
	awk -F' [|] ' -v OFS=' | ' '!done && /^[|] / && $5 ~ /^pass/ { $5 = "rejected 3"; done = 1 } { print }' \
		"$T/$env.other.md" >"$T/$env.vm.md"
	! cmp -s "$T/$env.vm.md" "$T/$env.other.md" || fail "$env: no VM cell passes (the test proves nothing)"
	expect_fail "$env, a VM verdict changed on another host" "$T/$env.vm.md" "$s" "is stale for '$env'"

	# On the section's own kernel build, a count is compared too.
	awk -F' [|] ' -v OFS=' | ' '!done && /^[|] / && $4 ~ /^pass [0-9]+$/ { $4 = $4 "0"; done = 1 } { print }' \
		"$s" >"$T/$env.count.md"
	expect_fail "$env, a host count changed on the same build" "$T/$env.count.md" "$s" "is stale for '$env'"

	sed 's/^\(Host kernel [^;]*\); bpftool /\1; bpftool 0.0.1-/' "$T/$env.other.md" >"$T/$env.tool.md"
	expect_fail "$env, the toolchain moved" "$T/$env.tool.md" "$s" "the toolchain moved"
done
echo ok
