#!/bin/bash
# The probe's compiles made ahead (engine/bpfbuild-probe-ahead.sh, issue
# 30): a second process compiles the capability probes from the end of the
# list while measure goes on from its start (the early stages' lists too:
# the C standard and glibc; the -mcpu levels and BTF).  The answer must be the one
# the probe gives with nothing made ahead, for each compiler here (gcc-bpf
# decides flags midway: what was made with the old ones is made again);
# the worker must have made some of them (else nothing was tested here),
# and no process of it may outlive the probe.
. "$(dirname "$0")/../lib.sh"
E=$BPFBUILD_TOP/engine
ccs=''
command -v clang >/dev/null && ccs="$ccs clang"
command -v bpf-gcc >/dev/null && ccs="$ccs gcc"
[ -n "$ccs" ] || skip "no BPF compiler here"
# gcc-bpf 12 orders its BTF by heap address: whether two of its compiles
# differ (and btf_sort is then measured as needed) is chance, run to run.
answer() { grep -v -e btf_sort -e btf-sort "$1"; }
# The words decide, with a real compiler on the engine's probe sources: a
# compile made with other flags is never taken, and after ahead_refresh
# what was left is made again with the new ones.
cc=${ccs# } cc=${cc%% *}
[ "$cc" = gcc ] && cc=bpf-gcc
(
	work=$T/unit probes=$E/probes cc_extra=''
	cflags="-O2 -idirafter /usr/include/$(cc -print-multiarch)"
	[ "$cc" = clang ] && cflags="-target bpf $cflags"
	mkdir -p "$work"
	. "$E/bpfbuild-probe-cc.sh"
	. "$E/bpfbuild-probe-ahead.sh"
	made() { for n in "$@"; do until [ -f "$ahead_dir/$n/rc" ]; do sleep 0.05; done; done; }
	ahead_start helpers:helpers.bpf.c memset:memset.bpf.c bitfield:bitfield.bpf.c
	made helpers memset
	ahead_take helpers helpers.bpf.c $cflags && [ "$ahead_rc" = 0 ] ||
		fail "a compile made ahead with the same words is not taken"
	cflags="$cflags -fno-inline"
	! ahead_take memset memset.bpf.c $cflags || fail "a compile made ahead with other flags is taken"
	ahead_refresh
	[ "$ahead_dir" = "$work/ahead.2" ] || fail "ahead_refresh did not start again on new flags"
	made bitfield
	ahead_take bitfield bitfield.bpf.c $cflags || fail "after ahead_refresh, the new flags' compile is not taken"
	ahead_stop
) || exit 1
for c in $ccs; do
	for mode in ahead no; do
		mkdir -p "$T/$c.$mode"
		TMPDIR=$T/$c.$mode BPFBUILD_PROBE_CACHE=off BPFBUILD_PROBE_KEEP=1 _BPFBUILD_PROBE_AHEAD=$mode \
			"$E/bpfbuild-probe" --compiler "$c" >"$T/$c.$mode.out" 2>"$T/$c.$mode.err" ||
			fail "$c: the probe failed ($mode): $(head -n 3 "$T/$c.$mode.err" "$T/$c.$mode.out")"
	done
	grep -q '^status=ok' "$T/$c.ahead.out" || fail "$c: no answer: $(grep -m1 why "$T/$c.ahead.out")"
	diff <(answer "$T/$c.no.out") <(answer "$T/$c.ahead.out") >"$T/$c.diff" ||
		fail "$c: made ahead, the probe answers otherwise: $(head -n 8 "$T/$c.diff")"
	made=$(find "$T/$c.ahead" -path '*/ahead.*/*' -name words | wc -l)
	[ "$made" -gt 0 ] || fail "$c: the worker made no compile (nothing was made ahead)"
	# The stages before the btf one are made two at a time too: their
	# names were offered to the worker (a name's directory is its claim).
	for n in glibc mcpu_v4 btf; do
		[ -n "$(find "$T/$c.ahead" -path "*/ahead.*/$n" -type d)" ] ||
			fail "$c: the $n probe's compile was not offered to the worker"
	done
	[ -z "$(find "$T/$c.no" -path '*/ahead.*')" ] || fail "$c: _BPFBUILD_PROBE_AHEAD=no made compiles ahead"
	left=$(pgrep -f -- "$T/$c.ahead" || true)
	[ -z "$left" ] || fail "$c: processes of the probe outlive it: $(ps -o args= -p $left | head -n 3)"
	echo "ok: $c: $made compiles made ahead, the same answer"
done
