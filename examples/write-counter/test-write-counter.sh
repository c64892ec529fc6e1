#!/bin/sh
# Functional test: the program counts exactly the loader's own writes.
loader=$1 n=${2:-257}
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and attach BPF programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
# libbpf finds tracepoint ids in tracefs, which a fresh container may lack.
if [ ! -d /sys/kernel/tracing/events ] && [ ! -d /sys/kernel/debug/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing || { echo "FAIL: cannot mount tracefs"; exit 1; }
fi
out=$("$loader" "$n"); rc=$?
echo "$out"
[ $rc -eq 0 ] || { echo "FAIL: loader exit $rc"; exit 1; }
[ "$out" = "counted $n of $n writes" ] || { echo "FAIL: unexpected count"; exit 1; }
