# Helpers for the Meson-module tests; sourced after ../lib.sh.

# copy_examples DIR: a private copy of examples/ (tests may touch its files),
# with the bpfbuild subproject pointing at this checkout's module.
copy_examples() {
	mkdir -p "$1"
	cp -r "$BPFBUILD_TOP/examples/." "$1/"
	rm -rf "$1/subprojects/bpfbuild"
	ln -s "$BPFBUILD_TOP" "$1/subprojects/bpfbuild"
}

# setup_fails LOG MESON-SETUP-ARGS...: configure must fail with exactly one
# ERROR line; prints that line.
setup_fails() {
	local log=$1; shift
	if meson setup "$@" >"$log" 2>&1; then
		cat "$log"; fail "configure succeeded: meson setup $*"
	fi
	local n
	n=$(grep -c 'ERROR:' "$log" || true)
	[ "$n" = 1 ] || { cat "$log"; fail "expected one ERROR line, got $n"; }
	grep 'ERROR:' "$log"
}

# without_toolkit DIR: PATH and pkg-config (exported) see nothing of an
# installed bpfbuild toolkit (no bpf-validate, no VM tools, no bpfbuild.pc),
# and the rest of the system as it is (DIR/bin, DIR/pc).
without_toolkit() {
	path_without "$1/bin" 'bpf-validate' 'bpf-vm-*' 'bpf-core-check' 'bpfbuildize'
	mkdir -p "$1/pc"
	local pc
	for pc in libbpf libelf zlib; do
		ln -s "$(pkg-config --variable=pcfiledir "$pc")/$pc.pc" "$1/pc/" || fail "no $pc.pc"
	done
	export PATH="$1/bin" PKG_CONFIG_LIBDIR="$1/pc"
	unset PKG_CONFIG_PATH BPF_VALIDATE BPF_VM_VERIFY
}
