#!/bin/bash
# Programs written the way systemd and libbpf-tools write them (glibc
# headers, "if (lookup) return", a hyphenated name with its NAME_bpf
# skeleton, CO-RE with several helpers and atomics, bpf_core_field_exists
# on a bit-field, a CO-RE read through a const task, a log2 histogram
# clamped in a subprogram, per-program
# flags, vmlinux.h inside the project) build
# through the Meson module with whatever compiler it finds, unchanged, and
# pass their verifier tests on the host and in the VM kernels; their
# loaders load them.  A program is skipped only for a need the probe says
# this compiler lacks.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-real.sh"
toolkit_build
vm_kernels
src=$T/src
real_copy "$src"

# build_and_verify KIND: the whole check with bpf-compiler=KIND.
build_and_verify() {
	local b=$T/build-$1 kind built p
	rm -f "$T/setup.log" "$T/test.log"

	note "configure: vmlinux.h given relative to the project (x86/vmlinux.h)"
	meson setup "$b" "$src" -Dbpfbuild:vmlinux-h-path=x86/vmlinux.h -Dbpfbuild:bpf-compiler="$1" \
		-Dbpfbuild:bpf-validate="$BPF_VALIDATE" >"$T/setup.log" 2>&1 || { cat "$T/setup.log"; fail "configure failed"; }
	assert_grep "vmlinux.h +: $src/x86/vmlinux.h \(provided" "$T/setup.log" "the summary"
	kind=$(sed -n 's/^ *compiler *: .*(\(clang\|gcc\) .*/\1/p' "$T/setup.log")
	note "compiler: $kind"
	assert_bpf_cc "$T/setup.log"   # BPF_CC: the distro matrix runs this with sid's newest clang

	note "a program is built exactly when the probes say its needs are met"
	expect_built() {  # NAME NEEDS...
		local name=$1 need; shift
		for need in "$@"; do
			[ "$(probe_said "$T/setup.log" "$need")" = yes ] || {
				assert_grep "skipping BPF program $name: .*$need" "$T/setup.log" "configure"
				return 1; }
		done
		return 0
	}
	built=
	expect_built sock-bind glibc_headers && built="$built sock-bind"
	expect_built deny-proto helpers null_check && built="$built deny-proto"
	expect_built runq-hist core core_pragma helpers atomics && built="$built runq-hist"
	expect_built sock-kern core core_field_exists_bitfield atomics && built="$built sock-kern"
	expect_built exec-parent core core_const helpers atomics && built="$built exec-parent"
	expect_built fs-hist atomics bounded_index && built="$built fs-hist"
	built="$built port-filter"
	note "to build:$built"
	[ "$kind" != clang ] || assert_eq "clang builds them all" " sock-bind deny-proto runq-hist sock-kern exec-parent fs-hist port-filter" "$built"

	meson compile -C "$b" >"$T/build.log" 2>&1 || { tail -n 40 "$T/build.log"; fail "build failed"; }
	for p in $built; do
		[ -f "$b/$p.bpf.o" ] || fail "$p.bpf.o was not built"
		# bpftool's name for NAME.bpf.o, which the loaders use.
		id=$(echo "$p" | tr - _)_bpf
		grep -q "^struct $id {" "$b/$p.skel.h" || fail "$p.skel.h does not hold struct $id"
	done

	note "the verifier tests and the loaders"
	meson test -C "$b" --print-errorlogs >"$T/test.log" 2>&1 || { tail -n 60 "$T/test.log"; fail "meson test failed"; }
	cat "$b/meson-logs/testlog.txt" >>"$T/test.log"
	for p in $built; do
		grep -qE "[ :]$p\.bpf\.o +OK" "$T/test.log" || { grep -E "bpf.o|loads" "$T/test.log" | head -20; fail "no passing verifier test for $p"; }
	done
	for p in sock-bind deny-proto runq-hist; do
		case " $built " in *" $p "*) assert_grep "$p: (loaded|[0-9]+ wakeups)" "$T/test.log" "the $p loader" ;; esac
	done

	note "compile_commands.json: an entry per BPF source, whose command compiles it"
	python3 - "$b/compile_commands.json" "$T/cdb-$1" $built <<-'PY' || fail "compile_commands.json lacks the BPF compiles (see above)"
	import json, os, subprocess, sys
	db, scratch, names = sys.argv[1], sys.argv[2], sys.argv[3:]
	entries = {os.path.basename(e["file"]): e for e in json.load(open(db)) if e["file"].endswith(".bpf.c")}
	os.makedirs(scratch)
	for name in names:
	    e = entries.get(name + ".bpf.c")
	    if not e:
	        sys.exit("no entry for %s.bpf.c" % name)
	    # The words as clangd would run them, into a scratch object.
	    cmd = list(e["arguments"])
	    cmd[len(cmd) - cmd[::-1].index("-o")] = os.path.join(scratch, name + ".o")
	    r = subprocess.run(cmd, cwd=e["directory"], capture_output=True, text=True)
	    if r.returncode != 0:
	        sys.exit("%s: %s\n%s" % (name, cmd, r.stderr[-2000:]))
	print("compile_commands.json: %d BPF entries compile" % len(names))
	PY

	note "the same objects in the VM kernels (6.1, 6.12, sid's)"
	objs=()
	for p in $built; do objs+=("$b/$p.bpf.o"); done
	kargs=()
	for k in $KERNELS; do kargs+=(--kernel "$k"); done
	"$BPFBUILD_TOP/tools/bpf-vm/bpf-vm-verify" --validator "$BPF_VALIDATE" "${kargs[@]}" "${objs[@]}" \
		>"$T/vm.log" 2>&1 || { cat "$T/vm.log"; fail "a program fails in a VM kernel"; }
	tail -n 20 "$T/vm.log"
}

kinds=0
# BPF_CC (the distro matrix's newest clang) names one compiler: that kind only.
case ${BPF_CC:-} in ''|*clang*) command -v "${BPF_CC:-clang}" >/dev/null &&
	{ note "=== bpf-compiler=clang"; build_and_verify clang; kinds=$((kinds + 1)); } ;;
esac
if [ -z "${BPF_CC:-}" ] && { command -v bpf-gcc >/dev/null || command -v bpf-unknown-none-gcc >/dev/null; }; then
	note "=== bpf-compiler=gcc"
	build_and_verify gcc
	kinds=$((kinds + 1))
fi
[ $kinds -gt 0 ] || fail "no BPF compiler"
echo "ok"
