# An object of BPF_OBJECTS without its source fails "make" with the
# missing file's name (make would otherwise find "nothing to be done" and
# leave the failure to "make check").
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

p=$T/proj
mkdir -p "$p"
cp -R "$BPFBUILD_TOP/tests/autoconf/consumer/." "$p/"
echo 'BPF_OBJECTS += src/typo.bpf.o' >>"$p/Makefile.am"
ac_consumer_reconf "$p"
mkdir "$p/b"
(cd "$p/b" && ../configure) >"$T/configure.log" 2>&1 || { tail -n 30 "$T/configure.log"; fail "configure"; }
# The object on its own, then the whole build.
if make -C "$p/b" src/typo.bpf.o >"$T/make1.log" 2>&1; then
	cat "$T/make1.log"; fail "make src/typo.bpf.o succeeded without src/typo.bpf.c"
fi
assert_grep '^src/typo\.bpf\.o: no source src/typo\.bpf\.c in \.\. and no rule of its own; fix BPF_OBJECTS or add the file$' "$T/make1.log" "make src/typo.bpf.o"
if make -C "$p/b" -j2 >"$T/make.log" 2>&1; then
	tail -n 20 "$T/make.log"; fail "make succeeded with src/typo.bpf.o listed and no src/typo.bpf.c"
fi
assert_grep '^src/typo\.bpf\.o: no source src/typo\.bpf\.c' "$T/make.log" "make"
[ ! -e "$p/b/src/typo.bpf.o" ] && [ ! -e "$p/b/src/typo.skel.h" ] || fail "make left a src/typo output behind"
