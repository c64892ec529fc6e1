# Helpers for the autoconf-macro tests; sourced after ../lib.sh.
#
# The tests never write into the checkout: ac_tree copies examples/ with
# what its symlinks point into (autoconf-macros/ for m4/, the engine for
# build-aux/bpfbuild, the toolkit as a Meson subproject for
# subprojects/bpfbuild), keeping the symlinks, and runs
# autoreconf there once per test run.  Builds are out of tree (VPATH).

# ac_tree: sets AC_SRC, the autoreconf'ed copy of examples/.
ac_tree() {
	local top=$BPFBUILD_TEST_RUN/ac-src
	_once ac-tree sh -c '
		set -e
		rm -rf "$1"; mkdir -p "$1"
		cp -R "$2/examples" "$2/autoconf-macros" "$2/engine" "$2/meson-modules" \
			"$2/meson.build" "$2/meson_options.txt" "$1/"
		cd "$1/examples" && autoreconf -fi
		touch "$1/autoreconf.stamp"' sh "$top" "$BPFBUILD_TOP" \
		|| fail "autoreconf -fi in a copy of examples/ fails"
	AC_SRC=$top/examples
}

# assert_src_untouched: no build wrote into the source copy (root ignores
# a read-only tree, so look at the times instead).
assert_src_untouched() {
	local new
	# Meson 1.12 keeps its own lock there (subprojects/.wraplock): not ours.
	new=$(find "$AC_SRC" -newer "$AC_SRC/../autoreconf.stamp" ! -path "$AC_SRC/subprojects" \
		! -name .wraplock -print | head)
	[ -z "$new" ] || fail "a build wrote into the source tree: $new"
}

# ac_configure DIR ARGS...: configure in DIR (fresh); log in DIR.configure.log.
ac_configure() {
	local b=$1; shift
	rm -rf "$b"; mkdir -p "$b"
	(cd "$b" && "$AC_SRC/configure" "$@") >"$b.configure.log" 2>&1 \
		|| { tail -n 40 "$b.configure.log"; fail "configure $* fails"; }
}

# The examples' LSM program (restrict_fs) is refused by this host kernel:
# its verifier test goes on, and its functional test runs, in a VM of
# bookworm's 6.1 (one kernel keeps the time down; tests/vm runs the
# matrix).  ac_vm: sets K61 (its bpf-vm-kernels cache dir), VM_TOOLS
# (tools/bpf-vm) and AC_VM_ARGS, the configure arguments for that kernel.
# The tests choose their kernels themselves, whatever the environment says.
unset BPF_VALIDATE_KERNELS BPF_VM_VERIFY
VM_TOOLS=$BPFBUILD_TOP/tools/bpf-vm
ac_vm() {
	vm_kernels
	AC_VM_ARGS=(--with-bpf-validate-kernels="$K61" BPF_VM_VERIFY="$VM_TOOLS/bpf-vm-verify")
}

# ac_build KEY CONFIGURE-ARGS...: configures and builds the examples once per
# run for KEY, with the toolkit's bpf-validate and the 6.1 VM kernel (ac_vm;
# ARGS come after, and a later one wins); sets AC_BUILD.  Configure output:
# $AC_BUILD.configure.log.
ac_build() {
	local key=$1; shift
	toolkit_build
	ac_vm
	ac_tree
	AC_BUILD=$BPFBUILD_TEST_RUN/ac-$key
	_once "ac-$key" sh -c '
		b=$1; shift
		rm -rf "$b"; mkdir -p "$b"; cd "$b"
		"$AC_SRC/configure" BPF_VALIDATE="$BPF_VALIDATE" "$@" >"$b.configure.log" 2>&1 \
			|| { cat "$b.configure.log"; exit 1; }
		make -j2' sh "$AC_BUILD" "${AC_VM_ARGS[@]}" "$@" || fail "examples ($key) do not build with autotools"
}
export AC_SRC

