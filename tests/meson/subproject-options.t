# bpfbuild's options given as every subproject's are (-Dbpfbuild:NAME) take
# effect, and in a consumer that declares the same options itself (its own
# top-level -DNAME, which bpfbuild yields to) they take effect or configure
# stops with the spelling to use: never the build host's vmlinux.h after a
# path was given, never the other compiler (issue 19).  Every hint names
# the options as the user must type them (issue 34).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"
. "$(dirname "$0")/lib-consumer.sh"
missing=$T/nonexistent/vmlinux.h

linked_consumer "$T/plain"
linked_consumer "$T/copy" copy

# Without a declaration of its own: the qualified spelling is the one.
line=$(setup_fails "$T/1.log" "$T/b1" "$T/plain" -Dbpfbuild:vmlinux-h=provided -Dbpfbuild:vmlinux-h-path="$missing")
echo "$line" | grep -q "vmlinux-h-path='$missing' is not a file" || fail "plain, qualified path: $line"
# Its hint names the options as this consumer must type them (issue 34).
echo "$line" | grep -qF "is not a file; pass -Dbpfbuild:vmlinux-h-path=/path/to/vmlinux.h (relative: from the project's source root) or use -Dbpfbuild:vmlinux-h=generated" ||
	fail "plain: the hint does not name -Dbpfbuild:...: $line"
meson setup "$T/b2" "$T/plain" -Dbpfbuild:bpf-compiler=clang -Dbpfbuild:vmlinux-h=disabled >"$T/2.log" 2>&1 ||
	{ tail -n 20 "$T/2.log"; fail "plain: -Dbpfbuild:bpf-compiler=clang does not configure"; }
assert_grep 'compiler *: .*\(clang ' "$T/2.log"
assert_grep 'vmlinux.h *: none' "$T/2.log"

# With one: the top-level spelling takes effect.
line=$(setup_fails "$T/3.log" "$T/b3" "$T/copy" -Dvmlinux-h=provided -Dvmlinux-h-path="$missing")
echo "$line" | grep -q "vmlinux-h-path='$missing' is not a file" || fail "copy, top-level path: $line"
echo "$line" | grep -qF "pass -Dvmlinux-h-path=/path/to/vmlinux.h (relative: from the project's source root) or use -Dvmlinux-h=generated" ||
	fail "copy: the hint does not name the top-level -DNAME: $line"

# The qualified spelling either takes effect (Meson 1.8 and later let it
# win over the consumer's value) or stops configure, naming -DNAME.
line=$(setup_fails "$T/4.log" "$T/b4" "$T/copy" -Dbpfbuild:vmlinux-h=provided -Dbpfbuild:vmlinux-h-path="$missing")
echo "$line" | grep -qE "vmlinux-h-path='$missing' is not a file|-Dbpfbuild:vmlinux-h(-path)?=[^ ]* does not take effect: .*pass -Dvmlinux-h(-path)?=" ||
	fail "copy, qualified path: $line"
assert_no_grep 'generated from /sys/kernel/btf/vmlinux' "$T/4.log"

if meson setup "$T/b5" "$T/copy" -Dbpfbuild:bpf-compiler=clang -Dbpf-compiler=auto >"$T/5.log" 2>&1; then
	assert_grep 'compiler *: .*\(clang ' "$T/5.log"
else
	n=$(grep -c 'ERROR:' "$T/5.log" || true)
	[ "$n" = 1 ] || { cat "$T/5.log"; fail "copy, qualified compiler: expected one ERROR line, got $n"; }
	assert_grep "ERROR: .*-Dbpfbuild:bpf-compiler=clang does not take effect: .*pass -Dbpf-compiler=clang instead" "$T/5.log"
fi

# A later "meson configure -Dbpfbuild:NAME" is held to the same rule.
meson setup "$T/b6" "$T/copy" -Dvmlinux-h=disabled >"$T/6.log" 2>&1 || { tail -n 20 "$T/6.log"; fail "copy: no configure"; }
if meson configure "$T/b6" -Dbpfbuild:vmlinux-h=generated >"$T/6c.log" 2>&1 && meson setup --reconfigure "$T/b6" "$T/copy" >"$T/6r.log" 2>&1; then
	assert_grep 'vmlinux.h *: generated' "$T/6r.log"
else
	cat "$T/6c.log" "$T/6r.log" >"$T/6e.log" 2>/dev/null || true
	assert_grep "does not take effect: .*pass -Dvmlinux-h=generated instead" "$T/6e.log"
fi

