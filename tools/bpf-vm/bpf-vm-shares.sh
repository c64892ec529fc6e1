# shellcheck shell=sh # run by the guest's busybox sh, never on the host
# bpf-vm-shares.sh: the guest's verifier pass, packed by bpf-vm-verify as
# /bin/shares.sh and run by /init: `sh /bin/shares.sh FLAG...` verifies
# /objs/*/* with bpf-validate FLAG... and writes its --json document to
# stdout, its messages to stderr, and exits as it does.
#
# With more than one vCPU, TCG runs each on a host thread of its own, but
# one bpf-validate uses one: then one validator per vCPU, each on every
# Nth object (a share: the selftests' slow programs are spread, not
# grouped as the names group them), and their documents are joined into
# the one a single validator writes: the same objects in the same order,
# the worst exit (another than 0 and 77 first, then 77).  Their --json
# puts each object on one line between the opening and the "kernel" line.
n=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null) || n=1
total=0
for o in /objs/*/*; do total=$((total + 1)); done
[ "$n" -le "$total" ] || n=$total
echo "@@BPFVM validators $n" >/dev/ttyS1
if [ "$n" -le 1 ]; then
	exec /bin/bpf-validate "$@" /objs/*/*
fi

# share K FLAG...: bpf-validate on objects K, K+N, K+2N...
share() {
	k=$1
	shift
	i=0
	for o in /objs/*/*; do
		[ $((i % n)) -ne "$k" ] || set -- "$@" "$o"
		i=$((i + 1))
	done
	/bin/bpf-validate "$@" >"/tmp/share.$k.json" 2>"/tmp/share.$k.err"
	echo $? >"/tmp/share.$k.rc"
}
k=0
while [ $k -lt "$n" ]; do
	share $k "$@" &
	k=$((k + 1))
done
wait
rc=0
k=0
while [ $k -lt "$n" ]; do
	cat "/tmp/share.$k.err" >&2
	r=$(cat "/tmp/share.$k.rc")
	case $r in
	0) ;;
	77) [ "$rc" != 0 ] || rc=77 ;;
	*) [ "$rc" != 0 ] && [ "$rc" != 77 ] || rc=$r ;;
	esac
	k=$((k + 1))
done
# Object I is the next object line of share I % N; share 0's line after
# its objects holds the kernel, and gets the joined exit.
awk -v n="$n" -v total="$total" -v rc="$rc" '
function next_line(f,    line) {
	if ((getline line < f) <= 0) {
		print "bpf-vm: the validator of " f " wrote less than its objects" > "/dev/stderr"
		exit 1
	}
	return line
}
BEGIN {
	for (k = 0; k < n; k++)
		next_line("/tmp/share." k ".json")
	printf "{\"objects\":["
	for (i = 0; i < total; i++) {
		line = next_line("/tmp/share." (i % n) ".json")
		sub(/\],$/, "", line) || sub(/,$/, "", line)
		printf "%s%s", i ? ",\n" : "\n", line
	}
	line = next_line("/tmp/share.0.json")
	sub(/"exit":[0-9]+}$/, "\"exit\":" rc "}", line)
	printf "],\n%s\n", line
}' || exit 1
exit "$rc"
