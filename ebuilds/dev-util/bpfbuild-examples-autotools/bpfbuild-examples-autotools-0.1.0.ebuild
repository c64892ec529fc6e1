# Copyright 2026 Gentoo Authors
# Distributed under the terms of the GNU General Public License v2

# shellcheck disable=SC2034 # metadata variables are read by the package manager
EAPI=8

# BPF programs are what this package is: no BPFBUILD_OPTIONAL_IUSE, so
# no "bpf" flag.  Default compiler: gcc-bpf (USE=clang for clang).
LLVM_COMPAT=( {15..21} )

inherit autotools bpfbuild

# The examples ship in the toolkit's "meson dist" tarball, not in one of
# their own.  ${P%-*} would give bpfbuild-examples-autotools here, so
# name the tarball and its top directory after the toolkit explicitly.
MY_P=bpfbuild-${PV}

DESCRIPTION="Example BPF programs of bpfbuild, built through its autoconf macros"
HOMEPAGE="https://github.com/bpfbuild/bpfbuild"
SRC_URI="https://github.com/bpfbuild/bpfbuild/releases/download/v${PV}/${MY_P}.tar.xz"
# examples/configure.ac (AX_BPF) is the autotools build of the examples.
S="${WORKDIR}/${MY_P}/examples"

LICENSE="LGPL-2.1+"
SLOT="0"
KEYWORDS="~amd64"

# The C loaders include the generated skeletons and link libbpf.
DEPEND="dev-libs/libbpf:="
RDEPEND="${DEPEND}"
# The AX_BPF macros (aclocal finds them in /usr/share/aclocal, as for any
# third-party package) and bpf-validate for make check, same release.
BDEPEND="~dev-util/bpfbuild-${PV}"

src_prepare() {
	default
	# Build with the toolkit of this release that BDEPEND installs, not
	# with the copies examples/ carries for bpfbuild's own tree: the AX_*
	# macros from ${BROOT}/usr/share/aclocal (aclocal's default path), the
	# helper scripts through pkg-config bpfbuild (AX_BPFBUILD_DIR) and the
	# Automake fragment that Makefile.am includes from m4/.
	rm -r build-aux/bpfbuild m4/ax_*.m4 m4/bpfbuild.am || die
	cp "${BROOT}/usr/share/bpfbuild/bpfbuild.am" m4/bpfbuild.am || die
	# A "meson dist" tarball is a git export: no generated configure.
	eautoreconf
}

src_configure() {
	local myeconfargs
	mapfile -t myeconfargs < <(bpfbuild_econf_args)
	# Explicit rather than "auto": a vmlinux.h from make.conf/package.env,
	# or one dumped from the build host's /sys/kernel/btf/vmlinux.
	myeconfargs+=( --with-vmlinux-h="${VMLINUX_H:-generated}" )
	econf "${myeconfargs[@]}"
}

src_test() {
	# One verifier test per object (the Automake fragment's TESTS, and the
	# examples' own BPF_EXTRA_TESTS, e.g. the light skeleton's object): the
	# test driver counts bpf-validate's exit 77 (no verifier under
	# portage's userpriv/sandbox) as SKIP, after the static checks passed.
	# restrict_fs (LSM) is among them: a host kernel that refuses LSM
	# programs skips it too, unless BPF_VALIDATE_KERNELS (make.conf) names
	# kernels to verify it in QEMU VMs.
	# The functional tests (socket_bind.test, ...) attach the programs to
	# the build host's cgroups and sockets: not for a package build.
	# shellcheck disable=SC2016 # $(BPF_OBJECTS) is make's, not the shell's
	emake check TESTS='$(BPF_OBJECTS) $(BPF_EXTRA_TESTS)'
}

src_install() {
	default

	# An in-tree build: the linked objects (bpftool gen object) are in ${S}.
	local objs
	mapfile -t objs < <(find . -name '*.bpf.o' -print | sort)
	[[ ${#objs[@]} -gt 0 ]] || die "no *.bpf.o found under ${S}"
	bpfbuild_doobj "${objs[@]}"
}
