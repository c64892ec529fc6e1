# shellcheck shell=bash
# End-to-end phase runs of the overlay's ebuilds under the stand-in
# (pm-stubs.sh), on this repository, for tests/gentoo/e2e-*.t.  Sourced
# after ../lib.sh and gentoo-lib.sh.  Every run happens once per test run
# (_once) and is shared between the tests:
#
#   e2e_toolkit        dev-util/bpfbuild: the working tree (git ls-files, as
#                      "meson dist" would ship it) copied to ${WORKDIR}/${P},
#                      setup .. install into ${D}.  Sets E2E_BROOT to that
#                      ${D}: the examples' BDEPEND ~dev-util/bpfbuild, as
#                      ${BROOT}.
#   e2e_examples KIND CC FLAVOR
#                      dev-util/bpfbuild-examples-KIND (meson|autotools) with
#                      USE="clang" (CC=clang) or USE="-clang" (CC=gcc: a
#                      ${BROOT}/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc
#                      symlink to the host's bpf-gcc), FLAVOR "cflags" (the
#                      user's CFLAGS below) or "plain" (none).  setup ..
#                      install, src_test included.  Sets E2E_OUT, the
#                      directory that keeps: image/ (${D}), build/ (the
#                      objects as built), phases.log, rc.
#
# Both flavors of one KIND/CC run in the same directory, one after the
# other, with address randomisation on: gcc-bpf 12's heap-ordered BTF is
# canonicalised (bpfbuild-btf-sort --canonical), so it must give the same
# bytes twice, as clang does.

E2E_CFLAGS='-march=native -O3 -flto -pipe -fstack-protector-strong'
# The toolkit's bpf-validate goes into the QEMU VMs of src_test
# (BPF_VALIDATE_KERNELS), whose TCG CPU (-cpu max) stops at x86-64-v3:
# -march=native on an AVX-512 host gives a validator that dies there of an
# illegal instruction (bpf-vm-verify says so).  A user without KVM picks
# such a -march for dev-util/bpfbuild in package.env.
E2E_TOOLKIT_CFLAGS='-march=x86-64-v3 -O3 -flto -pipe -fstack-protector-strong'
E2E_ROOT=$BPFBUILD_TEST_RUN/gentoo-e2e

# e2e_pm DIR SNIPPET: SNIPPET in a fresh bash that sourced pm-stubs.sh with
# PM_ROOT=DIR (no set -e/-u, as ebuild.sh).  The stand-in has no sandbox:
# ${T} and ${HOME} are inside DIR.
# E2E_WRAP (a word list) runs before bash, e.g. setpriv.
e2e_pm() {
	mkdir -p "$1/temp"
	local wrap
	read -r -a wrap <<<"${E2E_WRAP:-env}"
	# shellcheck disable=SC2016 # $1 and $2 are the inner bash's arguments
	HOME=$1/temp PM_ROOT=$1 PM_OVERLAY=$OVERLAY E2E_TOP=$BPFBUILD_TOP \
		"${wrap[@]}" bash -c '. "$1" || exit 99; eval "$2"' e2e \
		"$GENTOO_TESTS/pm-stubs.sh" "$2"
}

