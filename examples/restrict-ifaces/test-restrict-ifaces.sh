#!/bin/sh
# Functional test: a veth pair between two network namespaces that this
# test creates (each held by a sleeping process, so that nothing is
# mounted and they vanish with it), addresses 10.201.0.1/.2 only inside
# them.  With the veth end allow-listed, UDP over it goes both ways and
# loopback is dropped; with it deny-listed, the reverse.  Listing lo
# instead shows the lists are per interface.
loader=$1
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to create network namespaces and attach BPF programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
ns='' peer=''
trap '[ -z "$ns" ] || kill "$ns"; [ -z "$peer" ] || kill "$peer"' EXIT
unshare --net sleep 600 & ns=$!
unshare --net sleep 600 & peer=$!
# retry N CMD...: runs CMD every 50 ms until it succeeds, N times at most.
retry() {
	n=$1; shift
	until "$@"; do
		n=$((n - 1)); [ $n -gt 0 ] || return 1; sleep 0.05
	done
}
# unshare has entered its namespace once "sleep" runs.
entered() {
	[ "$(readlink /proc/$ns/ns/net)" != "$(readlink /proc/self/ns/net)" ] &&
	[ "$(readlink /proc/$peer/ns/net)" != "$(readlink /proc/self/ns/net)" ]
}
# "link set up" returns before the kernel's link watcher gives the veth
# its queue (up to a second later, longer under load): until then it drops
# what is sent, ARP included, and the first exchange would read as a drop.
# The operational state turns UP with it.
links_up() {
	nsenter -t "$ns" -n ip -o link show bpfb0 | grep -q ' state UP ' &&
	nsenter -t "$peer" -n ip -o link show bpfb1 | grep -q ' state UP '
}
setup() {
	retry 100 entered &&
	ip link add bpfb0 netns "$ns" type veth peer name bpfb1 netns "$peer" &&
	nsenter -t "$ns" -n ip addr add 10.201.0.1/24 dev bpfb0 &&
	nsenter -t "$peer" -n ip addr add 10.201.0.2/24 dev bpfb1 &&
	nsenter -t "$ns" -n ip link set bpfb0 up && nsenter -t "$peer" -n ip link set bpfb1 up &&
	nsenter -t "$ns" -n ip link set lo up && nsenter -t "$peer" -n ip link set lo up &&
	retry 200 links_up
}
setup || { echo "FAIL: cannot set up the network namespaces"; exit 1; }

run() {  # run MODE IFACE: expected lines on stdin
	expect=$(cat)
	out=$("$loader" "$1" --iface "$2" --netns "/proc/$ns/ns/net" --peer-netns "/proc/$peer/ns/net" \
		--local 10.201.0.1 --peer 10.201.0.2) || { echo "$out"; echo "FAIL: the loader failed ($1 $2)"; exit 1; }
	echo "$1 $2:"; echo "$out"
	[ "$out" = "$expect" ] || { printf 'FAIL: %s %s: expected\n%s\n' "$1" "$2" "$expect"; exit 1; }
}
run --allow-list bpfb0 <<EOT
egress to 10.201.0.2: delivered
ingress from 10.201.0.2: delivered
loopback: dropped
EOT
run --deny-list bpfb0 <<EOT
egress to 10.201.0.2: dropped
ingress from 10.201.0.2: dropped
loopback: delivered
EOT
run --deny-list lo <<EOT
egress to 10.201.0.2: delivered
ingress from 10.201.0.2: delivered
loopback: dropped
EOT
echo "PASS: allow-list and deny-list both hold, on egress and ingress"
