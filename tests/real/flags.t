#!/bin/bash
# The compile command as projects and distributions set it: BPF_CC with a
# launcher (ccache) or words of its own, as CC is written; the project's
# flags (bpf-c-args, BPF_CFLAGS) kept across a regeneration; an ISA level
# only when asked (bpf-cpu); skeleton names; a BPF_CC wrapper that starts
# running another compiler is probed again.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-real.sh"
src=$T/src
real_copy "$src"
setup() {  # BUILD ARGS...
	local b=$1; shift
	meson setup "$b" "$src" -Dbpfbuild:vmlinux-h-path=x86/vmlinux.h "$@" >"$b.setup.log" 2>&1 ||
		{ cat "$b.setup.log"; fail "configure failed: $*"; }
}
cc=$(BPF_CFLAGS= "$BPFBUILD_TOP/engine/bpfbuild-probe" | sed -n 's/^cc=//p')
[ -n "$cc" ] || fail "no BPF compiler found"
note "compiler: $cc"

note "plain build"
setup "$T/plain"
meson compile -C "$T/plain" >"$T/plain.build.log" 2>&1 || { tail -n 30 "$T/plain.build.log"; fail "build failed"; }
objs=$(cd "$T/plain" && ls ./*.bpf.o ./*.skel.h)

if command -v ccache >/dev/null; then
	note "BPF_CC='ccache $cc': the launcher runs the compile, and changes no byte"
	export CCACHE_DIR=$T/ccache
	stat() { ccache --print-stats | awk -F'\t' -v k="$1" '$1 == k { print $2 }'; }
	BPF_CC="ccache $cc" setup "$T/ccache-build"
	assert_grep "compiler +: [^ ]*/ccache $cc " "$T/ccache-build.setup.log" "the summary"
	for round in cold warm; do
		ninja -C "$T/ccache-build" -t clean >/dev/null
		meson compile -C "$T/ccache-build" >"$T/ccache.log" 2>&1 || { tail -n 30 "$T/ccache.log"; fail "ccache build failed"; }
		for o in $objs; do
			cmp -s "$T/plain/$o" "$T/ccache-build/$o" || fail "$o differs with ccache ($round)"
		done
		# The warm build: every compile a hit (with a launcher, no compile
		# takes the PCH, whose presence when it starts is timing).
		[ $round = warm ] || ccache -z >/dev/null
	done
	nobj=$(printf '%s\n' $objs | grep -c '\.bpf\.o$')
	hits=$(( $(stat direct_cache_hit) + $(stat preprocessed_cache_hit) ))
	[ "$(stat cache_miss)" = 0 ] && [ "$(stat could_not_use_precompiled_header)" = 0 ] && [ $hits -ge "$nobj" ] ||
		{ ccache -s; fail "the warm ccache build did not hit for every one of the $nobj objects: $hits hits, $(stat cache_miss) misses, $(stat could_not_use_precompiled_header) refused for the PCH"; }
	assert_grep "vmlinux.h.pch +: yes" "$T/ccache-build.setup.log" "the summary (the PCH, which ccache must take)"
elif [ "${CI:-}" = true ]; then
	fail "ccache is not installed (tests/install-deps installs it)"
fi

note "BPF_CC with a word of its own, as CC='gcc -m32' is written"
BPF_CC="$cc -fcolor-diagnostics" setup "$T/words"
assert_grep "compiler +: $cc -fcolor-diagnostics " "$T/words.setup.log" "the summary"
meson compile -C "$T/words" >/dev/null 2>&1 || fail "build with BPF_CC words failed"
for o in $objs; do cmp -s "$T/plain/$o" "$T/words/$o" || fail "$o differs with -fcolor-diagnostics"; done

note "bpf-c-args and BPF_CFLAGS are kept when ninja regenerates without them"
BPF_CFLAGS=-DBPFBUILD_FROM_ENV=1 setup "$T/regen" -Dbpfbuild:bpf-c-args=-DBPFBUILD_FROM_OPTION=1
for mark in BPFBUILD_FROM_ENV BPFBUILD_FROM_OPTION; do
	assert_grep "D$mark=1" "$T/regen/build.ninja" "build.ninja"
done
touch "$src/meson.build"
env -u BPF_CFLAGS ninja -C "$T/regen" >"$T/regen.log" 2>&1 || { tail -n 30 "$T/regen.log"; fail "the regenerated build failed"; }
assert_grep "Regenerating|Re-?configur" "$T/regen.log" "ninja (no regeneration happened)"
for mark in BPFBUILD_FROM_ENV BPFBUILD_FROM_OPTION; do
	assert_grep "D$mark=1" "$T/regen/build.ninja" "build.ninja after the regeneration"
done

note "no -mcpu unless bpf-cpu asks; then the summary names it"
assert_no_grep "mcpu=" "$T/plain/build.ninja" "build.ninja (bpf-cpu=default)"
setup "$T/cpu" -Dbpfbuild:bpf-cpu=v2
assert_grep "mcpu=v2" "$T/cpu/build.ninja" "build.ninja (bpf-cpu=v2)"
assert_grep "^ *-mcpu=v2 *: mcpu \(asked for" "$T/cpu.setup.log" "the BPF flags summary"

note "every decided flag has its row in the summary, with its probe"
for f in $(sed -n 's/^ *flags *: //p' "$T/plain.setup.log"); do
	case $f in -I"$T"/*|-I"$src"*|-idirafter|/usr/include/*) continue ;; esac
	grep -qE "^ *([^ ]+ )*$(printf '%s' "$f" | sed 's/[.[\*^$]/\\&/g')( [^ ]+)* *: [a-z_0-9]+ \(" "$T/plain.setup.log" ||
		fail "the flag $f has no row in the BPF flags summary"
done

note "skeleton names: bpftool's NAME_bpf, or a C identifier the program gives"
grep -q '^struct port_filter_bpf {' "$T/plain/port-filter.skel.h" || fail "port-filter.skel.h: no struct port_filter_bpf"
cat >>"$src/meson.build" <<'MESON'
custom_target('named', input : files('deny-proto.bpf.c'), output : ['named.bpf.o', 'named.skel.h'],
	kwargs : bpf['target'] + {'command' : bpf['target']['command'] + ['--skeleton-name=deny_filter']})
custom_target('badname', input : files('deny-proto.bpf.c'), output : ['badname.bpf.o', 'badname.skel.h'],
	kwargs : bpf['target'] + {'build_by_default' : false,
		'command' : bpf['target']['command'] + ['--skeleton-name=deny-filter']})
MESON
setup "$T/named"
meson compile -C "$T/named" named >/dev/null 2>&1 || fail "a program with --skeleton-name did not build"
grep -q '^struct deny_filter {' "$T/named/named.skel.h" || fail "named.skel.h: no struct deny_filter"
if meson compile -C "$T/named" badname >"$T/bad.log" 2>&1; then fail "a skeleton name that is no C identifier was accepted"; fi
assert_grep "skeleton name 'deny-filter' is not a C identifier" "$T/bad.log"
[ ! -e "$T/named/badname.bpf.o" ] || fail "badname.bpf.o was left behind"

note "a BPF_CC wrapper that runs another compiler now is probed again"
second=$(command -v clang-19 || command -v clang-21 || true)
if [ -n "$second" ] && [ "$(readlink -f "$second")" != "$(readlink -f "$cc")" ]; then
	mkdir -p "$T/bin"
	echo "$cc" >"$T/bin/target"
	printf '#!/bin/sh\nexec "$(cat "%s")" "$@"\n' "$T/bin/target" >"$T/bin/bpfcc"
	chmod +x "$T/bin/bpfcc"
	BPF_CC=$T/bin/bpfcc setup "$T/wrap"
	v1=$(sed -n 's/^ *compiler *: .*(\(.*\))$/\1/p' "$T/wrap.setup.log")
	echo "$second" >"$T/bin/target"
	BPF_CC=$T/bin/bpfcc meson setup --reconfigure "$T/wrap" "$src" >"$T/wrap2.log" 2>&1 || { cat "$T/wrap2.log"; fail "reconfigure failed"; }
	v2=$(sed -n 's/^ *compiler *: .*(\(.*\))$/\1/p' "$T/wrap2.log")
	note "wrapper: $v1, then $v2"
	[ "$v1" != "$v2" ] || fail "the wrapper now runs $second, but the cached probe still says $v1"
fi
echo "ok"
