#!/bin/bash
# engine/bpfbuild-vmlinux-users decides which BPF sources need vmlinux.h
# (issue 30: only their objects wait for it and its PCH).  Through quoted
# headers beside the includer, however deep; and where it cannot tell (a
# header it does not find, a computed #include, an <angle> header of the
# project's own), yes: a wrong "no" fails a build, a wrong "yes" only waits.
. "$(dirname "$0")/../lib.sh"
users=$BPFBUILD_TOP/engine/bpfbuild-vmlinux-users

mkdir -p "$T/src/sub"
cd "$T/src" || fail "cd $T/src"
printf '#include "vmlinux.h"\n#include <bpf/bpf_helpers.h>\n' >direct.bpf.c
printf '  #  include <vmlinux.h>\n' >angle.bpf.c
# Through two headers, the second in a subdirectory (found beside its includer).
printf '#include <linux/bpf.h>\n#include "sub/common.h"\n' >indirect.bpf.c
printf '#include "types.h"\n' >sub/common.h
printf '#pragma once\n#include "vmlinux.h"\n' >sub/types.h
# uapi only, with headers of its own (one including the other, and back).
printf '#include <linux/bpf.h>\n#include <stdbool.h>\n#include "uapi.h"\n#include <bpf/bpf_helpers.h>\n' >uapi.bpf.c
printf '#include "uapi2.h"\n#include <linux/if_ether.h>\n' >uapi.h
printf '#include "uapi.h"\n' >uapi2.h
printf '#include <linux/bpf.h>\n#include "elsewhere.h"\n' >missing.bpf.c
printf '#define H <linux/bpf.h>\n#include H\n' >computed.bpf.c
printf '#include <myproject/defs.h>\n' >project-angle.bpf.c

got=$("$users" direct.bpf.c angle.bpf.c indirect.bpf.c uapi.bpf.c missing.bpf.c computed.bpf.c \
	project-angle.bpf.c gone.bpf.c) || fail "exit $?"
want='direct.bpf.c
angle.bpf.c
indirect.bpf.c
missing.bpf.c
computed.bpf.c
project-angle.bpf.c
gone.bpf.c'
assert_eq "the sources that need vmlinux.h" "$want" "$got"
# Paths as given, from anywhere; the examples' uapi programs need none.
got=$(cd / && "$users" "$T/src/uapi.bpf.c" "$T/src/indirect.bpf.c") || fail "exit $?"
assert_eq "absolute paths" "$T/src/indirect.bpf.c" "$got"
got=$("$users" "$BPFBUILD_TOP"/examples/*/*.bpf.c | sed 's#.*/##' | sort | tr '\n' ' ')
assert_eq "the examples" "exec_events.bpf.c restrict_fs.bpf.c write_counter.bpf.c " "$got"
"$users" >"$T/usage.out" 2>&1 && fail "no argument: exit 0"
assert_grep '^usage: bpfbuild-vmlinux-users FILE' "$T/usage.out" "no argument"
