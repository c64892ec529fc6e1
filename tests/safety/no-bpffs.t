# The tests that pin (bpftool and libbpf loaders pin under /sys/fs/bpf) pass
# whatever the machine has there, and leave the system's bpffs as it was:
# - nothing mounted on /sys/fs/bpf (machines without systemd, containers,
#   build chroots);
# - the system's own bpffs, holding someone's pins: afterwards it holds
#   exactly those.
# Each runs in a private mount namespace made here (tests/lib.sh's
# own_bpffs gives every such test its own bpffs).
. "$(dirname "$0")/../lib.sh"
[ "$(id -u)" = 0 ] || skip "not root: the kernel verifier cannot run here"
pinning="validate/50-refused.t validate/52-loader-sized.t"
for t in $pinning; do
	grep -q '^own_bpffs$' "$BPFBUILD_TOP/tests/$t" || fail "$t pins but does not call own_bpffs"
done

note "nothing mounted on /sys/fs/bpf"
# shellcheck disable=SC2016 # expanded by the inner shell
unshare --mount --propagation private bash -c '
	set -e
	while mountpoint -q /sys/fs/bpf; do umount -l /sys/fs/bpf; done
	! mountpoint -q /sys/fs/bpf
	for t in $1; do
		echo "--- $t"
		bash "$BPFBUILD_TOP/tests/$t" || { echo "FAIL: $t with nothing on /sys/fs/bpf" >&2; exit 1; }
	done' sh "$pinning" >"$T/none.log" 2>&1 || { cat "$T/none.log"; fail "with nothing mounted on /sys/fs/bpf"; }

note "the system's bpffs, with someone's pins"
# shellcheck disable=SC2016 # expanded by the inner shell
unshare --mount --propagation private bash -c '
	set -e
	mount -t bpf bpf /sys/fs/bpf
	mkdir /sys/fs/bpf/someones /sys/fs/bpf/someones/pins
	echo "before: $(cd /sys/fs/bpf && find . | sort | paste -sd " ")"
	for t in $1; do
		echo "--- $t"
		bash "$BPFBUILD_TOP/tests/$t" || { echo "FAIL: $t beside the system'"'"'s bpffs" >&2; exit 1; }
	done
	echo "after: $(cd /sys/fs/bpf && find . | sort | paste -sd " ")"' sh "$pinning" >"$T/system.log" 2>&1 ||
	{ cat "$T/system.log"; fail "beside the system's bpffs"; }
# (A new bpffs may hold the kernel's own maps.debug and progs.debug.)
before=$(sed -n 's/^before: //p' "$T/system.log")
case " $before " in *" ./someones/pins "*) ;; *) cat "$T/system.log"; fail "no pins to keep (the test proves nothing)" ;; esac
assert_eq "the system's bpffs after the tests" "$before" "$(sed -n 's/^after: //p' "$T/system.log")"
echo ok
