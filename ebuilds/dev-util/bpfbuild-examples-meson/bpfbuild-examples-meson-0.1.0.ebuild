# Copyright 2026 Gentoo Authors
# Distributed under the terms of the GNU General Public License v2

# shellcheck disable=SC2034 # metadata variables are read by the package manager
EAPI=8

# BPF programs are what this package is: no BPFBUILD_OPTIONAL_IUSE, so
# no "bpf" flag.  Default compiler: gcc-bpf (USE=clang for clang).
LLVM_COMPAT=( {15..21} )

inherit bpfbuild meson

# The examples ship in the toolkit's "meson dist" tarball, not in one of
# their own.  ${P%-*} would give bpfbuild-examples-meson here, so name
# the tarball and its top directory after the toolkit explicitly.
MY_P=bpfbuild-${PV}

DESCRIPTION="Example BPF programs of bpfbuild, built through its Meson module"
HOMEPAGE="https://github.com/bpfbuild/bpfbuild"
SRC_URI="https://github.com/bpfbuild/bpfbuild/releases/download/v${PV}/${MY_P}.tar.xz"
# examples/ is a Meson project of its own; its bpfbuild subproject is
# pointed at the installed Meson module in src_prepare.
S="${WORKDIR}/${MY_P}/examples"

LICENSE="LGPL-2.1+"
SLOT="0"
KEYWORDS="~amd64"

# The C loaders include the generated skeletons and link libbpf.
DEPEND="dev-libs/libbpf:="
RDEPEND="${DEPEND}"
# bpf-validate of the same release: meson test runs it on every object.
BDEPEND="~dev-util/bpfbuild-${PV}"

src_prepare() {
	default
	# Build with the Meson module of this release that BDEPEND installs,
	# not with the copy examples/ carries for bpfbuild's own tree.
	rm -r subprojects/bpfbuild || die
	ln -s "${BROOT}/usr/share/bpfbuild/meson/bpfbuild" subprojects/bpfbuild || die
}

src_configure() {
	local emesonargs
	mapfile -t emesonargs < <(bpfbuild_meson_args)
	if [[ -n ${VMLINUX_H} ]]; then
		# A vmlinux.h from make.conf or package.env, e.g. for another kernel.
		emesonargs+=( -Dvmlinux-h=provided -Dvmlinux-h-path="${VMLINUX_H}" )
	else
		# Explicit rather than "auto": dumped from the build host's
		# /sys/kernel/btf/vmlinux (CONFIG_DEBUG_INFO_BTF); CO-RE relocates
		# the objects for the kernel that loads them.
		emesonargs+=( -Dvmlinux-h=generated )
	fi
	# examples/meson_options.txt declares the bpfbuild options, and the
	# subproject yields to them.
	emesonargs+=( -Dbpf-validate="${BROOT}/usr/bin/bpf-validate" )
	meson_src_configure
}

src_test() {
	# One verifier test per object: meson counts bpf-validate's exit 77
	# (no verifier under portage's userpriv/sandbox) as SKIP, after the
	# static checks passed.  The "functional" suite attaches the programs
	# to the build host's cgroups and sockets: not for a package build.
	meson_src_test --no-suite functional
}

src_install() {
	meson_src_install

	# The linked objects (bpftool gen object); the subproject's probe
	# objects are build-time only.
	local objs
	mapfile -t objs < <(find "${BUILD_DIR}" \
		\( -path "${BUILD_DIR}/subprojects" -o -path "${BUILD_DIR}/meson-*" \) -prune \
		-o -name '*.bpf.o' -print | sort)
	[[ ${#objs[@]} -gt 0 ]] || die "no *.bpf.o found under ${BUILD_DIR}"
	bpfbuild_doobj "${objs[@]}"
}