# What a phase run leaves in its log, for the checks: the objects the
# helper excluded from stripping, where the toolkit came from, and what
# portage's executable-stack QA check (install-qa-check.d's scanelf run,
# with the ebuild's QA_EXECSTACK) reports on the image.
# shellcheck disable=SC2016 # expanded by the stand-in's bash, not here
E2E_REPORT='declare -p PM_DOSTRIP_SKIP >&2
	echo "E2E BPF_CC=${BPF_CC}" >&2
	echo "E2E CFLAGS=${CFLAGS-(unset)}" >&2
	if [[ -e ${S}/subprojects/bpfbuild ]]; then echo "E2E subproject $(readlink -f "${S}/subprojects/bpfbuild")" >&2; fi
	if [[ -f ${S}/config.log ]]; then sed -n "s/^ax_cv_bpf_dir=/E2E bpf_dir /p" "${S}/config.log" >&2; fi
	for f in "${S}"/m4/ax_*.m4; do [[ -f ${f} ]] && echo "E2E m4 ${f##*/} $(sha256sum <"${f}" | cut -c1-64)" >&2; done
	if [[ -f ${S}/aclocal.m4 ]]; then echo "E2E aclocal.m4 defines AX_BPF: $(grep -c "^AC_DEFUN(\[AX_BPF\]" "${S}/aclocal.m4")" >&2; fi
	echo "E2E build-aux $(ls "${S}/build-aux" 2>/dev/null | tr "\n" " ")" >&2
	export QA_EXECSTACK="${QA_EXECSTACK} lib*/modules/*.ko"
	echo "E2E QA_EXECSTACK=${QA_EXECSTACK}" >&2
	if [[ -d ${ED} ]]; then scanelf -qyRAF "%e %p" "${ED%/}/" | sed "s/^/E2E execstack /" >&2; fi'

# The user without privilege: no capabilities (portage's userpriv has none
# either), so bpf() is denied and bpf-validate exits 77.
E2E_NOPRIV='setpriv --inh-caps=-all --ambient-caps=-all --bounding-set=-all'

# The phases portage runs for a source build, in order.  pkg_setup comes
# before src_unpack; the "distfile" is unpacked by the caller's snippet.
# shellcheck disable=SC2016 # expanded by the stand-in's bash, not here
E2E_PHASES='for ph in setup unpack prepare configure compile test install; do
	echo ">>> phase ${ph}" >&2
	pm_phase "${ph}" || die "phase ${ph} failed"
done'

# e2e_unpack: the snippet that copies the working tree (tracked and
# untracked-but-not-ignored files, as they are now) to ${WORKDIR}/bpfbuild-0.1.0.
# shellcheck disable=SC2016 # expanded by the stand-in's bash, not here
E2E_UNPACK='mkdir -p "${WORKDIR}/bpfbuild-0.1.0"
	( cd "${E2E_TOP}" && git ls-files -z -co --exclude-standard |
		while IFS= read -r -d "" f; do
			if [[ -e ${f} || -L ${f} ]]; then printf "%s\0" "${f}"; fi
		done | cpio -pdm0 --quiet "${WORKDIR}/bpfbuild-0.1.0" ) || die "copying the tree failed"'

_e2e_toolkit() {
	local dir=$E2E_ROOT/toolkit
	rm -rf "$dir"
	mkdir -p "$dir"
	CFLAGS=$E2E_TOOLKIT_CFLAGS e2e_pm "$dir" "
		pm_source_ebuild '$OVERLAY/dev-util/bpfbuild/bpfbuild-0.1.0.ebuild'
		export CFLAGS
		pm_use ''
		$E2E_UNPACK
		$E2E_PHASES" >"$dir/phases.log" 2>&1 || { tail -n 40 "$dir/phases.log"; return 1; }
}

e2e_toolkit() {
	_once gentoo-e2e-toolkit _e2e_toolkit || fail "dev-util/bpfbuild does not build, test or install under the stand-in"
	E2E_BROOT=$E2E_ROOT/toolkit/image
	# shellcheck disable=SC2034 # read by e2e-toolkit.t
	E2E_TOOLKIT_LOG=$E2E_ROOT/toolkit/phases.log
}

# _e2e_examples KIND CC FLAVOR
_e2e_examples() {
	local kind=$1 cc=$2 flavor=$3 use pkg dir out
	pkg=bpfbuild-examples-$kind
	dir=$E2E_ROOT/$kind-$cc
	out=$E2E_ROOT/$kind-$cc.$flavor
	rm -rf "$dir" "$out"
	mkdir -p "$dir"
	if [ "$cc" = clang ]; then
		use="clang llvm_slot_${E2E_LLVM_SLOT}"
	else
		use="llvm_slot_${E2E_LLVM_SLOT}"
	fi
	local cflags=
	[ "$flavor" = plain ] || cflags=$E2E_CFLAGS
	# unpriv: build, then src_test twice in a second stand-in run (portage
	# keeps the environment between phases; this one recomputes BUILD_DIR
	# as meson.eclass does): without privilege, then as root.
	local phases=$E2E_PHASES
	if [ "$flavor" = unpriv ]; then
		phases=${E2E_PHASES/ test install;/;}
	fi
	# BROOT holds the build dependencies: the toolkit as installed (its
	# ${D}), clang's slot dir and the bpf-toolchain symlink (a copy of the
	# toolkit image, so that the shared one stays untouched).
	local broot=$dir/broot
	mkdir -p "$broot"
	cp -a "$E2E_BROOT/." "$broot/"
	mkdir -p "$broot/usr/lib/llvm/$E2E_LLVM_SLOT/bin" "$broot/usr/lib/bpf-toolchain/bin"
	ln -s "$E2E_CLANG" "$broot/usr/lib/llvm/$E2E_LLVM_SLOT/bin/clang"
	ln -s "$(command -v bpf-gcc)" "$broot/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc"
	local rc=0
	# aclocal and pkg-config look in / for a real ${BROOT}; here the
	# toolkit lives in ${BROOT}: ACLOCAL_PATH for the AX_* macros,
	# BPFBUILD_DIR (AX_BPFBUILD_DIR's precious variable) for the engine
	# scripts; bpf-validate on PATH as it would be in /usr/bin.
	# BPF_VALIDATE_KERNELS, as a user's make.conf would set it: src_test
	# verifies what the host kernel refuses (the LSM example) in a VM with
	# the toolkit's bpf-vm-verify, found on PATH in ${BROOT}/usr/bin.
	vm_kernels
	BPF_VALIDATE_KERNELS=$K61 \
	CFLAGS=$cflags BROOT=$broot ACLOCAL_PATH=$broot/usr/share/aclocal \
		BPFBUILD_DIR=$broot/usr/share/bpfbuild/engine PATH=$broot/usr/bin:$PATH \
		E2E_SETUP="${E2E_SETUP:-}" e2e_pm "$dir" "
		[[ -n \${CFLAGS} ]] && export CFLAGS || unset CFLAGS
		pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
		pm_use '$use'
		pm_required_use_ok || die 'REQUIRED_USE not met for USE=$use'
		eval \"\${E2E_SETUP}\"
		$E2E_UNPACK
		$phases
		$E2E_REPORT" >"$dir/phases.log" 2>&1 || rc=$?
	if [ "$flavor" = unpriv ] && [ $rc = 0 ]; then
		local who
		for who in nopriv root; do
			# Without CI: portage's build environment has none, and CI=true
			# would turn bpf-validate's "cannot verify here" (77) into 1.
			# Unprivileged, no VM kernel either: the skip path.
			local runner="env -u CI BPF_VALIDATE_KERNELS=$K61"
			[ $who = root ] || runner="env -u CI BPF_VALIDATE_KERNELS= $E2E_NOPRIV"
			E2E_WRAP=$runner PATH=$broot/usr/bin:$PATH BROOT=$broot e2e_pm "$dir" "
				pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
				pm_use '$use'
				BUILD_DIR=\${WORKDIR}/\${P}-build
				echo \">>> phase test (\$(id -u), CapEff \$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status))\" >&2
				pm_phase test || die 'phase test failed'
				echo '>>> test phase done' >&2" >"$dir/test-$who.log" 2>&1 || rc=$?
			# The test logs of this run: meson's, or one per object.
			mkdir -p "$dir/logs-$who"
			( cd "$dir/work" && find . \( -path '*/meson-logs/testlog.txt' -o -name '*.bpf.log' \) \
				-type f -exec cp {} "$dir/logs-$who/" \; )
		done
	fi
	mkdir -p "$out"
	echo "$rc" >"$out/rc"
	mv "$dir"/*.log "$out/"
	[ "$flavor" != unpriv ] || mv "$dir"/logs-* "$out/" 2>/dev/null || :
	[ ! -d "$dir/image" ] || mv "$dir/image" "$out/image"
	# The objects as built, before install: meson's build dir, or the
	# in-tree autotools build.
	mkdir -p "$out/build"
	if [ -d "$dir/work" ]; then
		( cd "$dir/work" &&
		find . \( -path '*/subprojects' -o -path '*/meson-*' \) -prune -o \
			\( -name '*.bpf.o' -o -name '*.skel.h' -o -name '*.lskel.h' \) -type f \
			-exec cp {} "$out/build/" \; &&
		find . \( -path '*/meson-logs/testlog.txt' -o -path '*/examples/config.log' \
			-o -path '*/examples/test-suite.log' -o -path '*/examples/*.bpf.log' \) -type f \
			-exec cp {} "$out/" \; )
	fi
	rm -rf "$dir"
	[ "$rc" = 0 ] || { tail -n 40 "$out/phases.log"; return 1; }
}

