# The VM kernels of "make check" (AX_PROG_BPF_VALIDATE, bpfbuild.am):
# --with-bpf-validate-kernels that cannot be served is one configure error;
# without kernels the LSM program the host refuses is a SKIP, and a FAIL
# under CI=true, each with the reason; BPF_VALIDATE_KERNELS on the make
# command line or in the environment replaces the configured kernels for
# one run ("" none), as for meson test; BPF_VALIDATE_KERNELS at configure
# is the default of the option, which wins; a cached reconfigure keeps
# working.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

toolkit_build
ac_vm
ac_tree
vmv=$VM_TOOLS/bpf-vm-verify
k61=$(basename "$K61")

# ac_fails LOG DIR ARGS...: configure exits 1 with one "configure: error:"
# line; prints it.
ac_fails() {
	local log=$1 b=$2 rc=0; shift 2
	rm -rf "$b"; mkdir -p "$b"
	(cd "$b" && "$AC_SRC/configure" "$@") >"$log" 2>&1 || rc=$?
	[ $rc = 1 ] || { tail -n 30 "$log"; fail "configure $*: exit $rc, not 1"; }
	[ "$(grep -c 'configure: error:' "$log")" = 1 ] || { tail -n 30 "$log"; fail "configure $*: not one error line"; }
	grep 'configure: error:' "$log" | tee /dev/stderr
}
# ac_error WANT LOG DIR ARGS...: ac_fails, and its one line holds WANT.
ac_error() {
	local want=$1 line; shift
	line=$(ac_fails "$@")
	echo "$line" | grep -qF -- "$want" || fail "configure ${*:3}: the error lacks '$want': $line"
}

note "kernels, and BPF_VM_VERIFY pointing nowhere"
ac_error "BPF_VM_VERIFY=$T/nowhere/bpf-vm-verify does not exist; unset it or point it at bpf-vm-verify" \
	"$T/1.log" "$T/b1" BPF_VALIDATE="$BPF_VALIDATE" \
	--with-bpf-validate-kernels="$K61" BPF_VM_VERIFY="$T/nowhere/bpf-vm-verify"

note "kernels, and no bpf-vm-verify anywhere"
path_without "$T/novm" 'bpf-vm-verify'
if PATH=$T/novm pkg-config --exists bpfbuild; then
	note "bpfbuild.pc is installed here: bpf-vm-verify is always found"
else
	PATH=$T/novm ac_error "--with-bpf-validate-kernels=$k61 needs bpf-vm-verify, found neither on PATH nor through pkg-config bpfbuild: install the bpfbuild toolkit or set BPF_VM_VERIFY=PATH" \
		"$T/2.log" "$T/b2" BPF_VALIDATE="$BPF_VALIDATE" --with-bpf-validate-kernels="$k61"
	# The same from the environment, named as such.
	PATH=$T/novm BPF_VALIDATE_KERNELS=$k61 ac_error "BPF_VALIDATE_KERNELS=$k61 needs bpf-vm-verify" \
		"$T/3.log" "$T/b3" BPF_VALIDATE="$BPF_VALIDATE"
fi

note "kernels with the fallback validator"
ac_error "needs bpf-validate from the bpfbuild toolkit (\"bpftool prog loadall\" cannot run in the VMs)" \
	"$T/4.log" "$T/b4" BPF_VALIDATE="$AC_SRC/build-aux/bpfbuild/bpfbuild-validate-fallback" \
	--with-bpf-validate-kernels="$K61" BPF_VM_VERIFY="$vmv"

note "no bpf-validate installed: the fallback, and the summary and the error say why"
(
	without_toolkit "$T/notk"
	mkdir "$T/b4f"
	(cd "$T/b4f" && "$AC_SRC/configure" BPF_VM_VERIFY="$vmv") >"$T/4f.log" 2>&1 ||
		{ tail -n 30 "$T/4f.log"; fail "configure without bpf-validate"; }
	assert_grep "^ +validation +: \\S+/bpfbuild-validate-fallback \\(bpftool prog loadall: no bpf-validate is installed \\(on PATH or through pkg-config bpfbuild\\), and none can be built: bpfbuild's helper directory has no bpf-validate sources \\(bpfbuildize run from a checkout or release tarball of bpfbuild copies them\\)\\), no VM kernels" \
		"$T/4f.log" "summary"
	ac_error "(\"bpftool prog loadall\" cannot run in the VMs); no bpf-validate is installed (on PATH or through pkg-config bpfbuild), and none can be built: bpfbuild's helper directory has no bpf-validate sources (bpfbuildize run from a checkout or release tarball of bpfbuild copies them): install it" \
		"$T/4g.log" "$T/b4g" --with-bpf-validate-kernels="$K61" BPF_VM_VERIFY="$vmv"
)

