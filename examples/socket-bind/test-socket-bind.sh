#!/bin/sh
# Functional test: inside the cgroup, bind() succeeds on the allowed port
# and fails with EPERM on another one, for IPv4 and IPv6.
loader=$1
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and attach BPF programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
allowed=$((20000 + $$ % 20000)) denied=$((allowed + 1))
out=$("$loader" --allow "$allowed" --try "$allowed" --try "$denied") || {
	echo "$out"; echo "FAIL: the loader failed"; exit 1; }
echo "$out"
for fam in ipv4 ipv6; do
	echo "$out" | grep -qx "bind $fam $allowed: allowed" ||
		{ echo "FAIL: $fam bind to allowed port $allowed was not allowed"; exit 1; }
	echo "$out" | grep -qx "bind $fam $denied: denied (Operation not permitted)" ||
		{ echo "FAIL: $fam bind to port $denied was not denied with EPERM"; exit 1; }
done
echo "PASS: bind allowed on $allowed, denied on $denied"
