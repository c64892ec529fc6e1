# Sourced by every tests/<area>/*.t.  Gives each test its own temporary
# directory and the shared helpers.  Tests run with `bash -eu`-like
# discipline: call `fail` with the reason, never exit silently.
set -eu -o pipefail

BPFBUILD_TOP=${BPFBUILD_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
if [ -z "${BPFBUILD_TEST_RUN:-}" ]; then
	# Run directly (not through tests/run): own the shared scratch space.
	BPFBUILD_TEST_RUN=$(mktemp -d "${TMPDIR:-/tmp}/bpfbuild-run.XXXXXX")
	_own_run_dir=$BPFBUILD_TEST_RUN
fi
export BPFBUILD_TOP BPFBUILD_TEST_RUN
T=$(mktemp -d "${TMPDIR:-/tmp}/bpfbuild-test.XXXXXX")
# on_success FUNCTION: called at the test's exit when it passes (exit 0),
# before its directory goes: what a later test may reuse is kept only then.
_on_success=()
on_success() { _on_success+=("$1"); }
_test_exit() {
	local rc=$? h
	if [ "$rc" = 0 ]; then
		for h in "${_on_success[@]}"; do "$h" || :; done
	fi
	rm -rf "$T" ${_own_run_dir:+"$_own_run_dir"}
}
trap _test_exit EXIT
# Stopped by a runner's timeout or by hand: the EXIT trap still cleans up.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

fail() { echo "FAIL: $*" >&2; exit 1; }
# Only for "the kernel truly cannot verify here"; tests/run fails it under CI=true.
skip() { echo "SKIP: $*"; exit 77; }
note() { echo "--- $*"; }

# assert_eq WHAT EXPECTED ACTUAL
assert_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# assert_grep PATTERN FILE [WHAT]
assert_grep() { grep -qE -- "$1" "$2" || { sed 's/^/    /' "$2" | tail -n 30; fail "${3:-$2} lacks /$1/"; }; }
# assert_bpf_cc SETUP-LOG: with BPF_CC set (the distro matrix sets it, e.g.
# to sid's newest clang), the configure summary names that compiler.
assert_bpf_cc() {
	[ -n "${BPF_CC:-}" ] || return 0
	local cc
	cc=$(command -v "$BPF_CC") || fail "BPF_CC=$BPF_CC is not installed"
	assert_grep "compiler +: $cc \\((clang|gcc) " "$1" "summary (BPF_CC=$BPF_CC)"
}
assert_no_grep() { ! grep -qE -- "$1" "$2" || { grep -nE -- "$1" "$2" | head; fail "${3:-$2} has /$1/"; }; }

# own_bpffs: the test goes on in a mount namespace of its own with a new,
# empty bpffs on BPFFS=/sys/fs/bpf, where libbpf and bpftool pin by default:
# what it pins is its own and goes with it, whatever the system has there
# (nothing, on machines without systemd, in containers and build chroots;
# the system's own pins elsewhere).  Call it first, before any other work:
# the test runs again inside, and its exit is this one's.
BPFFS=/sys/fs/bpf
own_bpffs() {
	if [ "${_BPFBUILD_OWN_BPFFS:-}" = "$$" ]; then
		mount -t bpf bpf "$BPFFS" || fail "cannot mount a bpffs on /sys/fs/bpf in the test's mount namespace"
		return 0
	fi
	local rc=0
	# The mark is the pid of the test inside (sh's, which exec keeps): a
	# test it starts makes a namespace of its own.
	unshare --mount --propagation private sh -c 'export _BPFBUILD_OWN_BPFFS=$$; exec bash "$1"' sh "$0" || rc=$?
	exit "$rc"
}

# Run "$@" once per test run, under a lock, keyed by NAME; later callers reuse it.
_once() {
	local name=$1; shift
	local stamp=$BPFBUILD_TEST_RUN/once.$name
	(
		flock 9
		[ -e "$stamp.ok" ] && exit 0
		"$@" >"$stamp.log" 2>&1 || { tail -n 40 "$stamp.log" >&2; exit 1; }
		touch "$stamp.ok"
	) 9>"$stamp.lock"
}

# subproject_copy DIR: a copy of the toolkit as a Meson subproject, the
# files the installed toolkit's wrap archive holds (meson.build): the
# validator's sources and the VM tools too.
subproject_copy() {
	mkdir -p "$1/tools"
	cp -R "$BPFBUILD_TOP/meson.build" "$BPFBUILD_TOP/meson_options.txt" \
		"$BPFBUILD_TOP/engine" "$BPFBUILD_TOP/meson-modules" "$1/"
	cp -R "$BPFBUILD_TOP/tools/bpf-validate" "$BPFBUILD_TOP/tools/bpf-vm" "$1/tools/"
}

# toolkit_build: builds the toolkit (bpf-validate) once per run; sets BPF_VALIDATE.
toolkit_build() {
	local dir=$BPFBUILD_TEST_RUN/toolkit
	_once toolkit sh -c "meson setup '$dir' '$BPFBUILD_TOP' && meson compile -C '$dir'" \
		|| fail "the toolkit does not build"
	BPF_VALIDATE=$dir/tools/bpf-validate/bpf-validate
	export BPF_VALIDATE
}

# examples_build KEY MESON-ARGS...: configures and builds examples/ once per
# run for KEY; sets EX_BUILD to its build dir.  Configure output: $EX_BUILD.setup.log
# path_without DIR PATTERN...: DIR gets a link to every program of the
# system's bin and sbin directories (in PATH order) whose name matches none
# of the glob PATTERNs: PATH=DIR is a system where those are not installed.
path_without() {
	local dir=$1 d f p skip links; shift
	mkdir -p "$dir"
	for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
		links=()
		for f in "$d"/*; do
			[ -e "$f" ] || continue  # an empty dir leaves the glob as is
			skip=no
			for p in "$@"; do
				# shellcheck disable=SC2254 # the patterns are globs
				case ${f##*/} in $p) skip=yes ;; esac
			done
			[ $skip = yes ] || [ -e "$dir/${f##*/}" ] || links+=("$f")
		done
		# One ln for the directory: a process per link was thousands of them.
		[ ${#links[@]} -eq 0 ] || ln -s -t "$dir" -- "${links[@]}"
	done
}

# without_toolkit DIR: PATH and pkg-config (exported) see nothing of an
# installed bpfbuild toolkit (no bpf-validate, no VM tools, no bpfbuild.pc),
# and the rest of the system as it is (DIR/bin, DIR/pc).
without_toolkit() {
	path_without "$1/bin" 'bpf-validate' 'bpf-vm-*' 'bpf-core-check' 'bpfbuildize'
	mkdir -p "$1/pc"
	local d f
	# Every .pc of the default search path but bpfbuild's: libbpf's
	# dependencies differ between releases (sid's libelf needs libzstd).
	for d in $(pkg-config --variable pc_path pkg-config | tr ':' ' '); do
		for f in "$d"/*.pc; do
			[ -e "$f" ] && [ "${f##*/}" != bpfbuild.pc ] && [ ! -e "$1/pc/${f##*/}" ] || continue
			ln -s "$f" "$1/pc/"
		done
	done
	[ -e "$1/pc/libbpf.pc" ] || fail "no libbpf.pc (install libbpf-dev)"
	export PATH="$1/bin" PKG_CONFIG_LIBDIR="$1/pc"
	unset PKG_CONFIG_PATH BPF_VALIDATE BPF_VM_VERIFY
}

# clang_bpf_object SRC OUT [CLANG-ARG...]: SRC compiled by clang for BPF
# (CO-RE, BTF; the includes in the args) and linked by `bpftool gen object`,
# as bpfbuild builds it, for the tests' own BPF programs.
clang_bpf_object() {
	local src=$1 out=$2; shift 2
	clang -g -O2 -target bpf -mcpu=v3 -D__TARGET_ARCH_x86 "$@" \
		-idirafter "/usr/include/$(gcc -print-multiarch)" -c "$src" -o "$out.tmp.o" &&
		"${BPFTOOL:-$(command -v bpftool || echo /usr/sbin/bpftool)}" gen object "$out" "$out.tmp.o" &&
		rm -f "$out.tmp.o"
}

# The examples' LSM program (restrict_fs) is refused by this host kernel:
# its verifier test goes on in a VM of bookworm's 6.1 (one kernel keeps the
# time down; tests/vm runs the matrix).  ARGS come after, and a later -D wins.
examples_build() {
	local key=$1; shift
	toolkit_build
	vm_kernels
	EX_BUILD=$BPFBUILD_TEST_RUN/examples-$key
	_once "examples-$key" sh -c '
		b=$1 k=$2; shift 2
		meson setup "$b" "$BPFBUILD_TOP/examples" -Dbpf-validate="$BPF_VALIDATE" \
			-Dbpf-vm-verify="$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify" -Dvalidate-kernels="$k" \
			"$@" >"$b.setup.log" 2>&1 || { cat "$b.setup.log"; exit 1; }
		meson compile -C "$b"' sh "$EX_BUILD" "$K61" "$@" || fail "examples ($key) do not build"
}

# vm_kernels: the kernel matrix (bpf-vm-kernels matrix: bookworm's 6.1, 6.12,
# sid's newest), fetched once per run into the kernel cache, which is kept
# across runs.  Sets KERNELS (the cache dirs, one per line), K61 K612 KSID.
export BPFBUILD_KERNEL_CACHE=${BPFBUILD_KERNEL_CACHE:-/var/cache/bpfbuild-kernels}
_vm_kernels() {
	"$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-kernels" matrix >"$BPFBUILD_TEST_RUN/vm-kernels.list"
}
vm_kernels() {
	_once vm-kernels _vm_kernels || fail "the kernel matrix cannot be fetched (see above)"
	KERNELS=$(cat "$BPFBUILD_TEST_RUN/vm-kernels.list")
	K61=$(sed -n 1p "$BPFBUILD_TEST_RUN/vm-kernels.list")
	K612=$(sed -n 2p "$BPFBUILD_TEST_RUN/vm-kernels.list")
	KSID=$(sed -n 3p "$BPFBUILD_TEST_RUN/vm-kernels.list")
	case $(basename "$K61") in 6.1.*) ;; *) fail "matrix: the first kernel is not 6.1: $K61" ;; esac
	case $(basename "$K612") in 6.12.*) ;; *) fail "matrix: the second kernel is not 6.12: $K612" ;; esac
	[ -n "$KSID" ] || fail "matrix: no sid kernel"
}
# vm_kernel_61: vm_kernels, and k61, the name in the kernel cache of the
# 6.1 that a test passes by name (as a consumer would), checked against
# the matrix's.
vm_kernel_61() {
	k61=6.1.0-57-cloud-amd64
	vm_kernels
	[ "$(basename "$K61")" = "$k61" ] || fail "the kernel matrix's 6.1 is $(basename "$K61"), not $k61: update tests/lib.sh"
}