# e2e_examples KIND CC FLAVOR: the run, once; sets E2E_OUT.
e2e_examples() {
	e2e_toolkit
	_once "gentoo-e2e-$1-$2-$3" _e2e_examples "$@" ||
		fail "dev-util/bpfbuild-examples-$1 (USE compiler $2, $3) failed under the stand-in"
	E2E_OUT=$E2E_ROOT/$1-$2.$3
}

# The clang that plays llvm-core/clang:SLOT: the newest Debian clang in
# the stand-in llvm-r2's slots (15..21), else the host's clang as the
# oldest slot.
E2E_CLANG='' E2E_LLVM_SLOT=''
for _s in 21 20 19 18 17 16 15; do
	if [ -x "/usr/lib/llvm-$_s/bin/clang" ]; then
		E2E_CLANG=/usr/lib/llvm-$_s/bin/clang E2E_LLVM_SLOT=$_s
		break
	fi
done
if [ -z "$E2E_CLANG" ]; then
	E2E_CLANG=$(command -v clang || echo /usr/bin/clang) E2E_LLVM_SLOT=15
fi

# e2e_check_examples KIND CC: the checks on one "cflags" run (E2E_OUT):
# compiler, toolkit, installed objects, src_test.
e2e_check_examples() {
	local kind=$1 cc=$2 pkg=bpfbuild-examples-$1 log img f o n built installed
	log=$E2E_OUT/phases.log
	img=$E2E_OUT/image
	for f in setup unpack prepare configure compile test install; do
		assert_grep "^>>> phase $f$" "$log" "$pkg ($cc) phases"
	done
	# USE decides the compiler: BPF_CC from pkg_setup, and the build uses it.
	if [ "$cc" = clang ]; then
		assert_grep "^einfo: BPF compiler: .*/broot/usr/lib/llvm/$E2E_LLVM_SLOT/bin/clang$" "$log" "$pkg ($cc) pkg_setup"
	else
		assert_grep '^einfo: BPF compiler: .*/broot/usr/lib/bpf-toolchain/bin/bpf-unknown-none-gcc$' "$log" "$pkg ($cc) pkg_setup"
	fi
	if [ "$kind" = meson ]; then
		assert_grep "^meson setup .* -Dbpf-framework=enabled -Dbpf-compiler=$cc " "$log" "$pkg ($cc) configure"
		assert_grep "^ +compiler +: [^ ]*/broot/usr/lib/$([ "$cc" = clang ] && echo "llvm/$E2E_LLVM_SLOT/bin/clang" || echo bpf-toolchain/bin/bpf-unknown-none-gcc) " "$log" "$pkg ($cc) summary"
		# The installed Meson module, not the copy in examples/subprojects.
		assert_grep "^E2E subproject .*/broot/usr/share/bpfbuild/meson/bpfbuild$" "$log" "$pkg ($cc) subproject"
	else
		assert_grep "--with-bpf-compiler=$cc" "$E2E_OUT/config.log" "$pkg ($cc) configure"
		assert_grep "^ac_cv_env_BPF_CC_value=.*/broot/usr/lib/$([ "$cc" = clang ] && echo "llvm/$E2E_LLVM_SLOT/bin/clang" || echo bpf-toolchain/bin/bpf-unknown-none-gcc)'?$" "$E2E_OUT/config.log" "$pkg ($cc) BPF_CC"
		# AX_BPF from the toolkit in ${BROOT} (aclocal copied it into m4/),
		# its helper scripts too; examples/'s vendored copies are gone.
		assert_grep "^E2E bpf_dir .*/broot/usr/share/bpfbuild/engine$" "$log" "$pkg ($cc) helper scripts"
		[ ! -e /usr/share/aclocal/ax_bpf.m4 ] || fail "this host has /usr/share/aclocal/ax_bpf.m4: cannot tell which AX_BPF aclocal found"
		assert_grep "^E2E aclocal.m4 defines AX_BPF: [1-9]" "$log" "$pkg ($cc) aclocal.m4"
		for f in "$E2E_BROOT"/usr/share/aclocal/ax_*.m4; do
			# aclocal --install may copy a macro into m4/: the installed one.
			! grep -q "^E2E m4 ${f##*/} " "$log" ||
				assert_grep "^E2E m4 ${f##*/} $(sha256sum <"$f" | cut -c1-64)$" "$log" "$pkg ($cc) m4/${f##*/}"
		done
		assert_grep '^E2E build-aux ' "$log" "$pkg ($cc) build-aux"
		assert_no_grep '^E2E build-aux (.* )?bpfbuild ' "$log" "$pkg ($cc) build-aux (the vendored helper scripts)"
	fi

	# Every object built is installed, by the helper, byte for byte: not
	# stripped (BTF kept), mode 0644, excluded from portage's strip.
	built=$(cd "$E2E_OUT/build" && printf '%s ' *.bpf.o)
	installed=$(cd "$img/usr/lib/bpf/$pkg" && printf '%s ' *.bpf.o)
	[ "$built" != '*.bpf.o ' ] || fail "$pkg ($cc): no object built"
	assert_eq "$pkg ($cc) installed objects" "$built" "$installed"
	n=0
	for o in $installed; do
		f=$img/usr/lib/bpf/$pkg/$o
		cmp -s "$f" "$E2E_OUT/build/$o" || fail "$pkg ($cc): $o changed on install"
		assert_eq "$o mode" 644 "$(stat -c %a "$f")"
		readelf -SW "$f" >"$T/sections" 2>&1 || fail "$o: readelf failed"
		assert_grep ' \.BTF ' "$T/sections" "$pkg ($cc) $o sections (BTF kept)"
		assert_grep ' \.symtab ' "$T/sections" "$pkg ($cc) $o sections (symbols kept)"
		assert_grep "\"/usr/lib/bpf/$pkg/$o\"" "$log" "$pkg ($cc) dostrip -x $o"
		n=$((n + 1))
	done
	# Portage's QA: the executable-stack check (scanelf over ${ED}, as
	# install-qa-check runs it) has nothing to say; without the eclass's
	# QA_EXECSTACK it would name every object (no .note.GNU-stack).
	command -v scanelf >/dev/null || fail "no scanelf (pax-utils; tests/install-deps installs it)"
	assert_grep '^E2E QA_EXECSTACK=' "$log" "$pkg ($cc) QA check ran"
	assert_no_grep '^E2E execstack ' "$log" "$pkg ($cc) QA Notice: writable and executable sections"
	assert_eq "$pkg ($cc) objects scanelf flags without QA_EXECSTACK" "$n" \
		"$(env -u QA_EXECSTACK scanelf -qyRAF '%e %p' "$img/" | grep -c "^!WX .*usr/lib/bpf/$pkg/.*\.bpf\.o$")"

	# The ebuilds install no skeletons (build-time headers for the loaders).
	[ -z "$(find "$img" -name '*.skel.h' -o -name '*.lskel.h')" ] || fail "$pkg ($cc): skeletons installed"
	note "$pkg ($cc): $n objects installed unstripped: $installed"

	# src_test ran the verifier test of every object, as root: no failure.
	if [ "$kind" = meson ]; then
		# (an LSM program has no host test: the host kernel refuses LSM)
		assert_grep "^Ok: +[1-9][0-9]* *$" "$log" "$pkg ($cc) meson test"
		assert_no_grep '^Fail: +[1-9]' "$log" "$pkg ($cc) meson test"
		assert_no_grep 'functional' "$E2E_OUT/testlog.txt" "$pkg ($cc) meson test log"
	else
		assert_grep '^# FAIL: +0$' "$log" "$pkg ($cc) make check"
		assert_grep '^# ERROR: +0$' "$log" "$pkg ($cc) make check"
		assert_no_grep '^[A-Z]+: [a-z_]+\.test$' "$log" "$pkg ($cc) make check (functional tests)"
	fi
}