note "--with-bpf-validate-kernels needs a value"
ac_error "--with-bpf-validate-kernels needs the kernels" \
	"$T/5.log" "$T/b5" BPF_VALIDATE="$BPF_VALIDATE" --with-bpf-validate-kernels

note "BPF_VALIDATE_KERNELS is the default; the option wins"
summary() {  # summary DIR ARGS...: the validation row of a fresh configure
	rm -rf "$1"; mkdir -p "$1"
	(cd "$1" && "$AC_SRC/configure" BPF_VALIDATE="$BPF_VALIDATE" BPF_VM_VERIFY="$vmv" "${@:2}") >"$1.log" 2>&1 ||
		{ tail -n 30 "$1.log"; fail "configure ${*:2}"; }
	sed -n 's/^ *validation *: //p' "$1.log"
}
assert_eq "validation (BPF_VALIDATE_KERNELS)" "$BPF_VALIDATE, then every object in VMs: $k61" \
	"$(summary "$T/e1" BPF_VALIDATE_KERNELS="$k61")"
grep -qx "BPF_VALIDATE_KERNELS_CONFIGURED = $k61" "$T/e1/Makefile" || fail "Makefile: the configured kernels are not $k61"
# The Makefile leaves BPF_VALIDATE_KERNELS to the environment of make check.
assert_no_grep '^BPF_VALIDATE_KERNELS *=' "$T/e1/Makefile" "Makefile"
assert_eq "validation (the option over BPF_VALIDATE_KERNELS)" "$BPF_VALIDATE, then every object in VMs: $K61" \
	"$(summary "$T/e2" BPF_VALIDATE_KERNELS="$k61" --with-bpf-validate-kernels="$K61")"
assert_eq "validation (--without over BPF_VALIDATE_KERNELS)" "$BPF_VALIDATE, no VM kernels (--with-bpf-validate-kernels)" \
	"$(summary "$T/e3" BPF_VALIDATE_KERNELS="$k61" --without-bpf-validate-kernels)"
grep -qx "BPF_VALIDATE_KERNELS_CONFIGURED = " "$T/e3/Makefile" || fail "Makefile: configured kernels with --without"

# No kernel: one build, cached configure (-C), for what follows.
b=$T/b
mkdir "$b"
(cd "$b" && "$AC_SRC/configure" -C BPF_VALIDATE="$BPF_VALIDATE" BPF_VM_VERIFY="$vmv") >"$T/c1.log" 2>&1 ||
	{ tail -n 30 "$T/c1.log"; fail "configure -C without kernels"; }
assert_grep "^checking for bpf-vm-verify\\.\\.\\. $vmv\$" "$T/c1.log" "configure"
assert_grep "^ +validation +: $BPF_VALIDATE, no VM kernels \\(--with-bpf-validate-kernels\\)\$" "$T/c1.log" "summary"
make -C "$b" -j2 >"$T/make.log" 2>&1 || { tail -n 30 "$T/make.log"; fail "make"; }
# shellcheck disable=SC2016 # $(TESTS) is for make
printf 'ac-print-tests:\n\t@echo $(TESTS)\n' >"$T/print.mk"
tests=$(make -s -C "$b" -f Makefile -f "$T/print.mk" ac-print-tests)
case " $tests " in *" restrict-fs/restrict_fs.bpf.o "*) ;; *) fail "restrict_fs has no verifier test: $tests" ;; esac
case $tests in *-vm-*) fail "VM tests without a VM kernel: $tests" ;; esac

rf=restrict-fs/restrict_fs.bpf
host_refuses=no
CI='' "$BPF_VALIDATE" "$b/$rf.o" >"$T/host" 2>&1 || [ $? != 77 ] || host_refuses=yes
if [ $host_refuses = yes ]; then
	note "no kernel, no CI: SKIP, with the reason"
	CI='' make -C "$b" check TESTS="$rf.o" >"$T/skip.log" 2>&1 || { cat "$T/skip.log"; fail "make check (no kernel, no CI)"; }
	assert_grep "^SKIP: $rf\\.o\$" "$T/skip.log" "make check (no kernel, no CI)"
	assert_grep "^(\\./)?$rf\\.o: restrict_fs: not verified: host refuses lsm\$" "$b/$rf.log" "the SKIP's log"
	assert_grep "no VM kernel is configured to verify it: .*--with-bpf-validate-kernels=K,\\.\\.\\. \\(configure\\)" "$b/$rf.log" "the SKIP's log"

	note "no kernel, CI=true: FAIL, with the reason"
	if CI=true make -C "$b" check TESTS="$rf.o" >"$T/fail.log" 2>&1; then
		cat "$T/fail.log"; fail "make check under CI=true passed with restrict_fs verified nowhere"
	fi
	assert_grep "^FAIL: $rf\\.o\$" "$T/fail.log" "make check (no kernel, CI=true)"
	assert_grep "^(\\./)?$rf\\.o: restrict_fs: not verified: host refuses lsm\$" "$b/$rf.log" "the FAIL's log"
	assert_grep "CI=true: a program verified neither on the host nor in a VM is a failure" "$b/$rf.log" "the FAIL's log"
