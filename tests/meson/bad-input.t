# Bad input fails configure with one line that names the cause.  Each case
# is a row of docs/bad-input.md (tests/bad-input-table).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-meson.sh"
. "$(dirname "$0")/../safety/lib-bad-input.sh"
src=$BPFBUILD_TOP/examples

line=$(BPF_CC=/nonexistent setup_fails "$T/1.log" "$T/b1" "$src")
echo "$line" | grep -q 'BPF_CC=/nonexistent does not exist' || fail "BPF_CC: $line"
bad_input meson "BPF_CC=/nonexistent" 1 "$line"
# A BPF_CC that exists but fails (exit 1): the reason is never empty.
line=$(BPF_CC=false setup_fails "$T/1f.log" "$T/b1f" "$src")
echo "$line" | grep -q "BPF_CC=false cannot compile for BPF: 'false --version' and a probe compile fail; is it a compiler?" ||
	fail "BPF_CC=false: $line"
bad_input meson "BPF_CC=false (exits 1)" 1 "$line"
line=$(BPF_CC=$T setup_fails "$T/1d.log" "$T/b1d" "$src")
echo "$line" | grep -q "BPF_CC=$T is a directory, not a program; unset BPF_CC" || fail "BPF_CC=DIRECTORY: $line"
bad_input meson "BPF_CC=DIRECTORY" 1 "$line"

# A PATH that has everything but a BPF gcc.
path_without "$T/bin" '*bpf*gcc*' 'bpf-none-*' 'bpf-unknown-*'
line=$(PATH=$T/bin setup_fails "$T/2.log" "$T/b2" "$src" -Dbpf-compiler=gcc)
echo "$line" | grep -q 'no BPF gcc .* on PATH; install gcc-bpf' || fail "gcc missing: $line"
bad_input meson "-Dbpf-compiler=gcc, no BPF gcc installed" 1 "$line"

line=$(setup_fails "$T/3.log" "$T/b3" "$src" -Dvmlinux-h=provided -Dvmlinux-h-path="$T/missing/vmlinux.h")
echo "$line" | grep -q "vmlinux-h-path='$T/missing/vmlinux.h' is not a file" || fail "vmlinux: $line"
bad_input meson "-Dvmlinux-h=provided -Dvmlinux-h-path=MISSING" 1 "$line"
line=$(setup_fails "$T/3d.log" "$T/b3d" "$src" -Dvmlinux-h=provided -Dvmlinux-h-path="$T")
echo "$line" | grep -q "vmlinux-h-path='$T' is a directory; pass the vmlinux.h file itself" || fail "vmlinux dir: $line"
bad_input meson "-Dvmlinux-h-path=DIRECTORY" 1 "$line"
printf 'garbage\n' >"$T/garbage.h"
line=$(setup_fails "$T/3g.log" "$T/b3g" "$src" -Dvmlinux-h=provided -Dvmlinux-h-path="$T/garbage.h")
echo "$line" | grep -q "does not look like a vmlinux.h" || fail "garbage vmlinux.h: $line"
bad_input meson "-Dvmlinux-h-path=a file that is no vmlinux.h" 1 "$line"
# A vmlinux.h under another name was taken, and every CO-RE compile then
# failed: "'vmlinux.h' file not found".
printf '#ifndef __VMLINUX_H__\n#define __VMLINUX_H__\n#endif\n' >"$T/kernel-6.1.h"
line=$(setup_fails "$T/3o.log" "$T/b3o" "$src" -Dvmlinux-h=provided -Dvmlinux-h-path="$T/kernel-6.1.h")
echo "$line" | grep -qF "bpfbuild: vmlinux-h-path='$T/kernel-6.1.h' is not named vmlinux.h, the name BPF programs include; pass a file or a symbolic link named vmlinux.h" ||
	fail "vmlinux.h of another name: $line"
