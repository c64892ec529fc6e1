# shellcheck shell=bash
# Timing helpers for tests/bench/build-speed.sh; sourced, not run.
# A small loop over bash's "time" rather than hyperfine: no extra package,
# and the two sides of a comparison can be interleaved run by run (ABAB),
# so that a load change on this shared machine hits both alike.

# timed NAME CMD...: runs CMD once, output to $work/log/NAME.log, and
# appends "WALL CPU" (seconds; CPU = user + sys of CMD and its children)
# to $work/t/NAME.  A failing command stops the benchmark with its log.
# shellcheck disable=SC2154 # $work is the caller's work directory
timed() {
	local name=$1 rc=0; shift
	local TIMEFORMAT='%R %U %S'
	mkdir -p "$work/t" "$work/log"
	{ time "$@" >>"$work/log/$name.log" 2>&1; } 2>"$work/t/$name.last" || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 30 "$work/log/$name.log" >&2
		die "failed ($rc): $*"
	fi
	awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$work/t/$name.last" >>"$work/t/$name"
}

# med NAME [COLUMN]: median of the runs of NAME (column 1 wall, 2 CPU).
med() {
	awk -v c="${2:-1}" '{ print $c }' "$work/t/$1" | sort -g |
		awk '{ v[NR] = $1 } END { printf "%.3f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# spread NAME [COLUMN]: "min-max" of the runs, to show the noise.
spread() {
	awk -v c="${2:-1}" 'NR == 1 || $c < lo { lo = $c } NR == 1 || $c > hi { hi = $c }
		END { printf "%.2f–%.2f", lo, hi }' "$work/t/$1"
}

# div A B [DIGITS]: A / B.
div() { awk -v a="$1" -v b="$2" -v d="${3:-2}" 'BEGIN { printf "%.*f\n", d, a / b }'; }

# le A B / ge A B: numeric comparisons for the verdicts.
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
