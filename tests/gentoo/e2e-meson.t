#!/bin/bash
# dev-util/bpfbuild-examples-meson end to end under the stand-in, on the
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
	e2e_examples meson "$cc" cflags
	e2e_check_examples meson "$cc"
done
e2e_check_skips meson
echo "e2e meson: ok"
