# autoreconf -fi && ./configure && make && make check in examples/ passes
# with clang: both programs built, validated in the kernel and tested.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_build clang --with-bpf-compiler=clang
log=$AC_BUILD.configure.log
assert_grep '^checking for a BPF compiler\.\.\. .*clang' "$log" "configure"
assert_grep '^ +compiler +: .*\(clang ' "$log" "summary"
assert_grep '^ +socket_bind +: yes$' "$log" "summary"
assert_grep '^ +write_counter +: yes$' "$log" "summary"
assert_grep "^ +validation +: $BPF_VALIDATE\$" "$log" "summary"
for f in socket-bind/socket_bind.bpf.o socket-bind/socket_bind.skel.h \
	write-counter/write_counter.bpf.o write-counter/write_counter.skel.h vmlinux.h; do
	[ -s "$AC_BUILD/$f" ] || fail "$f was not built"
done
# The host CFLAGS never reach the BPF compile.
assert_no_grep '\-O2 -g|-g -O2' <(sed -n 's/^BPF_FLAGS = //p' "$AC_BUILD/Makefile") "BPF_FLAGS"

make -C "$AC_BUILD" -j2 check >"$T/check.log" 2>&1 || { cat "$T/check.log"; cat "$AC_BUILD/test-suite.log"; fail "make check"; }
cat "$T/check.log"
for t in socket-bind/socket_bind.bpf.o write-counter/write_counter.bpf.o socket_bind.test write_counter.test; do
	assert_grep "^PASS: $t\$" "$T/check.log" "make check"
done
assert_grep '^# PASS: +4$' "$T/check.log" "make check"
assert_src_untouched

# Editing a header the program includes rebuilds it (the depfile).
touch -d '+2 seconds' "$AC_SRC/socket-bind/socket_bind.h"
make -C "$AC_BUILD" V=1 >"$T/rebuild.log" 2>&1 || { cat "$T/rebuild.log"; fail "rebuild"; }
assert_grep 'bpfbuild-cc .*-o socket-bind/socket_bind\.bpf\.o' "$T/rebuild.log" "rebuild after a header change"
assert_no_grep 'bpfbuild-cc .*-o write-counter/' "$T/rebuild.log" "rebuild after a header change"
touch -r "$AC_SRC/configure" "$AC_SRC/socket-bind/socket_bind.h"
make -C "$AC_BUILD" >"$T/noop.log" 2>&1
assert_no_grep 'BPF ' "$T/noop.log" "a no-op make"