bad_input meson "-Dvmlinux-h-path=a vmlinux.h of another name" 1 "$line"
line=$(setup_fails "$T/3k.log" "$T/b3k" "$src" -Dbpfbuild:bpf-min-kernel=6.x)
echo "$line" | grep -qF "bpf-min-kernel='6.x' is not a kernel version MAJOR.MINOR (e.g. 6.6)" || fail "bpf-min-kernel: $line"
bad_input meson "-Dbpfbuild:bpf-min-kernel=6.x" 1 "$line"

# A newline in BPF_CFLAGS (BPF_CC, BPFTOOL) ended it there, and the next
# line was read as another of them (here: BPF_CC, which the summary then
# called "this environment"); a control character that Meson splits at
# and the shell does not (\r) split the flags otherwise.  One line each.
line=$(BPF_CFLAGS=$'-DX=1\nBPF_CC:now=/bin/false' setup_fails "$T/3n.log" "$T/b3n" "$src")
echo "$line" | grep -qF "bpfbuild: BPF_CFLAGS holds a newline or another control character, which would cut it short; set it on one line, its words separated by blanks" ||
	fail "BPF_CFLAGS with a newline: $line"
bad_input meson "BPF_CFLAGS with a newline" 1 "$line"
line=$(BPF_CC=$'clang\r' setup_fails "$T/3r.log" "$T/b3r" "$src")
echo "$line" | grep -qF "bpfbuild: BPF_CC holds a newline or another control character" || fail "BPF_CC with a carriage return: $line"
bad_input meson "BPF_CC with a carriage return" 1 "$line"

# 140 kB of bpf-c-args (a native file's) are more than one compile
# command, or the summary's row of the flags, can pass (Linux: 128 kB an
# argument): setup ended in a Python traceback ("Argument list too
# long").  One line, with the fix: a flags file, passed as @FILE.
python3 -c 'print("[bpfbuild:project options]\nbpf-c-args = [%s]" % ", ".join("\x27-DFLAG_NUMBER_%05d=1\x27" % i for i in range(6400)))' >"$T/big.ini"
line=$(setup_fails "$T/3b.log" "$T/b3b" "$src" --native-file "$T/big.ini")
echo "$line" | grep -qF "bpfbuild: bpf-c-args and BPF_CFLAGS hold more than 100 kB of flags, more than a compile command can pass (Linux takes 128 kB an argument); put them in a file and pass '@/path/of/that/file' in bpf-c-args instead" ||
	fail "140 kB of bpf-c-args: $line"
bad_input meson "bpf-c-args of 140 kB (a native file)" 1 "$line"

# The programs named by options, and the VM kernels without the program
# that boots them: the option, its value and the fix (issue 33).
for opt in bpf-validate bpf-vm-verify; do
	line=$(setup_fails "$T/4$opt.log" "$T/b4$opt" "$src" -D$opt="$T")
	echo "$line" | grep -q "$opt='$T' is a directory, not a program; pass -D$opt=/path/to/$opt" || fail "$opt=DIRECTORY: $line"
	bad_input meson "-D$opt=DIRECTORY" 1 "$line"
	line=$(setup_fails "$T/4m$opt.log" "$T/b4m$opt" "$src" -D$opt="$T/missing")
	echo "$line" | grep -q "$opt='$T/missing' is not found or not executable; pass -D$opt=/path/to/$opt" || fail "$opt=MISSING: $line"
	bad_input meson "-D$opt=MISSING" 1 "$line"
done
line=$(setup_fails "$T/4k.log" "$T/b4k" "$src" -Dvalidate-kernels=anything)
echo "$line" | grep -q "validate-kernels='anything': anything is no kernel image, .*bpf-vm-kernels fetch" || fail "validate-kernels: $line"
bad_input meson "-Dvalidate-kernels=anything" 1 "$line"

# bpf-framework=auto with nothing usable only disables BPF.
mkdir "$T/nobpf"
for f in "$T"/bin/*; do
	case ${f##*/} in clang*|bpf-*) continue ;; esac
	ln -s "$(readlink "$f")" "$T/nobpf/${f##*/}"
