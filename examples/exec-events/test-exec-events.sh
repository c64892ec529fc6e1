#!/bin/sh
# Functional test: run a copy of true under a unique name while the loader
# listens, and find exactly its exec event (pid, comm, file name) in the
# ring buffer stream.
loader=$1
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and attach BPF programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
# libbpf finds tracepoint ids in tracefs, which a fresh container may lack.
if [ ! -d /sys/kernel/tracing/events ] && [ ! -d /sys/kernel/debug/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing || { echo "FAIL: cannot mount tracefs"; exit 1; }
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/exec-events.XXXXXX") || exit 1
lpid=
trap '[ -z "$lpid" ] || kill "$lpid" 2>/dev/null; rm -rf "$tmp"' EXIT
name=bpfbx$$	# at most 15 characters: the kernel's comm length
cp /bin/true "$tmp/$name" || { echo "FAIL: cannot copy true"; exit 1; }

"$loader" --comm "$name" --timeout 20 >"$tmp/out" 2>&1 &
lpid=$!
i=0
until grep -qx ready "$tmp/out"; do
	kill -0 "$lpid" 2>/dev/null || { cat "$tmp/out"; echo "FAIL: the loader exited before it was ready"; exit 1; }
	i=$((i + 1)); [ $i -lt 200 ] || { cat "$tmp/out"; echo "FAIL: the loader is not ready after 20 s"; exit 1; }
	sleep 0.1
done
"$tmp/$name" &
pid=$!
wait $pid
wait $lpid; rc=$?; lpid=
cat "$tmp/out"
[ $rc -eq 0 ] || { echo "FAIL: loader exit $rc"; exit 1; }
grep -qxF "exec pid=$pid comm=$name filename=$tmp/$name" "$tmp/out" ||
	{ echo "FAIL: no exec event for pid $pid ($tmp/$name)"; exit 1; }
echo "PASS: saw the exec of $name (pid $pid)"
