#!/bin/sh
# Sourced by bpfbuild-probe for --cache; executable only so that it installs
# like its siblings.  It uses bpfbuild-probe's $here and $probes.
# shellcheck disable=SC2154
# bpfbuild-probe-cache.sh: the probe's answers, kept per build directory
# (--cache FILE) and per user ($BPFBUILD_PROBE_CACHE, default
# ~/.cache/bpfbuild), under one key: a hash of everything the answer
# depends on.  An entry is one "cache_key=KEY" line, the answer, and one
# "cache_end=KEY" line; the adapters put its words into commands (and
# autoconf into a Makefile), so only an entry that cache_entry_ok accepts is
# ever answered from: anything else is probed again.

# cache_inputs ARGS...: what the answer depends on (arguments, environment,
# user, kernel, the compilers and their identity, bpftool, libbpf's
# headers, the probes themselves).
cache_inputs() {
	echo "$*|${BPF_CC-}|${BPFTOOL-}|${BPF_CFLAGS-}|${CC_FOR_BUILD-}|$PATH|$(id -u)"
	uname -r
	IFS=:
	for d in $PATH /usr/sbin /usr/include/bpf; do
		ls -lLd --time-style=+%s "$d"/clang* "$d"/bpf*gcc* "$d"/bpftool "$d"/bpf_helper*.h 2>/dev/null
	done
	unset IFS
	ls -lL --time-style=+%s "$0" "$here"/* "$probes"/* 2>/dev/null
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

# cache_user_dir: sets user_dir, the per-user cache directory ('' for
# none), and user_base, the directory that must already exist for it to
# be made: bpfbuild makes the cache directory and at most the XDG cache
# directory above it (~/.cache), never HOME (Debian's system users have
# HOME=/nonexistent) nor anything higher.  Without one: no per-user cache.
cache_user_dir() {
	user_dir='' user_base=/nonexistent
	if [ -n "${BPFBUILD_PROBE_CACHE+set}" ]; then
		[ "$BPFBUILD_PROBE_CACHE" = off ] || user_dir=$BPFBUILD_PROBE_CACHE
		user_base=$(dirname -- "$user_dir")
	elif [ -n "${XDG_CACHE_HOME:-}" ]; then
		user_dir=$XDG_CACHE_HOME/bpfbuild
		user_base=$(dirname -- "$XDG_CACHE_HOME")
	elif [ -n "${HOME:-}" ]; then
		user_dir=$HOME/.cache/bpfbuild
		user_base=$HOME
	fi
	[ -d "$user_base" ] || user_dir=''
}

# cache_private PATH...: every PATH (links followed) is the user's own and
# writable by no other user: another user's words never reach a command.
cache_private() {
	# shellcheck disable=SC2012 # ls -n: the numeric owner and the mode, in POSIX sh
	ls -ldnL -- "$@" 2>/dev/null | awk -v uid="$(id -u)" -v n=$# '
		$3 != uid || substr($1, 6, 1) == "w" || substr($1, 9, 1) == "w" { bad = 1 }
		END { exit bad || NR != n }'
}

# cache_entry_ok FILE: FILE is a whole entry for $key (a cut one lacks its
# cache_end line or its status) whose values are what the probe writes:
# cap_* yes or no; the summary's texts (why*, note, candidate, decision*,
# reproducible, *_version) anything; every other value, which becomes a
# word of a command (flag, cc_cmd, bpftool, link, ...), a plain word of
# letters, digits and _ . , : = + / @ % - only.
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
			if (!ok || !closed || seen["status"] != 1) exit 1
			if (status == "unusable") exit 0
			exit !(status == "ok" && seen["cc"] && seen["cc_cmd"] && seen["bpftool"] && seen["link"] && seen["flag"])
		}' "$1"
}

# cache_store FILE: FILE becomes the entry for $out, or stays as it was
# (a full disk, a read-only directory): written whole to a temporary
# beside it, then renamed; the temporary never outlives a failure.
cache_store() {
	tmp=$(mktemp "$1.XXXXXX" 2>/dev/null) || return 1
	if printf 'cache_key=%s\n%s\ncache_end=%s\n' "$key" "$out" "$key" >"$tmp" 2>/dev/null &&
	   mv -f "$tmp" "$1" 2>/dev/null; then
		return 0
	fi
	rm -f "$tmp"
	return 1
}

# cache_run CACHE ARGS...: answer from CACHE (a file, or '') or the
# per-user cache when either holds a good entry for ARGS; otherwise probe
# ("$0" ARGS) and keep the answer in both.  Never returns.
cache_run() {
	cache=$1
	shift
	key=$(cache_key "$@")
	cache_user_dir
	shared=''
	[ -z "$user_dir" ] || shared=$user_dir/probe-$key
	# The build directory's own entry needs no owner check: whoever can
	# write there can rewrite the build's commands anyway.
	for f in "$cache" "$shared"; do
		[ -n "$f" ] && [ -f "$f" ] || continue
		[ "$f" != "$shared" ] || cache_private "$user_dir" "$f" || continue
		cache_entry_ok "$f" || continue
		out=$(sed '1d;$d' "$f")
		[ "$f" = "$cache" ] || [ -z "$cache" ] || cache_store "$cache"
		printf '%s\n' "$out"
		exit 0
	done
	out=$("$0" "$@")
	rc=$?
	printf '%s\n' "$out"
	[ $rc -eq 0 ] || exit $rc
	[ -z "$cache" ] || cache_store "$cache"
	# Best effort: a read-only or full disk only costs the next probe.
	if [ -n "$shared" ]; then
		[ -d "${user_dir%/*}" ] || mkdir -m 700 -- "${user_dir%/*}" 2>/dev/null
		[ -d "$user_dir" ] || mkdir -m 700 -- "$user_dir" 2>/dev/null
		if cache_private "$user_dir"; then
			cache_store "$shared"
		elif [ -d "$user_dir" ]; then
			# Said once, in the summary (not kept with the answer).
			echo "note=the probe cache $user_dir is not used: another user owns it or can write to it; make it yours alone (chown, chmod go-w) or set BPFBUILD_PROBE_CACHE to a directory of your own"
		fi
	fi
	exit 0
}