done
PATH=$T/nobpf meson setup "$T/b5" "$src" >"$T/5.log" 2>&1 || { cat "$T/5.log"; fail "auto without compilers must not fail"; }
assert_grep 'enabled *: no: no BPF compiler found' "$T/5.log" "summary"
bad_input meson "no BPF compiler installed, bpf-framework=auto (summary)" 0 "$(grep -m1 -E 'enabled *: no:' "$T/5.log" | sed 's/^ *//')"
line=$(PATH=$T/nobpf setup_fails "$T/6.log" "$T/b6" "$src" -Dbpf-framework=enabled)
echo "$line" | grep -q 'no BPF compiler found' || fail "enabled without compiler: $line"
bad_input meson "no BPF compiler installed, -Dbpf-framework=enabled" 1 "$line"

# A need misspelled in the README's consumer (its loop as it stands) stops
# configure naming the documented ones and the closest, never skips the
# program as if the compiler lacked it (issue 34).  autoconf/bad-input.t
# checks AX_BPF_PROGRAM's line is the same.
. "$(dirname "$0")/lib-consumer.sh"
readme_consumer "$T/typo"
ln -s "$BPFBUILD_TOP" "$T/typo/subprojects/bpfbuild"
sed -i "s/'atomics'/'atomicz'/" "$T/typo/meson.build"
grep -q "'atomicz'" "$T/typo/meson.build" || fail "README.md: its consumer names no 'atomics' need to misspell"
line=$(setup_fails "$T/typo.log" "$T/typo.b" "$T/typo" -Dbpfbuild:bpf-compiler=clang)
echo "$line" | grep -qE "ERROR: Problem encountered: bpfbuild: unknown need 'atomicz'; the documented ones: vmlinux, .*atomics, .*memset_inline; did you mean 'atomics'\?$" ||
	fail "a misspelled need: $line"
bad_input meson "a need misspelled in the README's consumer ('atomicz')" 1 "$line"

# No bpf-validate installed and none can be built (a consumer without C,
# and CC names no compiler): the bpftool fallback, with the reason in the
# summary; validate-kernels then stops configure with that reason.
# Only where a BPF compiler needs no C program of bpfbuild's (the host's
# clang 14): sid's clang 21 and gcc-bpf 16 need bpfbuild-btf-sort, which
# needs a C compiler itself (safety/bad-input-table.t checks a Debian
# root's rows as a part of the table).
if [ -z "${BPFBUILD_ENV:-}" ]; then
	without_toolkit "$T/notk"
	nocc=clang
	mkdir -p "$T/noc/subprojects"
	ln -s "$BPFBUILD_TOP" "$T/noc/subprojects/bpfbuild"
	printf "project('noc')\nbpf = subproject('bpfbuild').get_variable('bpf')\n" >"$T/noc/meson.build"
	CC=$T/no-cc meson setup "$T/b7" "$T/noc" -Dbpfbuild:bpf-compiler=$nocc >"$T/7.log" 2>&1 ||
		{ tail -n 20 "$T/7.log"; fail "a consumer without a C compiler does not configure"; }
	assert_grep '^ +validation +: \S+/bpfbuild-validate-fallback \(bpftool prog loadall: no bpf-validate installed, and none can be built: no C compiler for the build machine\), no VM kernels' \
		"$T/7.log" "the summary without a C compiler"
	bad_input meson "no bpf-validate installed, no C compiler to build it (summary)" 0 \
		"$(grep -m1 -E '^ +validation +:' "$T/7.log" | sed -E 's/^ +//; s/ +: /: /')"
	line=$(CC=$T/no-cc setup_fails "$T/8.log" "$T/b8" "$T/noc" -Dbpfbuild:bpf-compiler=$nocc -Dbpfbuild:validate-kernels=6.1.0-57-cloud-amd64)
	echo "$line" | grep -q "validate-kernels needs bpf-validate .*(no C compiler for the build machine)" ||
		fail "validate-kernels without a validator: $line"
	bad_input meson "-Dbpfbuild:validate-kernels=K, no bpf-validate installed, no C compiler to build it" 1 "$line"
fi
