# Hostile build directories.  One whose name holds a blank or non-ASCII
# letters (Automake accepts those) builds and checks, and writes nothing
# outside itself: not the 2.8 MB vmlinux.h over a sibling "sp" of
# "sp ace".  One with a quote or a dollar sign (Automake refuses those, as
# it refuses a blank in srcdir) is refused by configure with one line.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_consumer_src
h=$T/h
mkdir -p "$h"
# Bait for a word split: files named as the path's first word.
echo bait >"$h/sp"
echo bait >"$h/na"
stamp=$T/stamp
# restamp: what is written from now on is newer than the stamp, whatever
# the clock's grain.
restamp() { touch "$stamp"; sleep 1; }
# written_outside DIR: what the build in DIR wrote outside DIR (in $h or
# the source tree).
written_outside() {
	find "$h" "$CONSUMER" -newer "$stamp" ! -path "$1" ! -path "$1/*" | while IFS= read -r f; do
		case $1 in "$f"/*) ;; *) echo "$f" ;; esac  # the parents of DIR change too
	done
}
for dir in "sp ace/b" "naïve ü/b"; do
	b=$h/$dir
	mkdir -p "$b"
	restamp
	(cd "$b" && "$CONSUMER/configure" BPF_VALIDATE="${BPF_VALIDATE:-}") >"$T/c.log" 2>&1 ||
		{ tail -n 30 "$T/c.log"; fail "configure in '$b'"; }
	make -C "$b" -j2 check >"$T/m.log" 2>&1 || { tail -n 40 "$T/m.log"; fail "make check in '$b'"; }
	assert_grep '^PASS: src/execcount\.bpf\.o$' "$T/m.log" "make check in '$b'"
	assert_grep '^PASS: src/egress_bytes\.bpf\.o$' "$T/m.log" "make check in '$b'"
	[ -s "$b/vmlinux.h" ] || fail "no vmlinux.h in '$b'"
	out=$(written_outside "$b")
	[ -z "$out" ] || fail "the build in '$b' wrote outside itself: $out"
	assert_eq "the bait $h/sp" bait "$(cat "$h/sp")"
	assert_eq "the bait $h/na" bait "$(cat "$h/na")"
done
# The same bytes as from a plain directory (where the compiler's BTF does
# not follow the path length: issue 21).
det=yes
ac_path_deterministic || { det=no; note "this compiler orders BTF by the length of the build paths: objects compared without .BTF"; }
mkdir "$T/plain"
(cd "$T/plain" && "$CONSUMER/configure") >"$T/c.log" 2>&1 || fail "configure in a plain directory"
make -C "$T/plain" -j2 >"$T/m.log" 2>&1 || { tail -n 30 "$T/m.log"; fail "make in a plain directory"; }
for f in src/execcount.bpf.o src/execcount.skel.h src/egress_bytes.bpf.o; do
	ac_cmp_bpf "$f (a plain build directory vs 'sp ace')" "$T/plain/$f" "$h/sp ace/b/$f" "$det"
done

# Refused: one "configure: error:" line, nothing written outside.
for dir in "qu'ote/b" 'dq"uote/b' 'dol$lar/b' 'back`tick/b'; do
	b=$h/$dir
	mkdir -p "$b"
	restamp
	if (cd "$b" && "$CONSUMER/configure") >"$T/r.log" 2>&1; then fail "configure in '$b' succeeded"; fi
	assert_eq "configure errors in '$b'" 1 "$(grep -c 'configure: error:' "$T/r.log")"
	grep 'configure: error:' "$T/r.log"
	out=$(written_outside "$b")
	[ -z "$out" ] || fail "configure in '$b' wrote outside it: $out"
done
# A blank in the source directory: refused by Automake's check, one line.
mkdir -p "$h/src dir" "$h/sb"
cp -R "$CONSUMER/." "$h/src dir/"
restamp
if (cd "$h/sb" && "$h/src dir/configure") >"$T/s.log" 2>&1; then fail "configure from a source dir with a blank succeeded"; fi
assert_eq "configure errors (srcdir with a blank)" 1 "$(grep -c 'configure: error:' "$T/s.log")"
assert_grep 'configure: error: unsafe srcdir value' "$T/s.log" "configure"
out=$(written_outside "$h/sb")
[ -z "$out" ] || fail "configure from a source dir with a blank wrote outside its build dir: $out"
# A given vmlinux.h under such a name cannot go into a Makefile: one line.
mkdir -p "$h/v h"
cp "$h/sp ace/b/vmlinux.h" "$h/v h/vmlinux.h"
mkdir "$h/vb"
if (cd "$h/vb" && "$CONSUMER/configure" VMLINUX_H="$h/v h/vmlinux.h") >"$T/v.log" 2>&1; then fail "configure with VMLINUX_H under a blank succeeded"; fi
assert_eq "configure errors (VMLINUX_H with a blank)" 1 "$(grep -c 'configure: error:' "$T/v.log")"
assert_grep "configure: error: VMLINUX_H=$h/v h/vmlinux\\.h: a blank, a quote, .* cannot go into a Makefile; copy that vmlinux\\.h to a plain path" "$T/v.log" "configure"
