#!/bin/bash
# dev-util/bpfbuild-examples-autotools end to end under the stand-in, on the
# toolkit installed by dev-util/bpfbuild (its ${D} as ${BROOT}), with the
# user's CFLAGS, for USE="clang" and USE="-clang" (gcc-bpf: the host's
# bpf-gcc as ${BROOT}/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc):
# the compiler USE chose builds the objects, the helper installs them
# unstripped, src_test validates them; gcc-bpf 12 builds the uapi-only
# programs and skips the others with the reason.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"
. "$(dirname "$0")/e2e-lib.sh"

for cc in clang gcc; do
	e2e_examples autotools "$cc" cflags
	e2e_check_examples autotools "$cc"
done
e2e_check_skips autotools
echo "e2e autotools: ok"
