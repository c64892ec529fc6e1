#!/bin/sh
# Sourced by the engine's per-user caches (bpfbuild-probe-cache.sh's probe
# answers, bpfbuild-vmlinux-h's header, bpfbuild-pch's precompiled header);
# executable only so that it installs like its siblings.
# bpfbuild-user-cache.sh: where the per-user cache is, and when a file in
# it is trusted.  The cache holds words that become commands and headers
# that become objects, so a file in it is trusted only when no other user
# could have put it there or swapped it: the directory and every one above
# it are safe (cache_dir_safe), and the file is checked on the descriptor
# it is read from (cache_read), never by a name opened again.
# shellcheck disable=SC2034 # user_dir, cache_unsafe: the sourcing script's

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

# cache_dir_make: makes user_dir (and the XDG cache directory above it),
# private, where they are missing; then cache_dir_safe.
cache_dir_make() {
	[ -d "${user_dir%/*}" ] || mkdir -m 700 -- "${user_dir%/*}" 2>/dev/null
	[ -d "$user_dir" ] || mkdir -m 700 -- "$user_dir" 2>/dev/null
	cache_dir_safe
}

# cache_dir_safe: user_dir is the user's alone, and so is the way to it,
# as OpenSSH's StrictModes asks of ~/.ssh: user_dir is the user's and
# writable by no other user; every directory above it is the user's or
# root's, and writable by no other user unless sticky (/tmp: others may
# add names there, but not rename or remove the user's).  Whoever can write
# a directory on the way can swap what lies below it between a check and
# a read.  On success user_dir becomes its physical path, which the
# caches then open; on failure cache_unsafe names the first directory
# that is not safe.
cache_dir_safe() {
	cache_unsafe=$user_dir
	d=$(cd -P -- "$user_dir" 2>/dev/null && pwd -P) || return 1
	uid=$(id -u) top=1 real=$d
	while :; do
		cache_unsafe=$d
		# shellcheck disable=SC2012 # ls -n: the numeric owner and the mode, in POSIX sh
		ls -ldn -- "$d" 2>/dev/null | awk -v uid="$uid" -v top=$top '
			{ w = substr($1, 6, 1) == "w" || substr($1, 9, 1) == "w" }
			top && ($3 != uid || w) { exit 1 }
			!top && (($3 != uid && $3 != 0) || (w && substr($1, 10, 1) !~ /[tT]/)) { exit 1 }
			{ ok = 1 }
			END { exit !ok }' || return 1
		[ "$d" != / ] || break
		d=${d%/*} top=0
		d=${d:-/}
	done
	user_dir=$real cache_unsafe=''
}

# cache_fd_private FD: what is open on FD is a regular file of the user's
# that no other user can write (/dev/fd/FD, links followed: the open file
# itself, whatever its name now points to).
cache_fd_private() {
	# shellcheck disable=SC2012 # as above
	ls -lnL "/dev/fd/$1" 2>/dev/null | awk -v uid="$(id -u)" '
		/^-/ && $3 == uid && substr($1, 6, 1) != "w" && substr($1, 9, 1) != "w" { ok = 1 }
		END { exit !ok }'
}

# cache_read FILE: FILE's bytes on standard output, from one open of it,
# when what was opened is a regular file of the user's alone (in a
# directory that cache_dir_safe accepted).  Fails, printing nothing,
# otherwise.
cache_read() {
	{ cache_fd_private 3 && cat <&3; } 2>/dev/null 3<"$1"
}

# cache_file_private FILE: FILE, as opened now, is a regular file of the
# user's that no other user can write (for a file bpfbuild does not read,
# such as the header a PCH names).
cache_file_private() {
	{ cache_fd_private 3; } 2>/dev/null 3<"$1"
}

# cache_sum: the SHA-256 of standard input, as an entry records it: a cut
# or changed entry no longer matches.
cache_sum() {
	sha256sum | cut -d' ' -f1
}

# cache_put FILE: standard input becomes FILE, written whole to a
# temporary beside it, then renamed; nothing is left after a failure.
cache_put() {
	cache_tmp=$(mktemp "$1.XXXXXX" 2>/dev/null) || return 1
	if cat >"$cache_tmp" 2>/dev/null && mv -f "$cache_tmp" "$1" 2>/dev/null; then
		cache_tmp=''
		return 0
	fi
	rm -f "$cache_tmp"
	cache_tmp=''
	return 1
}
