#!/bin/bash
# Benchmark, not a test: the consumer package (tests/debian/consumer-pkg,
# README.md's Meson consumer) built as Debian's build daemons build it:
# sbuild in unshare mode, unprivileged, without network during the build,
# in a trixie chroot with this tree's packages (dpkg-buildpackage -b) as
# extra packages.  It checks what the suite checks in pieces
# (tests/debian/dh-bpfbuild.t, addon-setup.t, meson/distro-vmlinux.t): the
# addon's set-up, the verifier tests run in a VM of the kernel among the
# Build-Depends and pass, the verdicts travel in the .changes, the objects
# are built from linux-bpf-dev's vmlinux.h; and prints the times.  Not in
# tests/run: the chroot and the packages take minutes the CI hour lacks.
#
# Usage: tests/bench/sbuild-consumer.sh   as a user with subordinate ids
#   (/etc/subuid, /etc/subgid: sbuild's unshare mode needs them), or as
#   root with BPFBUILD_SBUILD_USER=NAME naming such a user.
#   BPFBUILD_SBUILD_SUITE (default trixie); the chroot is kept in that
#   user's ~/.cache/sbuild/SUITE-ARCH.tar.zst, made by mmdebstrap when
#   missing.  Needs sbuild, mmdebstrap and uidmap.
set -eu -o pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
suite=${BPFBUILD_SBUILD_SUITE:-trixie}
die() { echo "sbuild-consumer: $*" >&2; exit 1; }
for p in sbuild mmdebstrap newuidmap dpkg-buildpackage; do
	command -v "$p" >/dev/null || die "$p is missing: apt-get install sbuild mmdebstrap uidmap dpkg-dev"
done
if [ "$(id -u)" = 0 ]; then
	user=${BPFBUILD_SBUILD_USER:-}
	[ -n "$user" ] || die "as root, set BPFBUILD_SBUILD_USER to a user with /etc/subuid and /etc/subgid ranges (sbuild's unshare mode runs unprivileged)"
	id "$user" >/dev/null 2>&1 || die "BPFBUILD_SBUILD_USER=$user: no such user"
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	chown "$user" "$work"
	# The tree as that user can read it.
	git clone -q "$top" "$work/tree"
	chown -R "$user" "$work/tree"
	setpriv --reuid="$user" --regid="$(id -g "$user")" --init-groups \
		env HOME="$(getent passwd "$user" | cut -d: -f6)" TMPDIR="$work" bash "$work/tree/tests/bench/sbuild-consumer.sh"
	exit
fi
grep -q "^$(id -un):" /etc/subuid || die "$(id -un) has no /etc/subuid range: sbuild's unshare mode needs one"
arch=$(dpkg --print-architecture)
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

chroot=$HOME/.cache/sbuild/$suite-$arch.tar.zst
t=$(now)
if [ ! -f "$chroot" ]; then
	mkdir -p "${chroot%/*}"
	mmdebstrap --quiet --variant=buildd "$suite" "$chroot.tmp.tar.zst" && mv "$chroot.tmp.tar.zst" "$chroot"
fi
t_chroot=$(since "$t")

t=$(now)
git clone -q "$top" "$tmp/tk/bpfbuild"
(cd "$tmp/tk/bpfbuild" && dpkg-buildpackage -us -uc -b) >"$tmp/toolkit.log" 2>&1 ||
	{ tail -n 30 "$tmp/toolkit.log"; die "the toolkit's packages do not build"; }
t_toolkit=$(since "$t")

# The consumer's source package, as tests/debian/ puts it together.
BPFBUILD_TOP=$top bash -c 'fail() { echo "$*" >&2; exit 1; }
	. "$BPFBUILD_TOP/tests/meson/lib-consumer.sh"
	. "$BPFBUILD_TOP/tests/debian/lib-pkg.sh"
	consumer_pkg "$1"' sh "$tmp/c/bpf-consumer"
(cd "$tmp/c/bpf-consumer" && dpkg-source -b .) >/dev/null

extra=()
for d in "$tmp"/tk/*.deb; do case $d in *-dbgsym_*) ;; *) extra+=("--extra-package=$d") ;; esac; done
t=$(now)
(cd "$tmp/c" && sbuild --chroot-mode=unshare --chroot="$chroot" -d "$suite" --arch-any --no-arch-all \
	--no-run-lintian --no-run-autopkgtest --no-run-piuparts "${extra[@]}" bpf-consumer_1.0.dsc) \
	>"$tmp/sbuild.out" 2>&1 || { tail -n 40 "$tmp/sbuild.out"; die "sbuild failed"; }
t_sbuild=$(since "$t")
log=$tmp/c/bpf-consumer_1.0_${arch}.build
verdicts=$tmp/c/bpf-consumer_1.0_${arch}.bpf-verdicts
check() { grep -qE -- "$1" "$2" || die "${3}: no /$1/ in ${2##*/}"; }
check '^ +dh_bpfbuild_wrap( |$)' "$log" "the addon's set-up"
check "verifying in a VM of the build environment's kernel, /boot/vmlinuz-" "$log" "the verifier tests"
check "^ *vmlinux\\.h +: /usr/include/[^/]+/linux/bpf/vmlinux\\.h \\(the distribution's" "$log" "the summary"
check " bpf-consumer_1\\.0_${arch}\\.bpf-verdicts\$" "$tmp/c/bpf-consumer_1.0_${arch}.changes" "the .changes"
for o in socket-bind write-counter; do
	check "^/usr/lib/bpf/bpf-consumer/$o\\.bpf\\.o test pass\$" "$verdicts" "$o's verdict"
	check "^/usr/lib/bpf/bpf-consumer/$o\\.bpf\\.o kernel vm=" "$verdicts" "$o in the VM"
done
cat "$verdicts"
printf '%-40s %6ss\n' "chroot ($suite, mmdebstrap; 0 when kept)" "$t_chroot" \
	"the toolkit's packages (dpkg-buildpackage)" "$t_toolkit" \
	"sbuild of the consumer (unshare, no network)" "$t_sbuild"
