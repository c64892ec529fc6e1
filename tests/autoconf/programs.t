# The autotools build of examples/ has the program table of the Meson
# build: one AX_BPF_PROGRAM line in configure.ac per entry of the
# bpf_programs table of examples/meson.build, in the same order and with
# the same needs, and one Makefile.am block per entry, under its
# BPF_PROGRAM_<NAME> conditional, that builds the entry's sources into one
# object with the right kind of skeleton, registers its verifier test, and
# its functional test: on the host, or in the VMs (BPF_VM_LOADERS) when the
# host may refuse the program type.  (No build: the other tests build and
# compare the bytes, and parity.t the tests.)
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ex=$BPFBUILD_TOP/examples
# NAME|NEEDS|SOURCES|LIGHT|HOST_REFUSES per entry of meson.build.
python3 - "$ex/meson.build" >"$T/meson" <<'PY' || fail "cannot read the bpf_programs table of examples/meson.build"
import re, sys
text = open(sys.argv[1]).read()
start = text.index('\nbpf_programs = {')
table = text[start:text.index('\n}\n', start)]
for name, body in re.findall(r"'(\w+)' : \{([^{}]*)\}", table):
    def strings(key):
        m = re.search(r"'%s' : (?:files\()?\[?([^\])]*)" % key, body)
        return ' '.join(re.findall(r"'([^']*)'", m.group(1))) if m else ''
    light = 'light' if re.search(r"'light' : true", body) else ''
    print('|'.join([name, strings('needs'), strings('sources'), light, strings('host_refuses')]))
PY
cat "$T/meson"
[ "$(wc -l <"$T/meson")" -eq "${#EX_NEEDS[@]}" ] || fail "examples/meson.build has not the ${#EX_NEEDS[@]} programs of tests/examples/lib-examples.sh"

# configure.ac: the same names, order and needs.
sed -n 's/^AX_BPF_PROGRAM(\[\([a-z_]*\)\]\(, \[\([^]]*\)\]\)\{0,1\})$/\1|\3/p' "$ex/configure.ac" >"$T/ac"
diff <(cut -d'|' -f1,2 "$T/meson") "$T/ac" || fail "examples/configure.ac's AX_BPF_PROGRAM lines differ from examples/meson.build's table (-meson +configure.ac)"

# Makefile.am: one block per program.
am=$ex/Makefile.am
while IFS='|' read -r name _needs sources light refuses; do
	cond=BPF_PROGRAM_${name^^}
	obj=$(ac_obj "$name") skel=$(ac_skel "$name")
	block=$(sed -n "/^if $cond\$/,/^endif\$/p" "$am")
	[ -n "$block" ] || fail "Makefile.am has no 'if $cond' block for $name"
	[ "$(grep -c "^if $cond\$" "$am")" = 1 ] || fail "Makefile.am has several 'if $cond' blocks"
	grep -qx "noinst_PROGRAMS += $name" <<<"$block" || fail "$cond: the loader $name is not built"
	if [ -n "$light" ]; then
		# Outside BPF_OBJECTS, which would give it a NAME.skel.h.
		grep -qx "BPF_EXTRA_OBJECTS += $obj" <<<"$block" || fail "$cond: $obj is not in BPF_EXTRA_OBJECTS"
		grep -qx "BPF_EXTRA_SKELETONS += $skel" <<<"$block" || fail "$cond: $skel is not in BPF_EXTRA_SKELETONS"
		grep -qx "BPF_EXTRA_TESTS += $obj" <<<"$block" || fail "$cond: no verifier test for $obj"
	else
		# bpfbuild.am gives it its skeleton and its verifier test.
		grep -qx "BPF_OBJECTS += $obj" <<<"$block" || fail "$cond: $obj is not in BPF_OBJECTS"
	fi
	if [ -n "$refuses" ]; then
		# Its functional test runs in the VMs only, as in Meson.
		grep -qx "BPF_VM_LOADERS += $name" <<<"$block" || fail "$cond: $name ($refuses) is not in BPF_VM_LOADERS"
		grep -qE "^TESTS \+= $name\.test\$" <<<"$block" && fail "$cond: $name ($refuses) has a host functional test, as it has none in Meson"
		grep -qE "^$name-vm-%\.test: script = " "$am" || fail "Makefile.am has no '$name-vm-%.test: script = ...' for the VM test of $name"
	else
		grep -qx "TESTS += $name.test" <<<"$block" || fail "$cond: no functional test $name.test"
		grep -q "BPF_VM_LOADERS" <<<"$block" && fail "$cond: $name is in BPF_VM_LOADERS, though the host does not refuse it"
	fi
	# The sources, as Meson lists them: NAME.bpf.c alone goes through
	# bpfbuild.am's suffix rule; anything else has its own rule.
	if [ "$sources" = "${AC_DIR[$name]}/$name.bpf.c" ]; then
		grep -q "^$obj:" "$am" && fail "Makefile.am has its own rule for $obj, a one-source object"
	else
		grep -qxF "$obj: $sources" "$am" || fail "Makefile.am lacks the rule '$obj: $sources'"
		grep -qxF "$obj: sources = $sources" "$am" || fail "Makefile.am lacks '$obj: sources = $sources'"
		grep -qxF "$obj: skeleton = $skel" "$am" || fail "Makefile.am lacks '$obj: skeleton = $skel'"
	fi
	for s in $sources; do
		grep -qE "^EXTRA_DIST \+=.* $s( |\\\\|\$)" "$am" || fail "$s is not in EXTRA_DIST"
	done
	echo "$name: $obj, $skel${refuses:+, functional test in the VMs ($refuses)}"
done <"$T/meson"
