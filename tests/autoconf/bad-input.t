# Bad input ends configure with one "configure: error:" line naming the
# cause; with --enable-bpf=auto a missing compiler only disables BPF, and
# says so.  The same inputs as tests/meson/bad-input.t.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"

ac_tree

line=$(configure_fails "$T/1.log" "$T/b1" BPF_CC=/nonexistent)
echo "$line" | grep -q 'BPF_CC=/nonexistent does not exist; unset BPF_CC' || fail "BPF_CC: $line"

# A PATH with everything but a BPF gcc.
path_without "$T/bin" '*bpf*gcc*' 'bpf-none-*' 'bpf-unknown-*'
line=$(PATH=$T/bin configure_fails "$T/2.log" "$T/b2" --with-bpf-compiler=gcc)
echo "$line" | grep -q 'no BPF gcc .* on PATH; install gcc-bpf' || fail "gcc missing: $line"

line=$(configure_fails "$T/3.log" "$T/b3" --with-vmlinux-h="$T/missing/vmlinux.h")
echo "$line" | grep -qF -- "--with-vmlinux-h=$T/missing/vmlinux.h: no such file" || fail "vmlinux: $line"
line=$(configure_fails "$T/4.log" "$T/b4" VMLINUX_H="$T/missing/vmlinux.h")
echo "$line" | grep -qF "VMLINUX_H=$T/missing/vmlinux.h: no such file" || fail "VMLINUX_H: $line"
line=$(configure_fails "$T/4d.log" "$T/b4d" VMLINUX_H="$T")
echo "$line" | grep -qF "VMLINUX_H=$T is a directory; pass the vmlinux.h file itself" || fail "VMLINUX_H dir: $line"
printf 'garbage\n' >"$T/garbage.h"
line=$(configure_fails "$T/4g.log" "$T/b4g" --with-vmlinux-h="$T/garbage.h")
echo "$line" | grep -qF "does not look like a vmlinux.h" || fail "garbage vmlinux.h: $line"
# A vmlinux.h under another name was taken, and every CO-RE compile then
# failed: "'vmlinux.h' file not found".
printf '#ifndef __VMLINUX_H__\n#define __VMLINUX_H__\n#endif\n' >"$T/kernel-6.1.h"
line=$(configure_fails "$T/4o.log" "$T/b4o" --with-vmlinux-h="$T/kernel-6.1.h")
echo "$line" | grep -qF -- "configure: error: --with-vmlinux-h=$T/kernel-6.1.h is not named vmlinux.h, the name BPF programs include; pass a file or a symbolic link named vmlinux.h" ||
	fail "vmlinux.h of another name: $line"
bad_input autotools "--with-vmlinux-h=a vmlinux.h of another name" 1 "$line"
line=$(configure_fails "$T/4k.log" "$T/b4k" --with-bpf-min-kernel=6.x)
echo "$line" | grep -qF -- "--with-bpf-min-kernel=6.x is not a kernel version MAJOR.MINOR (e.g. 6.6)" || fail "bpf-min-kernel: $line"
bad_input autotools "--with-bpf-min-kernel=6.x" 1 "$line"

# A newline in BPF_CFLAGS (BPF_CC, BPFTOOL) ended it in the Makefile,
# the rest dropped or read as a line of the Makefile; a carriage return
# split it in the Meson module only.  One line each, as Meson's.
line=$(configure_fails "$T/4n.log" "$T/b4n" BPF_CFLAGS=$'-DX=1\nBPF_CC:now=/bin/false')
echo "$line" | grep -qF "BPF_CFLAGS holds a newline or another control character, which would cut it short; set it on one line, its words separated by blanks" ||
	fail "BPF_CFLAGS with a newline: $line"
bad_input autotools "BPF_CFLAGS with a newline" 1 "$line"
line=$(BPF_CC=$'clang\r' configure_fails "$T/4r.log" "$T/b4r")
echo "$line" | grep -qF "BPF_CC holds a newline or another control character" || fail "BPF_CC with a carriage return: $line"
bad_input autotools "BPF_CC with a carriage return" 1 "$line"

# --enable-bpf=auto with no BPF compiler: BPF is disabled, and configure
# says why; make and make check build and run nothing of it.
path_without "$T/nobpf" 'clang*' '*bpf*gcc*' 'bpf-none-*' 'bpf-unknown-*'
mkdir "$T/b5"
(cd "$T/b5" && PATH=$T/nobpf "$AC_SRC/configure") >"$T/5.log" 2>&1 || { cat "$T/5.log"; fail "auto without compilers must not fail"; }
assert_grep 'WARNING: BPF programs disabled \(--enable-bpf=auto\): no BPF compiler found' "$T/5.log" "configure"
assert_grep '^ +enabled +: no: no BPF compiler found' "$T/5.log" "summary"
assert_grep 'socket_bind +: no \(BPF disabled\)' "$T/5.log" "summary"
PATH=$T/nobpf make -C "$T/b5" -j2 check >"$T/5m.log" 2>&1 || { cat "$T/5m.log"; fail "make check with BPF disabled"; }
assert_no_grep 'bpf\.o|skel\.h' "$T/5m.log" "make check with BPF disabled"

