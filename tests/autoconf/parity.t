# Parity: with the same compiler, the Meson and the autotools builds of each
# example produce byte-identical .bpf.o and .skel.h.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

# compare WHAT MESON-DIR AUTOTOOLS-DIR NAME...
compare() {
	local what=$1 m=$2 a=$3 name dir f; shift 3
	for name in "$@"; do
		dir=${name//_/-}
		for f in "$name.bpf.o" "$name.skel.h"; do
			[ -s "$m/$f" ] || fail "$what: the Meson build has no $f"
			[ -s "$a/$dir/$f" ] || fail "$what: the autotools build has no $dir/$f"
			cmp "$m/$f" "$a/$dir/$f" || fail "$what: $f differs between Meson and autotools"
			echo "$what: $f identical ($(sha256sum <"$m/$f" | cut -c1-16))"
		done
	done
}

# clang: the Meson build of the checkout against the autotools build of a
# copy elsewhere, so this also shows that the bytes do not depend on where
# the trees lie.
examples_build clang -Dbpf-compiler=clang
ac_build clang --with-bpf-compiler=clang
compare clang "$EX_BUILD" "$AC_BUILD" socket_bind write_counter

# gcc-bpf 12 writes the absolute source path into its BTF (probe
# prefix_map: no) and orders its BTF strings by address (each compile
# differs unless ASLR is off), so both builds use the same source tree and
# run without address randomisation.
command -v bpf-gcc >/dev/null || fail "bpf-gcc is not installed (Debian: gcc-bpf)"
ac_tree
setarch "$(uname -m)" -R true 2>/dev/null || fail "setarch -R (util-linux) does not work here"
meson setup "$T/m" "$AC_SRC" -Dbpf-compiler=gcc >"$T/m.log" 2>&1 || { cat "$T/m.log"; fail "meson setup (gcc)"; }
setarch "$(uname -m)" -R meson compile -C "$T/m" >"$T/mc.log" 2>&1 || { cat "$T/mc.log"; fail "meson compile (gcc)"; }
ac_configure "$T/a" --with-bpf-compiler=gcc
setarch "$(uname -m)" -R make -C "$T/a" -j2 >"$T/a.log" 2>&1 || { cat "$T/a.log"; fail "make (gcc)"; }
compare gcc "$T/m" "$T/a" socket_bind
assert_src_untouched
