#!/bin/sh
# Functional test of the two-source program: inside the cgroup, raw
# sockets are denied with EPERM and the others allowed, and the counting
# function of the other source counted exactly those sockets; with nothing
# denied, the raw sockets are allowed and counted as such.
loader=$1
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and attach BPF programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
check() {  # check EXPECTED LOADER-ARGS...
	expect=$1; shift
	out=$("$loader" "$@") || { echo "$out"; echo "FAIL: the loader failed ($*)"; exit 1; }
	echo "$*:"; echo "$out"
	[ "$out" = "$expect" ] || { printf 'FAIL: expected\n%s\n' "$expect"; exit 1; }
}
tries="--try udp --try tcp --try raw --try udp6 --try raw6 --try tcp6 --try udp"
# shellcheck disable=SC2086
check "socket udp: allowed
socket tcp: allowed
socket raw: denied (Operation not permitted)
socket udp6: allowed
socket raw6: denied (Operation not permitted)
socket tcp6: allowed
socket udp: allowed
counted: inet 3 inet6 2 denied 2" --deny raw $tries
# shellcheck disable=SC2086
check "socket udp: allowed
socket tcp: allowed
socket raw: allowed
socket udp6: allowed
socket raw6: allowed
socket tcp6: allowed
socket udp: allowed
counted: inet 4 inet6 3 denied 0" $tries
echo "PASS: raw sockets denied only when asked, every socket counted"
