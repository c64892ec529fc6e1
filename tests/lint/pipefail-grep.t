# Under lib.sh's pipefail, `PRODUCER | grep -q` fails at random when the
# producer streams a file's worth: grep -q exits at its first match, the
# producer's next write gets SIGPIPE, and the pipeline's status is 141.
# A positive check then fails a good run (vm/guest-cpus.t did, in CI) and a
# negated one (`! strings X | grep -q PATH`) passes a bad one.  Such a
# pipeline reads everything instead: `| grep PATTERN >/dev/null`.
. "$(dirname "$0")/../lib.sh"
streams='(^|[[:space:]|;&(!])(strings|tr|cat|zcat|xzcat|objdump|llvm-objdump|readelf -[a-zA-Z]*[SsrW]|bpftool [^|]*dump)[[:space:]][^|]*\|[[:space:]]*grep -[a-zA-Z]*q'
bad=$(cd "$BPFBUILD_TOP" && git ls-files |
	while IFS= read -r f; do
		[ -f "$f" ] || continue
		case $f in *.c | *.h | *.md | *.build | *.m4 | *.ac | *.am) continue ;; esac
		# Comments aside: what follows a # at a line's start or after a blank.
		sed -E 's/(^|[[:space:]])#.*//' "$f" | grep -nE "$streams" | sed "s|^|$f:|" || true
	done)
[ -z "$bad" ] || fail "a streaming producer piped into grep -q (SIGPIPE under pipefail; use grep >/dev/null):
$bad"
# The pattern finds what it is for.
probe='strings "$f" | grep -qF "$T" || fail x'
printf '%s\n' "$probe" | grep -E "$streams" >/dev/null || fail "the check does not see: $probe"
probe='tr -d "\r" <"$d" | grep -qx "x" ||'
printf '%s\n' "$probe" | grep -E "$streams" >/dev/null || fail "the check does not see: $probe"
probe='echo "$line" | grep -q "x" || fail'
! printf '%s\n' "$probe" | grep -E "$streams" >/dev/null || fail "the check flags a one-line echo: $probe"
echo "ok: no streaming producer is piped into grep -q"
