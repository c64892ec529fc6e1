#!/bin/sh
# Sourced by bpfbuild-probe for --cache; executable only so that it installs
# like its siblings.  It uses bpfbuild-probe's $here and $probes.
# shellcheck disable=SC2154
# bpfbuild-probe-cache.sh: the probe's answers, kept per build directory
# (--cache FILE) and per user ($BPFBUILD_PROBE_CACHE, default
# ~/.cache/bpfbuild), under one key: a hash of everything the answer
# depends on.  An entry is one "cache_key=KEY" line, the answer, a
# "cache_sum=SHA256" line of the answer and one "cache_end=KEY" line; the
# adapters put its words into commands (and autoconf into a Makefile), so
# only an entry that cache_answer accepts is ever answered from: anything
# else is probed again.  Which per-user files are trusted at all:
# bpfbuild-user-cache.sh.

# shellcheck source=bpfbuild-user-cache.sh
. "$here/bpfbuild-user-cache.sh"

# cache_inputs ARGS...: what the answer depends on (arguments, environment,
# user, kernel, the compilers and their identity, bpftool, libbpf's
# headers, the engine and its probes).
cache_inputs() {
	echo "$*|${BPF_CC-}|${BPFTOOL-}|${BPF_CFLAGS-}|${CC_FOR_BUILD-}|$PATH|$(id -u)"
	uname -r
	IFS=:
	for d in $PATH /usr/sbin /usr/include/bpf; do
		ls -lLd --time-style=+%s "$d"/clang* "$d"/bpf*gcc* "$d"/bpftool "$d"/bpf_helper*.h 2>/dev/null
	done
	unset IFS
	# The engine by its content, not by where it was unpacked: every
	# project's copy of the same engine (a subproject, build-aux/bpfbuild,
	# make distcheck's) gets the same answer.
	cat "$here"/* "$probes"/* 2>/dev/null | sha256sum
	# The compiler's identity, not only its path: a BPF_CC wrapper
	# that now runs another compiler must be probed again.
	if [ -n "${BPF_CC:-}" ]; then
		set -f
		# shellcheck disable=SC2086 # BPF_CC is a command, as CC is
		$BPF_CC --version 2>&1 | head -n 2
		set +f
	fi
}

# cache_key ARGS...: the key of the answer to ARGS.
cache_key() { cache_inputs "$@" | sha256sum | cut -d' ' -f1; }

# cache_entry_ok: standard input is a whole entry for $key (a cut one
# lacks its cache_end line or its status) whose values are what the probe
# writes: cap_* yes or no; the summary's texts (why*, note, candidate,
# decision*, reproducible, *_version) anything; every other value, which
# becomes a word of a command (flag, cc_cmd, bpftool, link, ...), a plain
# word of letters, digits and _ . , : = + / @ % - only.
cache_entry_ok() {
	awk -v key="$key" '
		BEGIN { ok = 1 }
		NR == 1 { if ($0 != "cache_key=" key) { ok = 0; exit } next }
		closed { ok = 0; exit }
		$0 == "cache_end=" key { closed = 1; next }
		!/^[a-z][a-z0-9_]*=/ { ok = 0; exit }
		{ k = $0; sub(/=.*/, "", k); v = substr($0, length(k) + 2); seen[k]++ }
		k ~ /^cap_/ { if (v != "yes" && v != "no") { ok = 0; exit } next }
		k ~ /^why/ || k ~ /_version$/ || k ~ /^(note|candidate|decision|decision_row|reproducible)$/ { next }
		v !~ /^[-A-Za-z0-9_.,:=+\/@%]*$/ { ok = 0; exit }
		k == "status" { status = v }
		END {
			if (!ok || !closed || seen["status"] != 1 || seen["cache_sum"] != 1) exit 1
			if (status == "unusable") exit 0
			exit !(status == "ok" && seen["cc"] && seen["cc_cmd"] && seen["bpftool"] && seen["link"] && seen["flag"])
		}'
}

# cache_answer TEXT: sets out to the answer of the entry TEXT when it is
# whole (cache_entry_ok) and the answer is the one its cache_sum was
# written for (a line lost or changed since, as a cut write or a hand
# leaves it, is not).
cache_answer() {
	printf '%s\n' "$1" | cache_entry_ok || return 1
	out=$(printf '%s\n' "$1" | sed '1d;$d' | grep -v '^cache_sum=')
	[ "cache_sum=$(printf '%s\n' "$out" | cache_sum)" = "$(printf '%s\n' "$1" | grep '^cache_sum=')" ]
}

# cache_store FILE: FILE becomes the entry for $out, or stays as it was
# (a full disk, a read-only directory).
cache_store() {
	printf 'cache_key=%s\n%s\ncache_sum=%s\ncache_end=%s\n' "$key" "$out" \
		"$(printf '%s\n' "$out" | cache_sum)" "$key" | cache_put "$1"
}

# cache_run CACHE ARGS...: answer from CACHE (a file, or '') or the
# per-user cache when either holds a good entry for ARGS; otherwise probe
# ("$0" ARGS) and keep the answer in both.  Never returns.
cache_run() {
	cache=$1
	shift
	key=$(cache_key "$@")
	cache_user_dir
	# The build directory's own entry needs no owner check: whoever can
	# write there can rewrite the build's commands anyway.  The per-user
	# one is read once, from a safe directory, and checked on that read.
	if [ -n "$cache" ] && [ -f "$cache" ] && cache_answer "$(cat "$cache" 2>/dev/null)"; then
		printf '%s\n' "$out"
		exit 0
	fi
	if [ -n "$user_dir" ] && [ -d "$user_dir" ] && cache_dir_safe &&
	   text=$(cache_read "$user_dir/probe-$key") && cache_answer "$text"; then
		[ -z "$cache" ] || cache_store "$cache"
		printf '%s\n' "$out"
		exit 0
	fi
	out=$("$0" "$@")
	rc=$?
	printf '%s\n' "$out"
	[ $rc -eq 0 ] || exit $rc
	[ -z "$cache" ] || cache_store "$cache"
	# Best effort: a read-only or full disk only costs the next probe.
	[ -n "$user_dir" ] || exit 0
	if cache_dir_make; then
		cache_store "$user_dir/probe-$key"
	elif [ -d "$cache_unsafe" ]; then
		# Said once, in the summary (not kept with the answer).
		echo "note=the probe cache $user_dir is not used: ${cache_unsafe%/} is another user's or another user can write to it; make it yours alone (chown, chmod go-w) or set BPFBUILD_PROBE_CACHE to a directory of your own"
	fi
	exit 0
}