# configure_fails LOG DIR ARGS...: configure must fail with exactly one
# "configure: error:" line; prints that line.
configure_fails() {
	local log=$1 b=$2; shift 2
	rm -rf "$b"; mkdir -p "$b"
	if (cd "$b" && "$AC_SRC/configure" "$@") >"$log" 2>&1; then
		tail -n 30 "$log"; fail "configure succeeded: configure $*"
	fi
	local n
	n=$(grep -c 'configure: error:' "$log" || true)
	[ "$n" = 1 ] || { tail -n 30 "$log"; fail "expected one 'configure: error:' line, got $n"; }
	grep 'configure: error:' "$log" | tee /dev/stderr
}

# bpf_outputs DIR: "sha256  path" of every BPF object and skeleton (full or
# light) under DIR.
bpf_outputs() {
	(cd "$1" && find . \( -name '*.bpf.o' -o -name '*.skel.h' -o -name '*.lskel.h' \) -type f |
		LC_ALL=C sort | xargs -r sha256sum)
}

# The example programs (EX_NEEDS, EX_HOST_REFUSES, EX_LIGHT, ex_skel): the
# table of tests/examples, which follows examples/meson.build.
. "$BPFBUILD_TOP/tests/examples/lib-examples.sh"
# Where examples/Makefile.am puts each program's object, skeleton and log:
# the directory of its loader's source.
declare -A AC_DIR=(
	[socket_bind]=socket-bind
	[write_counter]=write-counter
	[restrict_fs]=restrict-fs
	[restrict_ifaces]=restrict-ifaces
	[xdp_counter]=xdp-counter
	[xdp_counter_light]=xdp-counter
	[exec_events]=exec-events
	[socket_policy]=socket-policy
)
[ "$(printf '%s\n' "${!AC_DIR[@]}" | sort)" = "$(printf '%s\n' "${!EX_NEEDS[@]}" | sort)" ] ||
	fail "lib-autoconf.sh: AC_DIR and EX_NEEDS (tests/examples/lib-examples.sh) name different programs"
# ac_obj NAME / ac_skel NAME: the object's and the skeleton's path in an
# autotools build directory.
ac_obj() { echo "${AC_DIR[$1]}/$1.bpf.o"; }
ac_skel() { echo "${AC_DIR[$1]}/$(ex_skel "$1")"; }
# ex_names: the program names, sorted, one per line.
ex_names() { printf '%s\n' "${!EX_NEEDS[@]}" | LC_ALL=C sort; }

# ac_assert_checked LOG BUILD-DIR NAME...: the "make check" whose output is
# LOG ran two tests per NAME, no other, and all passed: its verifier test
# and its functional test; for a program the host refuses
# (EX_HOST_REFUSES), the functional test ran in the 6.1 VM and the
# verifier test passed on the host or, when the host refused it, in that
# VM.  BUILD-DIR holds the test logs ("" when they are gone: distcheck).
ac_assert_checked() {
	local log=$1 b=$2 p n=0 vlog flog; shift 2
	for p in "$@"; do
		assert_grep "^PASS: $(ac_obj "$p")\$" "$log" "make check (verifier test of $p)"
		n=$((n + 2))
		if [ -z "${EX_HOST_REFUSES[$p]:-}" ]; then
			assert_grep "^PASS: $p\\.test\$" "$log" "make check (functional test of $p)"
			continue
		fi
		assert_grep "^PASS: $p-vm-6\\.1\\.[^ /]*\\.test\$" "$log" "make check (functional test of $p in the 6.1 VM)"
		[ -n "$b" ] || continue
		ex_assert_vm_verified "$p" "$b/${AC_DIR[$p]}/$p.bpf.log" "(\\./)?$(ac_obj "$p")"
		flog=$(ls "$b/$p"-vm-6.1.*.log)
		assert_grep "boot\\+test .*: test-[a-z-]+\\.sh exit 0 \\(pass\\)" "$flog" "the functional test of $p in the VM"
		assert_grep "^ +PASS: " "$flog" "the functional test of $p in the VM (the script's PASS line)"
	done
	assert_grep "^# TOTAL: +$n\$" "$log" "make check"
	assert_grep "^# PASS: +$n\$" "$log" "make check"
}