line=$(PATH=$T/nobpf configure_fails "$T/6.log" "$T/b6" --enable-bpf=yes)
echo "$line" | grep -q 'no BPF compiler found' || fail "enable-bpf=yes without compiler: $line"

line=$(configure_fails "$T/7.log" "$T/b7" --with-bpf-compiler=tcc)
echo "$line" | grep -q 'with-bpf-compiler=tcc is not one of auto, gcc, clang' || fail "bad compiler kind: $line"

# --enable-bpf=no runs no BPF check at all.
mkdir "$T/b8"
(cd "$T/b8" && "$AC_SRC/configure" --enable-bpf=no) >"$T/8.log" 2>&1 || { cat "$T/8.log"; fail "--enable-bpf=no"; }
assert_no_grep '^checking (for a BPF compiler|for bpftool|BPF probe|for vmlinux)' "$T/8.log" "configure --enable-bpf=no"
assert_grep '^ +enabled +: no: disabled by --enable-bpf=no' "$T/8.log" "summary"

# --enable-bpf-compare takes yes or no; anything else ("a b", "") is no yes.
for v in 'a b' ''; do
	line=$(configure_fails "$T/9.log" "$T/b9" --enable-bpf-compare="$v")
	echo "$line" | grep -qF -- "--enable-bpf-compare='$v' is not one of yes, no" || fail "--enable-bpf-compare='$v': $line"
	bad_input autotools "--enable-bpf-compare='$v'" 1 "$line"
done

# A program variable naming a directory says so (not "does not exist").
for var in BPFTOOL BPF_VALIDATE BPF_VM_VERIFY; do
	line=$(configure_fails "$T/10.log" "$T/b10" "$var=$T")
	echo "$line" | grep -qF "$var=$T is a directory, not a program; unset it or point it at" || fail "$var=DIRECTORY: $line"
	bad_input autotools "$var=DIRECTORY" 1 "$line"
done

# A misspelled need stopped nothing: the program was skipped, "no such
# bpfbuild probe", naming some 37 internal probes.  Now the Meson module's
# line, the same words after each one's prefix (the engine's
# bpfbuild-needs makes both), the closest documented need included; an
# internal probe is no need in either (issue 49).
ac_consumer_src
p=$T/typo
mkdir -p "$p"
cp -R "$CONSUMER/." "$p/"
sed -i 's/^AX_BPF_PROGRAM(\[execcount\], \[core vmlinux\])$/AX_BPF_PROGRAM([execcount], [core atomicz vmlinux])/' "$p/configure.ac"
grep -q atomicz "$p/configure.ac" || fail "cannot edit the consumer's configure.ac"
(cd "$p" && autoreconf -fi) >"$T/typo-ar.log" 2>&1 || { cat "$T/typo-ar.log"; fail "autoreconf"; }
mkdir "$p/b"
(cd "$p/b" && ../configure) >"$T/typo.log" 2>&1 && { tail -n 30 "$T/typo.log"; fail "configure takes a misspelled need"; }
[ "$(grep -c 'configure: error:' "$T/typo.log")" = 1 ] || { tail -n 30 "$T/typo.log"; fail "a misspelled need: not one error line"; }
line=$(grep 'configure: error:' "$T/typo.log")
echo "$line" | grep -qE "^configure: error: bpfbuild: unknown need 'atomicz'; the documented ones: vmlinux, .*atomics, .*memset_inline; did you mean 'atomics'\?$" ||
	fail "a misspelled need: $line"
bad_input autotools "a need misspelled in AX_BPF_PROGRAM ('atomicz')" 1 "$line"
# The Meson module's line for the same typo, from the README's consumer.
. "$BPFBUILD_TOP/tests/meson/lib-consumer.sh"
readme_consumer "$T/mtypo"
ln -s "$BPFBUILD_TOP" "$T/mtypo/subprojects/bpfbuild"
sed -i "s/'atomics'/'atomicz'/" "$T/mtypo/meson.build"
meson setup "$T/mtypo.b" "$T/mtypo" -Dbpfbuild:bpf-compiler=clang >"$T/mtypo.log" 2>&1 && fail "meson setup takes a misspelled need"
mline=$(grep -m1 'ERROR: Problem encountered: ' "$T/mtypo.log") || { tail -n 20 "$T/mtypo.log"; fail "meson setup: no error line"; }
[ "${mline#*ERROR: Problem encountered: }" = "${line#configure: error: }" ] ||
	fail "the adapters' lines for a misspelled need differ: Meson '$mline', autotools '$line'"
# An internal probe (pch) is no need either.
sed -i 's/^AX_BPF_PROGRAM(\[execcount\], \[core atomicz vmlinux\])$/AX_BPF_PROGRAM([execcount], [core pch vmlinux])/' "$p/configure.ac"
(cd "$p" && autoreconf -fi) >"$T/typo-ar.log" 2>&1 || { cat "$T/typo-ar.log"; fail "autoreconf"; }
(cd "$p/b" && ../configure) >"$T/typo2.log" 2>&1 && fail "configure takes an internal probe as a need"
grep -q "configure: error: bpfbuild: unknown need 'pch'; the documented ones:" "$T/typo2.log" ||
	{ tail -n 20 "$T/typo2.log"; fail "an internal probe as a need"; }