# e2e_check_skips KIND: the gcc run builds a subset; every program the
# clang run built and the gcc run did not is named with its reason.
e2e_check_skips() {
	local kind=$1 p gcc_objs clang_objs why skipped=0
	e2e_examples "$kind" clang cflags
	clang_objs=$(cd "$E2E_OUT/build" && ls -- *.bpf.o)
	assert_no_grep '^ewarn: BPF program ' "$E2E_OUT/phases.log" "$kind (clang): no program skipped"
	e2e_examples "$kind" gcc cflags
	gcc_objs=$(cd "$E2E_OUT/build" && ls -- *.bpf.o)
	case " $(echo "$gcc_objs" | tr '\n' ' ')" in *" socket_bind.bpf.o "*) ;;
		*) fail "$kind (gcc): socket_bind (uapi-only) not built" ;; esac
	for p in $clang_objs; do
		p=${p%.bpf.o}
		case " $(echo "$gcc_objs" | tr '\n' ' ')" in *" $p.bpf.o "*) continue ;; esac
		assert_grep "skipping BPF program $p: [a-z_]+: .+" "$E2E_OUT/phases.log" "$kind (gcc): the reason $p is skipped"
		# ... and portage shows it: an ewarn (elog) from src_install.
		why=$(grep -m1 -o "skipping BPF program $p: .*" "$E2E_OUT/phases.log")
		sed -n '/^>>> phase install$/,$p' "$E2E_OUT/phases.log" >"$T/install.log"
		grep -qxF "ewarn: BPF program $p not built with bpf-unknown-none-gcc: ${why#"skipping BPF program $p: "}" "$T/install.log" ||
			fail "$kind (gcc): no ewarn in src_install for skipped $p (${why})"
		skipped=$((skipped + 1))
		note "gcc-bpf: $(grep -m1 -o "skipping BPF program $p: .*" "$E2E_OUT/phases.log")"
	done
	[ "$skipped" -gt 0 ] || note "$kind (gcc): this gcc-bpf builds every program"
	[ "$skipped" -eq 0 ] ||
		assert_grep "^ewarn: $skipped BPF program\(s\) of bpfbuild-examples-$kind skipped: " "$T/install.log" "$kind (gcc): the skip summary"
}