else
	note "this host's kernel loads LSM programs: no SKIP to see"
fi

note "make check BPF_VALIDATE_KERNELS=<6.1>: the VM for one run"
make -C "$b" -j2 check BPF_VALIDATE_KERNELS="$K61" >"$T/check.log" 2>&1 ||
	{ cat "$T/check.log" "$b/test-suite.log"; fail "make check BPF_VALIDATE_KERNELS=$K61"; }
cat "$T/check.log"
# shellcheck disable=SC2046 # one word per name
ac_assert_checked "$T/check.log" "$b" $(ex_names)
grep -qx "BPF_VALIDATE_KERNELS_CONFIGURED = " "$b/Makefile" || fail "make check BPF_VALIDATE_KERNELS=... changed the Makefile"

note "BPF_VALIDATE_KERNELS=<6.1> in the environment of make check: the same"
BPF_VALIDATE_KERNELS=$K61 make -C "$b" check TESTS="$rf.o" >"$T/env.log" 2>&1 ||
	{ cat "$T/env.log" "$b/test-suite.log"; fail "BPF_VALIDATE_KERNELS=$K61 make check"; }
assert_grep "^PASS: $rf\\.o\$" "$T/env.log" "BPF_VALIDATE_KERNELS=<6.1> make check"
[ $host_refuses = no ] ||
	assert_grep "^(\\./)?$rf\\.o: restrict_fs: host kernel refuses lsm programs; verified in VM $k61\$" "$b/$rf.log" "the verifier test's log"

note "configure -C again, now with a kernel by its cache name; then once more, all cached"
(cd "$b" && "$AC_SRC/configure" -C BPF_VALIDATE="$BPF_VALIDATE" BPF_VM_VERIFY="$vmv" --with-bpf-validate-kernels="$k61") \
	>"$T/c2.log" 2>&1 || { tail -n 30 "$T/c2.log"; fail "second configure -C"; }
assert_grep "^checking for bpf-vm-verify\\.\\.\\. \\(cached\\) $vmv\$" "$T/c2.log" "the second configure -C"
assert_grep "^ +validation +: $BPF_VALIDATE, then every object in VMs: $k61\$" "$T/c2.log" "summary"
(cd "$b" && "$AC_SRC/configure" -C BPF_VALIDATE="$BPF_VALIDATE" BPF_VM_VERIFY="$vmv" --with-bpf-validate-kernels="$k61") \
	>"$T/c3.log" 2>&1 || { tail -n 30 "$T/c3.log"; fail "third configure -C"; }
diff <(sed -n '/^  BPF$/,$p' "$T/c2.log" | grep -v 'config.status') <(sed -n '/^  BPF$/,$p' "$T/c3.log" | grep -v 'config.status') ||
	fail "the cached configure prints a different summary"
make -C "$b" check TESTS="$rf.o restrict_fs-vm-$k61.test" >"$T/check2.log" 2>&1 ||
	{ cat "$T/check2.log" "$b/test-suite.log"; fail "make check after configure -C --with-bpf-validate-kernels=$k61"; }
cat "$T/check2.log"
assert_grep "^PASS: $rf\\.o\$" "$T/check2.log" "make check (kernel by name)"
assert_grep "^PASS: restrict_fs-vm-$k61\\.test\$" "$T/check2.log" "make check (kernel by name)"
[ $host_refuses = no ] ||
	assert_grep "^(\\./)?$rf\\.o: restrict_fs: host kernel refuses lsm programs; verified in VM $k61\$" "$b/$rf.log" "the verifier test's log"

note "BPF_VALIDATE_KERNELS= in the environment of make check: no VM"
tests=$(BPF_VALIDATE_KERNELS='' make -s -C "$b" -f Makefile -f "$T/print.mk" ac-print-tests)
case $tests in *-vm-*) fail "VM tests with BPF_VALIDATE_KERNELS= in the environment: $tests" ;; esac
if [ $host_refuses = yes ]; then
	CI='' BPF_VALIDATE_KERNELS='' make -C "$b" check TESTS="$rf.o" >"$T/off.log" 2>&1 ||
		{ cat "$T/off.log"; fail "BPF_VALIDATE_KERNELS= make check"; }
	assert_grep "^SKIP: $rf\\.o\$" "$T/off.log" "BPF_VALIDATE_KERNELS= make check"
fi
assert_src_untouched
