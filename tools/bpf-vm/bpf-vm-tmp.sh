# shellcheck shell=sh # sourced, never run: no #!, installed 0644
# bpf-vm-tmp.sh: sourced by the VM tools.  Their temporary directories
# carry an owner mark (host, pid, the process's start time), and an
# interrupted run removes its own before it dies of the signal.  SIGKILL
# cannot be trapped: the next run removes the marked directories whose
# owner is gone (its pid ended, or was reused by a later process).  A
# directory without the mark is never removed: bpfbuild did not make it.

# proc_start PID: the start time of PID (field 22 of /proc/PID/stat, read
# after the command name, which may hold blanks), or nothing.
proc_start() {
	sed -n 's/^.*) //p' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20
}

# tmp_owned DIR: marks DIR as this run's.
tmp_owned() {
	echo "$(uname -n) $$ $(proc_start $$)" >"$1/.bpfbuild-owner"
}

# tmp_reap GLOB...: removes every marked directory of GLOB whose owner on
# this host is gone.
tmp_reap() {
	for d in "$@"; do
		# Ours: marked, not a link, and owned by this user ("test -O" is
		# not POSIX).
		[ -f "$d/.bpfbuild-owner" ] && [ ! -L "$d" ] || continue
		ls -ldn "$d" | { read -r _ _ u _ && [ "$u" = "$(id -u)" ]; } || continue
		read -r h p s <"$d/.bpfbuild-owner" || continue
		[ "$h" = "$(uname -n)" ] || continue
		case $p in ''|*[!0-9]*) continue ;; esac
		[ -n "$s" ] && [ "$(proc_start "$p")" = "$s" ] && continue
		rm -rf "$d"
	done
}

# tmp_traps CLEANUP: CLEANUP on exit; on INT, TERM or HUP, CLEANUP, then
# the same signal again, so that the caller sees how the run ended.
tmp_traps() {
	# shellcheck disable=SC2064 # CLEANUP and the signal are fixed now
	trap "$1" EXIT
	for s in INT TERM HUP; do
		# shellcheck disable=SC2064
		trap "$1; trap - $s EXIT; kill -s $s \$\$" "$s"
	done
}
