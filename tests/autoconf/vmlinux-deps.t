#!/bin/bash
# Issue 30: in the Automake fragment, only the objects whose sources need
# vmlinux.h (engine/bpfbuild-vmlinux-users, when make reads the Makefile)
# wait for it, and none waits for its PCH (built first among BUILT_SOURCES;
# bpfbuild-cc uses it once it is there).  Seen in make's own database
# (make -p), and in a build of a uapi-only object that makes no vmlinux.h.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

[ -r /sys/kernel/btf/vmlinux ] || fail "no /sys/kernel/btf/vmlinux on this host"
ac_tree
ac_configure "$T/b" --with-bpf-compiler=clang --with-vmlinux-h=generated
make -C "$T/b" -p -n socket-bind/socket_bind.bpf.o >"$T/db.txt" 2>&1 || { tail -n 20 "$T/db.txt"; fail "make -p"; }
# prereqs OBJECT: its prerequisites in make's database.
prereqs() { sed -n "s#^$1: ##p" "$T/db.txt" | grep -v ' = ' | tr '\n' ' '; }
for o in socket-bind/socket_bind restrict-ifaces/restrict_ifaces xdp-counter/xdp_counter; do
	p=$(prereqs "$o.bpf.o")
	case $p in *bpf-flags.stamp*) ;; *) fail "$o.bpf.o: no rule in make -p (prerequisites '$p')" ;; esac
	case $p in *vmlinux*) fail "$o.bpf.o (uapi only) waits for vmlinux.h or its PCH: $p" ;; esac
done
for o in write-counter/write_counter restrict-fs/restrict_fs exec-events/exec_events; do
	p=$(prereqs "$o.bpf.o")
	case " $p " in *' vmlinux.h '*) ;; *) fail "$o.bpf.o (CO-RE) does not wait for vmlinux.h: $p" ;; esac
	case $p in *vmlinux.h.pch*) fail "$o.bpf.o waits for the PCH: $p" ;; esac
done
# Should the decision fail (no script there), every object waits.
# (make -n may then fail on other rules that need bpfbuild's files, such as
# bpfbuild-btf-sort's where the probe chose it: its database is printed all
# the same.)
make -C "$T/b" -p -n BPFBUILD_DIR="$T/none" socket-bind/socket_bind.bpf.o >"$T/db.txt" 2>&1 || :
case " $(prereqs socket-bind/socket_bind.bpf.o) " in *' vmlinux.h '*) ;; *) fail "with no bpfbuild-vmlinux-users, a uapi object does not wait for vmlinux.h" ;; esac
make -C "$T/b" socket-bind/socket_bind.bpf.o >"$T/uapi.log" 2>&1 || { tail -n 20 "$T/uapi.log"; fail "make socket_bind.bpf.o"; }
[ ! -e "$T/b/vmlinux.h" ] || fail "building a uapi-only object made vmlinux.h"
assert_src_untouched
