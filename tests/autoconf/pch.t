# The precompiled vmlinux.h is on by default (as Meson's bpf-pch):
# configure has bpfbuild-probe check it with /sys/kernel/btf/vmlinux, and
# where the probe allows it (clang 14 as is, clang 19 and 21 with their BTF
# sorted) and it pays (issue 30: at least two of the project's *.bpf.c
# include vmlinux.h, as in Meson), every CO-RE compile reads vmlinux.h.pch,
# with objects byte-identical to a build without it.  A project of one
# CO-RE program (the consumer) makes none, and says why.
# --disable-bpf-pch: no probe, no PCH.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

[ -e /sys/kernel/btf/vmlinux ] || fail "no /sys/kernel/btf/vmlinux on this host"
ac_consumer_src
"$CONSUMER/configure" --help >"$T/help"
assert_grep '^ +--disable-bpf-pch ' "$T/help" "configure --help"
assert_no_grep 'enable-bpf-pch' "$T/help" "configure --help"

mkdir "$T/one"
(cd "$T/one" && "$CONSUMER/configure" --with-bpf-compiler=clang --disable-bpf-pch) >"$T/one.off.log" 2>&1 || { tail -n 30 "$T/one.off.log"; fail "configure"; }
assert_grep '^ +vmlinux\.h\.pch +: no \(--disable-bpf-pch\)$' "$T/one.off.log" "summary (turned off)"
assert_grep '^ +pch +: no \(not checked' "$T/one.off.log" "summary (turned off: no PCH probe)"
(cd "$T/one" && "$CONSUMER/configure" --with-bpf-compiler=clang) >"$T/one.log" 2>&1 ||
	{ tail -n 30 "$T/one.log"; fail "configure (the default)"; }
if grep -qE '^ +pch +: yes ' "$T/one.log"; then
	assert_grep '^ +vmlinux\.h\.pch +: no \(1 of the project.s BPF sources include vmlinux\.h, and making it pays from 2\)$' \
		"$T/one.log" "summary (one CO-RE program)"
fi
make -C "$T/one" -j2 >"$T/one.make" 2>&1 || { tail -n 30 "$T/one.make"; fail "make (one CO-RE program)"; }
[ ! -e "$T/one/vmlinux.h.pch" ] || fail "a project of one CO-RE program built a vmlinux.h.pch"

# examples/: three CO-RE programs, and uapi-only ones.
ac_tree
mkdir "$T/off" "$T/on"
(cd "$T/off" && "$AC_SRC/configure" --with-bpf-compiler=clang --disable-bpf-pch) >"$T/off.log" 2>&1 || { tail -n 30 "$T/off.log"; fail "configure"; }
(cd "$T/on" && "$AC_SRC/configure" --with-bpf-compiler=clang) >"$T/on.log" 2>&1 ||
	{ tail -n 30 "$T/on.log"; fail "configure (the default)"; }
if ! grep -qE '^ +pch +: yes ' "$T/on.log"; then
	# A compiler whose objects differ with a PCH (clang 19, 21) is told
	# so, and builds without one.
	assert_grep '^ +pch +: no \(.+\)' "$T/on.log" "summary (the PCH probe, with its reason)"
	assert_grep '^ +vmlinux\.h\.pch +: no \(.+\)' "$T/on.log" "summary"
	make -C "$T/on" -j2 >"$T/on.make" 2>&1 || { tail -n 30 "$T/on.make"; fail "make"; }
	[ ! -e "$T/on/vmlinux.h.pch" ] || fail "a vmlinux.h.pch was built, though the probe said no"
	echo "ok (no PCH for this compiler)"
	exit 0
fi
assert_grep "^ +vmlinux\\.h\\.pch +: yes \\(a precompiled vmlinux\\.h gives a byte-identical CO-RE object.*\\)\$" "$T/on.log" "summary"
make -C "$T/off" -j2 >"$T/off.make" 2>&1 || { tail -n 30 "$T/off.make"; fail "make (no PCH)"; }
make -C "$T/on" -j2 V=1 >"$T/on.make" 2>&1 || { tail -n 30 "$T/on.make"; fail "make (PCH)"; }
[ -s "$T/on/vmlinux.h.pch" ] || fail "a default build wrote no vmlinux.h.pch"
[ ! -e "$T/off/vmlinux.h.pch" ] || fail "a --disable-bpf-pch build wrote vmlinux.h.pch"
core=write-counter/write_counter uapi=socket-bind/socket_bind
assert_grep "bpfbuild-cc' .*--pch \\./vmlinux\\.h\\.pch .* -o $core\\.bpf\\.o" "$T/on.make" "the compile of a CO-RE program"
n=0
for f in $(cd "$T/off" && find . -name '*.bpf.o' -o -name '*.skel.h' | sort); do
	cmp "$T/off/$f" "$T/on/$f" || fail "$f differs with the precompiled vmlinux.h"
	n=$((n + 1))
