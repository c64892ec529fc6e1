# shellcheck shell=bash
# Sourced by tests/run: its other environments (the Debian roots, the other
# clangs), each a whole tests/run of its own, run now or in the background
# beside the host; their output is shown with the environment's name before
# each test and counted into tests/run's totals (passed, failed, skipped,
# failures, recap).
# run_env NAME COMMAND...: runs a whole tests/run in another environment,
# shows its results with NAME: before each test name, and adds its counts.
# An environment that ends without its count line, or fails without a
# failed test, counts as one failure of its own.
# run_env_from NAME FILE: the same, from the output of a run that went in
# the background (started by start_env; its last line is "rc=N").
run_env() {
	local env=$1
	shift
	parse_env "$env" < <("$@" 2>&1; echo "rc=$?")
}
run_env_from() {
	parse_env "$1" <"$2"
}
parse_env() {
	local env=$1 line p=0 f=0 s=0 counted=no rc
	while IFS= read -r line; do
		case $line in
		PASS\ \ *|FAIL\ \ *|SKIP\ \ *|OMIT\ \ *)
			[ "${line:0:4}" = FAIL ] && failures+=("$env:$(echo "${line:6}" | cut -d' ' -f1)")
			echo "${line:0:6}$env:${line:6}" ;;
		"total time: "*) echo "$env: suite time ${line#total time: }" ;;
		"failed: "*) ;;
		*)
			if [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
				p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]} s=${BASH_REMATCH[4]:-0} counted=yes
			elif [[ $line =~ ^rc=([0-9]+)$ ]]; then
				rc=${BASH_REMATCH[1]}
			else
				echo "$line"
			fi ;;
		esac
	done
	if [ $counted = no ] || { [ "${rc:-1}" != 0 ] && [ "$f" = 0 ]; }; then
		echo "FAIL  $env (the environment failed: exit ${rc:-?}, no test result)"
		f=$((f + 1))
		failures+=("$env")
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# env_header NAME WHAT / env_footer NAME: per-environment counts and time.
env_header() {
	[ "$envs" = host ] && return
	echo "=== environment $1: $2"
	env_start=$(date +%s) env_p=$passed env_f=$failed env_s=$skipped
}
env_footer() {
	[ "$envs" = host ] && return
	local line
	line="$(( passed - env_p )) passed, $(( failed - env_f )) failed"
	[ $(( skipped - env_s )) -eq 0 ] || line="$line, $(( skipped - env_s )) skipped"
	line="$1: $line in $(( $(date +%s) - env_start ))s"
	echo "=== $line"
	recap+=("$line")
}

# The Debian roots are other userlands on the same kernel, and most tests
# run one process at a time: on this 2-core machine, the roots run beside
# the host, one after the other (three suites at once on two CPUs ran no
# faster than two: the last CI's tests took 2 to 3 times their time alone);
# BPFBUILD_PARALLEL_ENVS=no runs them after the host.  Their output comes
# after the host's, each whole.
declare -A bg_start=()
# start_bg NAME [--after NAME2] COMMAND...: run an environment's tests/run in
# the background (after NAME2's has ended).  Its output starts with
# "started=T", the time it really started.
start_bg() {
	local env=$1 after=''
	shift
	[ "${1:-}" != --after ] || { after=$2; shift 2; }
	bg_start[$env]=$(date +%s)
	{
		[ -z "$after" ] || while [ ! -e "$BPFBUILD_TEST_RUN/env-$after.ended" ]; do sleep 5; done
		echo "started=$(date +%s)"
		"$@" 2>&1
		echo "rc=$?"
		echo "ended=$(date +%s)"
		: >"$BPFBUILD_TEST_RUN/env-$env.ended"
	} >"$BPFBUILD_TEST_RUN/env-$env.out" &
	bg_pid[$env]=$!
}
# run_env_bg NAME COMMAND...: the environment's results, from its run in
# the background if it had one, else from running COMMAND now.
run_env_bg() {
	local env=$1 out=$BPFBUILD_TEST_RUN/env-$1.out started ended
	shift
	if [ -z "${bg_pid[$env]:-}" ]; then
		run_env "$env" "$@"
		return
	fi
	wait "${bg_pid[$env]}"
	unset "bg_pid[$env]"
	started=$(sed -n 's/^started=//p' "$out")
	started=${started:-${bg_start[$env]}}
	ended=$(sed -n 's/^ended=//p' "$out")
	ended=${ended:-$started}
	# The footer's time: the environment's own, not the wait for the host.
	env_start=$(( started + $(date +%s) - ended ))
	echo "(run beside the host, from $(date -d "@$started" +%T) to $(date -d "@$ended" +%T))"
	run_env_from "$env" <(grep -Ev '^(started|ended)=' "$out")
}