# effect_or_error N SPELLING FIX FLAG SETUP-ARGS...: configure of the copy
# either builds with FLAG or stops with one line naming the spelling and
# the fix (patterns).
effect_or_error() {
	local n=$1 spelling=$2 fix=$3 flag=$4; shift 4
	if meson setup "$T/b$n" "$T/copy" -Dvmlinux-h=disabled "$@" >"$T/$n.log" 2>&1; then
		assert_grep "^ *flags *: .* $flag\$" "$T/$n.log" "copy, $*"
	else
		[ "$(grep -c 'ERROR:' "$T/$n.log")" = 1 ] || { cat "$T/$n.log"; fail "copy, $*: expected one ERROR line"; }
		assert_grep "ERROR: .*: $spelling does not take effect: .*bpf-c-args \(\[\]\), which bpfbuild follows; $fix\$" "$T/$n.log"
	fi
}
# Meson's list syntax for an array (issue 33), and a machine file's
# section for the subproject, with a constant as Meson reads them.
effect_or_error 7 "-Dbpfbuild:bpf-c-args=\['-DLISTED'\]" "pass -Dbpf-c-args=\['-DLISTED'\] instead" -DLISTED "-Dbpfbuild:bpf-c-args=['-DLISTED']"
printf "[constants]\nd = '-DNAT'\n[bpfbuild:project options]\nbpf-c-args = [d + 'IVE']\n" >"$T/native.ini"
effect_or_error 8 "\[bpfbuild:project options\] bpf-c-args = \[d \+ 'IVE'\] in $T/native.ini" \
	"set it under \[project options\] instead" -DNATIVE --native-file "$T/native.ini"
# Where what is in effect is what was given, in whatever spelling: no stop.
meson setup "$T/b9" "$T/copy" -Dvmlinux-h=disabled -Dbpf-c-args=-DX,-DY "-Dbpfbuild:bpf-c-args=['-DX', '-DY']" >"$T/9.log" 2>&1 ||
	{ tail -n 20 "$T/9.log"; fail "copy, the same array in both spellings: no configure"; }
assert_grep '^ *flags *: .* -DX -DY$' "$T/9.log"
(cd "$T" && meson setup b10 plain -Dbpfbuild:vmlinux-h=disabled --native-file native.ini) >"$T/10.log" 2>&1 ||
	{ tail -n 20 "$T/10.log"; fail "plain, a relative native file: no configure"; }
assert_grep '^ *flags *: .* -DNATIVE$' "$T/10.log"

# The hints of the programs named by options (one loop checks bpf-validate
# and bpf-vm-verify alike), and of the verifier test.
line=$(setup_fails "$T/h2.log" "$T/h2" "$T/plain" -Dbpfbuild:bpf-validate="$T")
echo "$line" | grep -qF "is a directory, not a program; pass -Dbpfbuild:bpf-validate=/path/to/bpf-validate" ||
	fail "plain consumer, bpf-validate: $line"

# The verifier test's hint, where the host refuses a program and no VM
# kernel is configured: a consumer of one LSM program, as real ones are.
mkdir -p "$T/lsm/subprojects"
ln -s "$BPFBUILD_TOP" "$T/lsm/subprojects/bpfbuild"
cp "$BPFBUILD_TOP/tests/validate/progs/lsm_open.bpf.c" "$T/lsm/"
cat >"$T/lsm/meson.build" <<'EOF'
project('lsm-consumer', 'c')
bpf = subproject('bpfbuild').get_variable('bpf')
if bpf['enabled'] and bpf['needs']['vmlinux'].length() == 0
	t = custom_target('lsm_open', input : 'lsm_open.bpf.c', output : ['lsm_open.bpf.o', 'lsm_open.skel.h'],
		kwargs : bpf['target'] + {'depfile' : 'lsm_open.bpf.o.d'})
	test('lsm_open.bpf.o', bpf['validate'], args : t[0], kwargs : bpf['test'])
endif
EOF
# The toolkit's bpf-validate, built once per run, rather than one built here.
toolkit_build
meson setup "$T/h5" "$T/lsm" -Dbpfbuild:bpf-validate="$BPF_VALIDATE" >"$T/h5.log" 2>&1 || { tail -n 30 "$T/h5.log"; fail "the LSM consumer does not configure"; }
assert_grep 'validation *: .*no VM kernels \(-Dbpfbuild:validate-kernels\)' "$T/h5.log" "the summary"
# Where this host builds the program and refuses it (no vmlinux.h, or a
# kernel that verifies LSM programs, leaves no SKIP to read).
if grep -q 'lsm_open.bpf.o' "$T/h5/build.ninja"; then
	CI='' BPF_VALIDATE_KERNELS='' meson test -C "$T/h5" >"$T/h6.log" 2>&1 || true
	log=$T/h5/meson-logs/testlog.txt
	if grep -q 'not verified: host refuses lsm' "$log"; then
		assert_grep 'no VM kernel is configured to verify it: set -Dbpfbuild:validate-kernels=K,\.\.\. \(Meson\)' "$log" "the SKIP's hint"
	else
		note "this host verifies LSM programs: no SKIP whose hint to read"
	fi
else
	note "no vmlinux.h here: the LSM program is not built"
fi
