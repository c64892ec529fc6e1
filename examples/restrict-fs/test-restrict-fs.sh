#!/bin/sh
# Functional test: in the test cgroup, open() on a tmpfs file is denied
# with EPERM while a procfs file opens; outside the cgroup both open.
# Needs a kernel that loads LSM programs with the BPF LSM active (the VMs
# of tests/vm); where the kernel refuses them, the loader proves it
# (exit 3) and this test skips.
loader=$1
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: needs root to load and attach BPF LSM programs"
	[ "${CI:-}" = true ] && exit 1
	exit 77
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/restrict-fs.XXXXXX") || exit 1
trap 'umount "$dir" 2>/dev/null; rmdir "$dir"' EXIT
# A tmpfs of our own, whatever /tmp is.
mount -t tmpfs -o size=64k bpfbuild-test "$dir" || { echo "FAIL: cannot mount a tmpfs on $dir"; exit 1; }
echo data >"$dir/file"
out=$("$loader" --deny-fs tmpfs --try "$dir/file" --try /proc/version 2>&1); rc=$?
echo "$out"
if [ $rc -eq 3 ]; then
	case $out in
	"restrict_fs: the host kernel refuses lsm programs (EPERM)"|\
	"restrict_fs: the BPF LSM is not active (boot with lsm=...,bpf)")
		echo "SKIP: this kernel cannot run BPF LSM programs"
		[ "${CI:-}" = true ] && exit 1
		exit 77 ;;
	esac
	echo "FAIL: exit 3 without the one-line reason"; exit 1
fi
[ $rc -eq 0 ] || { echo "FAIL: loader exit $rc"; exit 1; }
for line in "open $dir/file: denied (Operation not permitted)" "open /proc/version: allowed" \
	"outside: open $dir/file: allowed" "outside: open /proc/version: allowed"; do
	echo "$out" | grep -qxF "$line" || { echo "FAIL: no line '$line'"; exit 1; }
done
echo "PASS: tmpfs denied in the cgroup only, procfs allowed"
