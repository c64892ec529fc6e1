# BPF_CFLAGS='-I DIR' whose DIR holds a vmlinux.h of its own: the Meson
# and the autotools builds run bpfbuild-cc with the same words, the
# configured vmlinux.h's directory before the user's flags, and both
# compile with the vmlinux.h their summaries name (the user's one stops
# any compile that reads it).  README.md: BPF_CFLAGS, after the decided
# flags and vmlinux.h's directory.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

words=$(dirname "$0")/adapter-words.py
ac_tree
mkdir "$T/own"
echo '#error "the vmlinux.h of a -I dir in BPF_CFLAGS, not the configured one"' >"$T/own/vmlinux.h"
user="-I $T/own"

BPF_CFLAGS=$user meson setup "$T/m" "$BPFBUILD_TOP/examples" -Dbpf-compiler=clang >"$T/m.log" 2>&1 ||
	{ cat "$T/m.log"; fail "meson setup with BPF_CFLAGS='$user'"; }
ac_configure "$T/a" --with-bpf-compiler=clang BPF_CFLAGS="$user"

# A CO-RE program: its source includes vmlinux.h.
ninja -C "$T/m" -t commands write_counter.bpf.o >"$T/m.cmd" || fail "ninja -t commands"
make -s -n V=1 -C "$T/a" write-counter/write_counter.bpf.o >"$T/a.cmd" 2>/dev/null || fail "make -n"
python3 "$words" cc "$T/m" "$T/m.cmd" >"$T/m.words" || fail "cannot read Meson's bpfbuild-cc line"
python3 "$words" cc "$T/a" "$T/a.cmd" >"$T/a.words" || fail "cannot read make's bpfbuild-cc line"
diff "$T/m.words" "$T/a.words" || fail "the adapters compile with other words (-Meson +autotools)"
# The configured vmlinux.h's directory, then the user's.
order=$(grep -n -x -e 'cc -I<a directory of the build>' -e 'cc -I' "$T/m.words" | cut -d: -f2 | tr '\n' ' ')
assert_eq "the include dirs of the compile" "cc -I<a directory of the build> cc -I " "$order"
# The summaries show that order too.
python3 "$words" rows "$T/m.log" "$T/m" | grep '^BPF | flags | ' >"$T/m.rows"
python3 "$words" rows "$T/a.configure.log" "$T/a" | grep '^BPF | flags | ' >"$T/a.rows"
grep -qF -- "-I<a directory of the build> $user" "$T/m.rows" || { cat "$T/m.rows"; fail "Meson's summary: the flags in another order"; }
diff "$T/m.rows" "$T/a.rows" || fail "the summaries' flags differ (-Meson +autotools)"

ninja -C "$T/m" write_counter.bpf.o >"$T/m.build" 2>&1 || { cat "$T/m.build"; fail "Meson: the compile did not use the configured vmlinux.h"; }
make -C "$T/a" write-counter/write_counter.bpf.o >"$T/a.build" 2>&1 ||
	{ cat "$T/a.build"; fail "autotools: the compile did not use the configured vmlinux.h"; }
assert_src_untouched
echo ok
