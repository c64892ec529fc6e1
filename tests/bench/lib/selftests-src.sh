# shellcheck shell=bash
# Sourced by tests/bench/selftests-conformance.sh and tests/vm/selftests-subset.t
# (which set top and KCACHE).  selftests_source SUITE
# VERSION KERNEL: Debian's linux-source-VERSION of SUITE, its selftests and
# the headers they include unpacked once into bpfbuild's own cache beside
# the kernels' ($KCACHE/.selftests, kept across runs), and an include dir
# for libbpf's headers of the same tree (vmlinux.h: selftests-inroot.sh) (bpf_helper_defs.h generated as tools/lib/bpf/Makefile does).  Sets
# ST (tools/testing/selftests/bpf) and INC.
selftests_source() {
	local suite=$1 v=$2 kernel=$3 d deb apt_dir tree
	d=$KCACHE/.selftests
	tree=$d/linux-source-$v
	# shellcheck disable=SC2034 # the caller's
	ST=$tree/tools/testing/selftests/bpf
	INC=$d/inc-$v-$(basename "$kernel")
	mkdir -p "$d"
	if [ ! -e "$tree/.complete" ]; then
		deb=$(ls "$d"/linux-source-"$v"_*_all.deb 2>/dev/null | tail -n 1)
		if [ -z "$deb" ]; then
			# bpf-vm-kernels' private apt state for the suite, its lists
			# refreshed by its fetch of the suite's kernel (cached); the
			# host's apt is never touched.
			apt_dir=$KCACHE/.apt/$suite
			BPFBUILD_KERNEL_CACHE=$KCACHE "${top:?}/tools/bpf-vm/bpf-vm-kernels" fetch "$suite/linux-image-cloud-amd64" >/dev/null || return 1
			(cd "$d" && apt-get -q -o APT::Sandbox::User=root -o Dir::State="$apt_dir/state" \
				-o Dir::Cache="$apt_dir/cache" -o Dir::Etc::SourceList="$apt_dir/etc/sources.list" \
				-o Dir::Etc::SourceParts=/dev/null download "linux-source-$v" >&2) || return 1
			deb=$(ls "$d"/linux-source-"$v"_*_all.deb | tail -n 1)
		fi
		rm -rf "$tree"
		(cd "$d" && dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/linux-source-$v.tar.xz" | xz -dc -T2 |
			tar -x --wildcards "linux-source-$v/tools/testing/selftests/bpf/*" "linux-source-$v/tools/lib/bpf/*" \
				"linux-source-$v/tools/include/*" "linux-source-$v/tools/arch/x86/include/*" "linux-source-$v/scripts/bpf_doc.py") || return 1
		touch "$tree/.complete"
	fi
	if [ ! -e "$INC/.complete" ]; then
		rm -rf "$INC"
		mkdir -p "$INC/bpf"
		cp "$tree"/tools/lib/bpf/*.h "$INC/bpf/"
		python3 "$tree/scripts/bpf_doc.py" --header --file "$tree/tools/include/uapi/linux/bpf.h" \
			>"$INC/bpf/bpf_helper_defs.h" || return 1
		touch "$INC/.complete"
	fi
}
