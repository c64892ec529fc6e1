# Copyright 2026 Gentoo Authors
# Distributed under the terms of the GNU General Public License v2

# shellcheck disable=SC2034 # metadata variables are read by the package manager
EAPI=8

inherit meson

if [[ ${PV} == 9999 ]]; then
	EGIT_REPO_URI="https://github.com/bpfbuild/bpfbuild.git"
	inherit git-r3
else
	# The tarball "meson dist" makes: ${P}.tar.xz, unpacking to ${P}/.
	SRC_URI="https://github.com/bpfbuild/bpfbuild/releases/download/v${PV}/${P}.tar.xz"
	KEYWORDS="~amd64"
fi

DESCRIPTION="Build BPF programs from C with gcc-bpf or clang: Meson module and autoconf macros"
HOMEPAGE="https://github.com/bpfbuild/bpfbuild"

LICENSE="LGPL-2.1+"
SLOT="0"

# bpf-validate links libbpf and libelf.
DEPEND="
	dev-libs/libbpf:=
	virtual/libelf:=
"
# The installed Meson module and autoconf macros run bpftool (gen object,
# gen skeleton, btf dump) in the packages that use them.
RDEPEND="
	${DEPEND}
	dev-util/bpftool
"
BDEPEND="virtual/pkgconfig"

# Installs, through the top-level meson.build: bpf-validate in bindir, the
# m4 files in /usr/share/aclocal, the Meson module in
# /usr/share/bpfbuild/meson/ and bpfbuild.pc.  No BPF objects, so the
# default meson phases suffice but for src_test.

# The whole suite (tests/run) needs root, QEMU, Debian roots and this very
# ebuild; in Portage's sandbox, the engine's own tests: the decide table
# from its fixtures and the probe cache's keys, with the compiler at hand.
src_test() {
	meson_src_test --suite engine
}
