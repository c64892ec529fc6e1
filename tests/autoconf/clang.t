# autoreconf -fi && ./configure && make && make check in examples/ passes
# with clang: all eight programs built (object, skeleton or light
# skeleton, loader), and make check runs every verifier and functional
# test that "meson test" runs, with no skip and no failure.  restrict_fs
# (LSM), which this host's kernel refuses, is verified and functionally
# tested in a VM (ac_build configures --with-bpf-validate-kernels=<bookworm's
# 6.1>), and its object passes bpf-validate's static checks.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_build clang --with-bpf-compiler=clang
log=$AC_BUILD.configure.log
assert_grep '^checking for a BPF compiler\.\.\. .*clang' "$log" "configure"
assert_grep '^ +compiler +: .*\(clang ' "$log" "summary"
assert_grep "^ +validation +: $BPF_VALIDATE, then every object in VMs: $K61\$" "$log" "summary"
assert_grep "^checking for bpf-vm-verify\\.\\.\\. $VM_TOOLS/bpf-vm-verify\$" "$log" "configure"
assert_no_grep 'skipping BPF program' "$log" "configure output"
for p in $(ex_names); do
	assert_grep "^ +$p *: yes\$" "$log" "summary"
	[ -s "$AC_BUILD/$(ac_obj "$p")" ] || fail "$(ac_obj "$p") was not built"
	grep -q "${p}_bpf__open" "$AC_BUILD/$(ac_skel "$p")" || fail "$(ac_skel "$p") is not a skeleton of $p"
	[ -x "$AC_BUILD/$p" ] || fail "loader $p was not built"
done
[ -s "$AC_BUILD/vmlinux.h" ] || fail "vmlinux.h was not generated"
# The light loader uses the kernel's loader program, not libbpf.
grep -q 'skel_internal.h' "$AC_BUILD/xdp-counter/xdp_counter_light.lskel.h" || fail "xdp_counter_light.lskel.h is not a light skeleton"
[ ! -e "$AC_BUILD/xdp-counter/xdp_counter_light.skel.h" ] || fail "xdp_counter_light also got a full skeleton"
readelf -d "$AC_BUILD/xdp_counter_light" >"$T/dyn"
assert_no_grep 'libbpf' "$T/dyn" "xdp_counter_light's dynamic section"
readelf -d "$AC_BUILD/xdp_counter" | grep -q 'libbpf' || fail "xdp_counter does not link libbpf"
# Two sources, one linked object: both halves are in it.
bpftool btf dump file "$AC_BUILD/socket-policy/socket_policy.bpf.o" >"$T/btf"
assert_grep "FUNC 'count_socket'" "$T/btf" "socket_policy.bpf.o BTF"
assert_grep "FUNC 'socket_create'" "$T/btf" "socket_policy.bpf.o BTF"
# The host CFLAGS never reach the BPF compile.
assert_no_grep '\-O2 -g|-g -O2' <(sed -n 's/^BPF_FLAGS = //p' "$AC_BUILD/Makefile") "BPF_FLAGS"

# restrict_fs: also checked statically, as tests/examples/lsm-static.t does
# for the Meson build's object (the same bytes: parity.t).
"$BPF_VALIDATE" --static-only "$AC_BUILD/restrict-fs/restrict_fs.bpf.o" >"$T/static" 2>&1 ||
	{ cat "$T/static"; fail "static validation of restrict_fs.bpf.o failed"; }
assert_grep 'restrict_fs +lsm/file_open +not-run' "$T/static" "bpf-validate --static-only"
assert_grep '[1-9][0-9]* CO-RE relocations' "$T/static" "bpf-validate --static-only"
assert_no_grep '(error|warning):' "$T/static" "bpf-validate --static-only"

make -C "$AC_BUILD" -j2 check >"$T/check.log" 2>&1 || { cat "$T/check.log"; cat "$AC_BUILD/test-suite.log"; fail "make check"; }
cat "$T/check.log"
# shellcheck disable=SC2046 # one word per name
ac_assert_checked "$T/check.log" "$AC_BUILD" $(ex_names)
assert_src_untouched

# Editing a header rebuilds the programs that include it (the depfiles),
# those of several sources and of another name too.
rebuilt() {  # rebuilt HEADER OBJECT... : touch HEADER; exactly these rebuild, once
	touch "$AC_SRC/$1"
	make -C "$AC_BUILD" V=1 >"$T/rebuild.log" 2>&1 || { cat "$T/rebuild.log"; fail "rebuild after touching $1"; }
	touch -r "$AC_SRC/configure" "$AC_SRC/$1"
	local want got
	want=$(shift; printf '%s\n' "$@" | sort)
	got=$(sed -n "s/.*bpfbuild-cc'\{0,1\} .* -o \([^ ]*\.bpf\.o\) .*/\1/p" "$T/rebuild.log" | sort)
	assert_eq "objects rebuilt after touching $1" "$want" "$got"
}
rebuilt socket-bind/socket_bind.h socket-bind/socket_bind.bpf.o
rebuilt socket-policy/socket_policy.h socket-policy/socket_policy.bpf.o
rebuilt xdp-counter/xdp_counter.h xdp-counter/xdp_counter.bpf.o xdp-counter/xdp_counter_light.bpf.o
# A deleted skeleton comes back, from its own rule.
rm "$AC_BUILD/xdp-counter/xdp_counter_light.lskel.h" "$AC_BUILD/socket-policy/socket_policy.skel.h"
make -C "$AC_BUILD" >"$T/skel.log" 2>&1 || { cat "$T/skel.log"; fail "make after deleting skeletons"; }
for f in xdp-counter/xdp_counter_light.lskel.h socket-policy/socket_policy.skel.h; do
	[ -s "$AC_BUILD/$f" ] || fail "the deleted $f was not rebuilt"
done
make -C "$AC_BUILD" >"$T/noop.log" 2>&1
assert_no_grep 'BPF |CC ' "$T/noop.log" "a no-op make"
