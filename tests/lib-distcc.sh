# shellcheck shell=bash
# A distccd of the test's own, for BPF_CC="distcc clang" (tests/meson/
# distcc.t, tests/autoconf/distcc.t); sourced after lib.sh.
#
# distccd_start [CLANG]: skips without distcc, distccd or clang; starts a
# daemon on loopback only, with its own port, log ($DISTCCD_LOG) and
# compiler directory, and exports what distcc and ccache need
# (DISTCC_HOSTS, this daemon alone, no local fallback, DISTCC_DIR,
# CCACHE_DIR, BPFBUILD_PROBE_CACHE, all under $T).  Each daemon goes with
# the test (its process group, by the EXIT trap).  CLANG: a program that
# this daemon runs for clang (the builds name it by its path), bound over
# it in the daemon's own mount namespace, so that nothing else sees it.
# Debian's distccd runs only compilers listed in /usr/lib/distcc (a system
# directory a test must not touch); --enable-tcp-insecure lifts that list,
# and DISTCCD_PATH names the compilers it may run.  As root it drops to
# the distcc user, who must reach its log and the compiler link.
distccd_start() {
	local stand_in=${1:-} clang port pid n args
	command -v distcc >/dev/null && command -v distccd >/dev/null || skip "distcc and distccd are not installed"
	clang=$(command -v clang) || skip "no clang"
	clang=$(readlink -f "$clang")
	distccd_n=$((${distccd_n:-0} + 1)) n=$distccd_n
	mkdir -p "$T/bin$n" && ln -s "$clang" "$T/bin$n/clang"
	mkdir -m 1777 "$T/dd$n" && chmod a+x "$T"
	DISTCCD_LOG=$T/dd$n/distccd.log
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	args=(distccd --daemon --no-detach --enable-tcp-insecure --listen 127.0.0.1 --allow 127.0.0.1
		--port "$port" --log-file "$DISTCCD_LOG" --log-level info --pid-file "$T/dd$n/pid" -j 2)
	[ -z "$stand_in" ] || args=(unshare --mount --propagation private sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"'
		sh "$stand_in" "$clang" "${args[@]}")
	DISTCCD_PATH=$T/bin$n setsid "${args[@]}" &
	pid=$!
	distccd_pids="${distccd_pids:-} $pid"
	# Its own process group (setsid): the preforked children go with it.
	# shellcheck disable=SC2154 # _own_run_dir: lib.sh's
	trap 'for p in $distccd_pids; do kill -- -"$p" 2>/dev/null; done; rm -rf "$T" ${_own_run_dir:+"$_own_run_dir"}' EXIT
	for _ in $(seq 50); do
		grep -q 'listening on' "$DISTCCD_LOG" 2>/dev/null && break
		kill -0 "$pid" 2>/dev/null || fail "distccd did not start: $(cat "$DISTCCD_LOG" 2>/dev/null)"
		sleep 0.1
	done
	mkdir -p "$T/distcc"
	export DISTCC_HOSTS=127.0.0.1:$port/2 DISTCC_FALLBACK=0 DISTCC_DIR=$T/distcc CCACHE_DIR=$T/ccache \
		BPFBUILD_PROBE_CACHE=$T/probe-cache
}

# distccd_build WHAT MIN CMD...: runs CMD (a build of WHAT; output in
# $T/WHAT.build); fails unless it succeeds and distccd's log shows at
# least MIN new compiles, which go to $T/WHAT.dd.
distccd_build() {
	local what=$1 min=$2 before after
	shift 2
	before=$(grep -c 'COMPILE_OK' "$DISTCCD_LOG" || true)
	"$@" >"$T/$what.build" 2>&1 || { cat "$T/$what.build"; fail "build ($what)"; }
	after=$(grep -c 'COMPILE_OK' "$DISTCCD_LOG" || true)
	[ $((after - before)) -ge "$min" ] ||
		{ cat "$DISTCCD_LOG"; fail "$what: distccd compiled $((after - before)) sources, expected at least $min"; }
	grep COMPILE_OK "$DISTCCD_LOG" | sed -n "$((before + 1)),\$p" >"$T/$what.dd"
	note "$what: $((after - before)) compiles on distccd"
}
