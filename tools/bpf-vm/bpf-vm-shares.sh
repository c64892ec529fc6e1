# shellcheck shell=sh # run by the guest's busybox sh, never on the host
# bpf-vm-shares.sh: the guest's verifier pass, packed by bpf-vm-verify as
# /bin/shares.sh and run by /init: `sh /bin/shares.sh FLAG...` verifies
# /objs/*/* with bpf-validate FLAG... and writes its --json document to
# stdout, its messages to stderr, and exits as it does.
#
# One bpf-validate per object (0.1 s more an object under TCG), each
# object's line sent to the second serial port as it is verified
# ("@@BPFVM object I LINE"): a guest killed at its time limit keeps what
# it had verified (bpf-vm-boot.sh's partial_report).  The document is the
# one a single validator writes: the same objects in the same order, the
# worst exit (another than 0 and 77 first, then 77).  Its --json puts
# each object on one line between the opening and the "kernel" line.
# With --attach-target one validator sees every object (it checks that a
# target names a program of them): nothing is streamed.
#
# With more than one vCPU, TCG runs each on a host thread of its own, but
# one bpf-validate uses one: then one share per vCPU, each on every Nth
# object (the selftests' slow programs are spread, not grouped as the
# names group them).
out=/dev/ttyS1
n=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null) || n=1
total=0
for o in /objs/*/*; do total=$((total + 1)); done
[ "$n" -le "$total" ] || n=$total
case " $* " in *' --attach-target '*) n=1 ;; esac
echo "@@BPFVM validators $n" >$out
case " $* " in *' --attach-target '*) exec /bin/bpf-validate "$@" /objs/*/* ;; esac

# worse RC R: the worse of two exits.
worse() {
	case $2 in
	0) echo "$1" ;;
	77) if [ "$1" = 0 ]; then echo 77; else echo "$1"; fi ;;
	*) if [ "$1" = 0 ] || [ "$1" = 77 ]; then echo "$2"; else echo "$1"; fi ;;
	esac
}

# share K FLAG...: bpf-validate on objects K+1, K+1+N, K+1+2N..., one at a
# time; object I's line in /tmp/obj.I, streamed.  A validator that writes
# no document (it died: 132 is SIGILL) stops the share: /tmp/dead.K.
share() {
	k=$1
	shift
	i=0 rc=0
	for o in /objs/*/*; do
		i=$((i + 1))
		[ $(((i - 1) % n)) -eq "$k" ] || continue
		/bin/bpf-validate "$@" "$o" >"/tmp/doc.$i" 2>>"/tmp/share.$k.err"
		r=$?
		# The object's line, without the comma or "]," that ends it, and
		# the "kernel" line without its exit.
		if ! awk -v obj="/tmp/obj.$i" '
			NR == 1 && $0 != "{\"objects\":[" { exit 1 }
			NR == 2 { sub(/\],$/, "") || sub(/,$/, ""); print > obj }
			NR == 3 { sub(/,"exit":[0-9]+}$/, ""); print > "/tmp/kernel" }
			END { if (NR != 3) exit 1 }' "/tmp/doc.$i"; then
			echo "$r" >"/tmp/dead.$k"
			cat "/tmp/doc.$i" >>"/tmp/share.$k.err"
			return
		fi
		rc=$(worse "$rc" "$r")
		# One writer at a time on the port: a line is never cut by another.
		until mkdir /tmp/port.lock 2>/dev/null; do sleep 1; done
		{ printf '@@BPFVM object %s ' "$i"; cat "/tmp/obj.$i"; } >$out
		rmdir /tmp/port.lock
	done
	echo "$rc" >"/tmp/share.$k.rc"
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
	# Each message once: N validators may say the same.
	awk '!seen[$0]++' "/tmp/share.$k.err" >&2
	if [ -e "/tmp/dead.$k" ]; then
		exit "$(cat "/tmp/dead.$k")"
	fi
	rc=$(worse "$rc" "$(cat "/tmp/share.$k.rc")")
	k=$((k + 1))
done
echo '{"objects":['
i=0
while [ $i -lt "$total" ]; do
	i=$((i + 1))
	if [ $i -lt "$total" ]; then sep=,; else sep=],; fi
	printf '%s%s\n' "$(cat "/tmp/obj.$i")" "$sep"
done
printf '%s,"exit":%s}\n' "$(cat /tmp/kernel)" "$rc"
exit "$rc"