# ac_consumer DIR: the consumer project of tests/autoconf/consumer (a CO-RE
# tracepoint program with its loader, and a cgroup program) in DIR, made
# ready as README.md says: bpfbuildize, then autoreconf -fi.  Logs:
# DIR.bpfbuildize.log, DIR.autoreconf.log.
ac_consumer() {
	local d=$1
	mkdir -p "$d" && cp -R "$BPFBUILD_TOP/tests/autoconf/consumer/." "$d/" || fail "cannot copy the consumer to $d"
	ac_consumer_reconf "$d"
}
# ac_consumer_reconf DIR: bpfbuildize and autoreconf -fi again in DIR.
ac_consumer_reconf() {
	local d=$1
	(cd "$d" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize") >"$d.bpfbuildize.log" 2>&1 ||
		{ cat "$d.bpfbuildize.log"; fail "bpfbuildize in $d"; }
	(cd "$d" && autoreconf -fi) >"$d.autoreconf.log" 2>&1 ||
		{ cat "$d.autoreconf.log"; fail "autoreconf -fi in $d"; }
}
# ac_consumer_src: sets CONSUMER, one such project per test run (build
# out of tree only).
ac_consumer_src() {
	CONSUMER=$BPFBUILD_TEST_RUN/ac-consumer
	_once ac-consumer sh -c 'rm -rf "$1" && mkdir -p "$1" && cp -R "$2/tests/autoconf/consumer/." "$1/" &&
		cd "$1" && "$2/autoconf-macros/bpfbuildize" && autoreconf -fi' sh "$CONSUMER" "$BPFBUILD_TOP" ||
		fail "the consumer project does not bpfbuildize and autoreconf"
}

# ac_path_deterministic: whether the BPF compiler of this environment
# (BPF_CC, else the probe's choice) gives the same bytes from build paths
# of other lengths (the probe's deterministic check on a real CO-RE
# program; clang 19 and 21 order BTF by path length, issue 21).
ac_path_deterministic() {
	local out
	out=$("$BPFBUILD_TOP/engine/bpfbuild-probe" --vmlinux-btf /sys/kernel/btf/vmlinux \
		${1:+--compiler "$1"} 2>/dev/null) || return 1
	printf '%s\n' "$out" | grep -qx 'cap_deterministic=yes'
}
# ac_cmp_bpf WHAT A B DETERMINISTIC(yes|no): the objects A and B are equal;
# for a compiler whose BTF order follows the path length, equal but for
# .BTF/.BTF.ext (code, maps, relocations, license).  Skeletons embed the
# whole object, so they are compared only when DETERMINISTIC is yes.
ac_cmp_bpf() {
	local what=$1 a=$2 b=$3 det=$4
	case $a in
	*.bpf.o)
		if [ "$det" = yes ]; then
			cmp "$a" "$b" || fail "$what differs"
		else
			# binutils' objcopy does not know the BPF machine; llvm's does.
			llvm-objcopy --remove-section .BTF --remove-section .BTF.ext "$a" "$a.nobtf" &&
				llvm-objcopy --remove-section .BTF --remove-section .BTF.ext "$b" "$b.nobtf" ||
				fail "llvm-objcopy cannot read $what"
			cmp "$a.nobtf" "$b.nobtf" || fail "$what differs (beyond the BTF order)"
			rm -f "$a.nobtf" "$b.nobtf"
		fi ;;
	*) [ "$det" = no ] || cmp "$a" "$b" || fail "$what differs" ;;
	esac
}
