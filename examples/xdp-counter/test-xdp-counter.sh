#!/bin/sh
# Functional test of xdp_counter and xdp_counter_light (the same program,
# through a full and a light skeleton): crafted frames run through the
# program in the kernel (BPF_PROG_TEST_RUN) get the expected verdicts, and
# the per-protocol counters hold exactly what was sent.
loader=$1 repeat=3
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and test-run XDP programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
port=$((20000 + $$ % 20000)) other=$((port + 1))
out=$("$loader" --drop-port "$port" --test --repeat "$repeat") || {
	echo "$out"; echo "FAIL: the loader failed"; exit 1; }
echo "$out"
expect="ipv4 udp $port: XDP_DROP
ipv4 udp $other: XDP_PASS
ipv6 udp $port: XDP_DROP
ipv6 udp $other: XDP_PASS
ipv4 tcp $port: XDP_PASS
arp: XDP_PASS
counters: ipv4 $((3 * repeat)) ipv6 $((2 * repeat)) udp $((4 * repeat)) other $repeat dropped $((2 * repeat))"
[ "$out" = "$expect" ] || { printf 'FAIL: expected\n%s\n' "$expect"; exit 1; }
echo "PASS: UDP to $port dropped over IPv4 and IPv6, the rest passed, counters exact"