done
[ $n -ge 8 ] || fail "only $n objects and skeletons built"
# The compile really reads it: a damaged PCH breaks the CO-RE program
# (and only it: the uapi program does not include vmlinux.h).
touch -r "$T/on/vmlinux.h.pch" "$T/t"
head -c 4096 "$T/on/vmlinux.h.pch" >"$T/pch" && cat "$T/pch" >"$T/on/vmlinux.h.pch"
touch -r "$T/t" "$T/on/vmlinux.h.pch"
rm "$T/on/$core.bpf.o" "$T/on/$uapi.bpf.o"
if make -C "$T/on" "$core.bpf.o" >"$T/bad.log" 2>&1; then
	fail "the CO-RE program compiled with a damaged vmlinux.h.pch: the PCH is not used"
fi
assert_grep 'vmlinux\.h\.pch' "$T/bad.log" "the compile with a damaged PCH"
make -C "$T/on" "$uapi.bpf.o" >"$T/uapi.log" 2>&1 || { cat "$T/uapi.log"; fail "the uapi program read the PCH"; }
[ ! -e "$T/on/$core.bpf.o" ] || fail "a failed compile left $core.bpf.o"

# A make killed by SIGKILL runs no trap: "make distclean" removes the
# temporaries of the vmlinux.h dump and of the PCH by their names, and
# nothing else (files of the same look that bpfbuild did not write stay).
alive() { [ -e "/proc/$1" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
# killed_at PATTERN TARGET: "make TARGET" (in its own process group), killed
# with SIGKILL as soon as a file matching PATTERN exists in the build dir.
killed_at() {
	local pattern=$1 target=$2 pid
	for _ in $(seq 20); do
		rm -f "$T/on/vmlinux.h" "$T/on/bpf-vmlinux.stamp" "$T/on/vmlinux.h.pch"
		setsid make -C "$T/on" "$target" >/dev/null 2>&1 &
		pid=$!
		while alive "$pid"; do
			if compgen -G "$T/on/$pattern" >/dev/null; then
				kill -KILL -- "-$pid"
				{ wait "$pid"; } 2>/dev/null || :
				return 0
			fi
			sleep 0.01
		done
		wait "$pid" || :
	done
	fail "make $target never left $pattern to be killed at (20 tries)"
}
killed_at 'vmlinux.h.tmp*' vmlinux.h
killed_at 'vmlinux.h.pch.[0-9]*.tmp*' vmlinux.h.pch
mkdir "$T/on/.bpfbuild-ccnot"
touch "$T/on/vmlinux.h.tmpl" "$T/on/my.tmp" "$T/on/vmlinux.h.pch.notes" "$T/on/.bpfbuild-ccnot/x"
(cd "$T/on" && ls -A) >"$T/killed.ls"
assert_grep '^vmlinux\.h\.tmp[0-9]+$' "$T/killed.ls" "the build dir after a SIGKILL in the vmlinux.h dump"
assert_grep '^vmlinux\.h\.pch\.[0-9]+.*\.tmp' "$T/killed.ls" "the build dir after a SIGKILL in the PCH compile"
make -C "$T/on" distclean >"$T/distclean.log" 2>&1 || { cat "$T/distclean.log"; fail "make distclean"; }
(cd "$T/on" && ls -A) >"$T/distclean.ls"
assert_no_grep '^(vmlinux\.h\.tmp[0-9]|vmlinux\.h\.pch\.[0-9]|\.bpfbuild-cc\.[0-9])' "$T/distclean.ls" "the build dir after make distclean"
for f in vmlinux.h.tmpl my.tmp vmlinux.h.pch.notes .bpfbuild-ccnot/x; do
	[ -e "$T/on/$f" ] || fail "make distclean removed $f, which bpfbuild did not write"
done
