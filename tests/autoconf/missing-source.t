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
if make -C "$p/b" -j2 >"$T/make.log" 2>&1; then
	tail -n 20 "$T/make.log"; fail "make succeeded with src/typo.bpf.o listed and no src/typo.bpf.c"
fi
grep -v '^make' "$T/make.log" | grep -E 'typo' | tee "$T/why"
assert_grep '^src/typo\.bpf\.o: no source src/typo\.bpf\.c in \.\. and no rule of its own; fix BPF_OBJECTS or add the file$' "$T/why" "make"
[ ! -e "$p/b/src/typo.bpf.o" ] && [ ! -e "$p/b/src/typo.skel.h" ] || fail "make left a src/typo output behind"
# The object is named in "make" output alone: the same from its own target.
if make -C "$p/b" src/typo.bpf.o >"$T/make2.log" 2>&1; then fail "make src/typo.bpf.o succeeded"; fi
assert_grep '^src/typo\.bpf\.o: no source src/typo\.bpf\.c' "$T/make2.log" "make src/typo.bpf.o"
