#!/bin/bash
# bpfbuild_doobj / bpfbuild_newobj install real BPF objects into ${D},
# unstripped (dostrip -x, QA_FLAGS_IGNORED) and refuse anything else; the
# examples ebuilds' src_install finds the right objects; bpfbuild_src_test
# turns exit 77 into an ewarn, dies on failures, passes on success.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

bpfgcc=$(command -v bpf-gcc || command -v bpf-unknown-none-gcc) || fail "no bpf-gcc on the host"
mkdir -p "$T/obj"
cat >"$T/obj/p.bpf.c" <<'C'
__attribute__((section("xdp"), used)) int prog(void *ctx) { return 2; }
char _license[] __attribute__((section("license"), used)) = "GPL";
C
"$bpfgcc" -O2 -g -c "$T/obj/p.bpf.c" -o "$T/obj/a.bpf.o" || fail "bpf-gcc cannot build a test object"
cp "$T/obj/a.bpf.o" "$T/obj/b.bpf.o"
echo 'int f(void) { return 1; }' >"$T/obj/host.c"
cc -c "$T/obj/host.c" -o "$T/obj/host.o" || fail "cc cannot build a host object"

EB=$(synth_ebuild demo 'LLVM_COMPAT=( 17 )
BPFBUILD_OPTIONAL_IUSE=+bpf
inherit bpfbuild')
SETUP="pm_source_ebuild '$EB'; pm_use 'bpf llvm_slot_17'"
report='declare -p PM_DOSTRIP_SKIP QA_FLAGS_IGNORED 2>/dev/null; echo "INS=$INSDESTTREE $INSOPTIONS"'

note "doobj: default dir, mode 0644, bytes unchanged, excluded from strip and QA"
pm_ok doobj "$SETUP
	src_install() { insinto /usr/share/demo; insopts -m0600; bpfbuild_doobj '$T/obj/a.bpf.o' '$T/obj/b.bpf.o'; }
	pm_phase install; $report"
for o in a b; do
	f=$PM_DIR/image/usr/lib/bpf/demo/$o.bpf.o
	[ -f "$f" ] || fail "$o.bpf.o not installed into \${D}/usr/lib/bpf/demo"
	cmp -s "$f" "$T/obj/$o.bpf.o" || fail "$o.bpf.o changed on install"
	assert_eq "$o.bpf.o mode" 644 "$(stat -c %a "$f")"
done
assert_grep '^declare -a PM_DOSTRIP_SKIP=\(\[0\]="/usr/lib/bpf/demo/a.bpf.o" \[1\]="/usr/lib/bpf/demo/b.bpf.o"\)$' "$PM_OUT" "dostrip -x"
assert_grep '^declare -- QA_FLAGS_IGNORED="usr/lib/bpf/demo/a\\\\\.bpf\\\\\.o usr/lib/bpf/demo/b\\\\\.bpf\\\\\.o"$' "$PM_OUT" "QA_FLAGS_IGNORED"
# The ebuild's own insinto/insopts survive the helper.
assert_grep '^INS=/usr/share/demo -m0600$' "$PM_OUT" "insinto/insopts state"

note "doobj: BPFBUILD_OBJDIR, and QA_FLAGS_IGNORED kept an array when it is one"
pm_ok "doobj objdir" "$SETUP
	BPFBUILD_OBJDIR=/usr/share/demo/bpf
	QA_FLAGS_IGNORED=( 'usr/bin/x' )
	src_install() { bpfbuild_doobj '$T/obj/a.bpf.o'; }
	pm_phase install; $report"
[ -f "$PM_DIR/image/usr/share/demo/bpf/a.bpf.o" ] || fail "BPFBUILD_OBJDIR ignored"
assert_grep '^declare -a PM_DOSTRIP_SKIP=\(\[0\]="/usr/share/demo/bpf/a.bpf.o"\)$' "$PM_OUT" "dostrip -x (objdir)"
assert_grep '^declare -a QA_FLAGS_IGNORED=\(\[0\]="usr/bin/x" \[1\]="usr/share/demo/bpf/a\\\\\.bpf\\\\\.o"\)$' "$PM_OUT" "QA_FLAGS_IGNORED array"

note "doobj: portage's executable-stack check (scanelf, as install-qa-check runs it) stays quiet"
command -v scanelf >/dev/null || fail "no scanelf (pax-utils; tests/install-deps installs it)"
# shellcheck disable=SC2016 # expanded by the stand-in's bash
qa='export QA_EXECSTACK="${QA_EXECSTACK} lib*/modules/*.ko"
	echo "QA_EXECSTACK=${QA_EXECSTACK}"
	scanelf -qyRAF "%e %p" "${ED%/}/" | sed "s/^/EXECSTACK /"'
pm_ok "doobj execstack" "$SETUP
	QA_EXECSTACK=( 'usr/bin/x' )
	src_install() { bpfbuild_doobj '$T/obj/a.bpf.o'; bpfbuild_newobj '$T/obj/b.bpf.o' 'c[1]*.bpf.o'; }
	pm_phase install; $qa"
assert_grep '^QA_EXECSTACK=usr/bin/x usr/lib/bpf/demo/a\.bpf\.o usr/lib/bpf/demo/c\\\[1]\\\*\.bpf\.o lib\*/modules/\*\.ko$' "$PM_OUT" "QA_EXECSTACK (an array joined, patterns escaped)"
assert_no_grep '^EXECSTACK ' "$PM_OUT" "scanelf execstack notice"
# The check can fail: without the exemption both objects are "!WX"
# (no .note.GNU-stack), which is what portage reported.
( cd "$PM_DIR/image" && scanelf -qyRAF '%e %p' "$PM_DIR/image/" ) >"$T/raw-execstack"
assert_grep '^!WX .*usr/lib/bpf/demo/a\.bpf\.o$' "$T/raw-execstack" "scanelf without QA_EXECSTACK"

note "skipped programs: ewarn names each and its reason; a required one dies"
mkdir -p "$T/logs/meson-logs"
cat >"$T/logs/meson-logs/meson-log.txt" <<'LOG'
Message: skipping BPF program write_counter: core: BTF of gcc-bpf 12 cannot be linked, atomics: no atomic add
Message: skipping exec_events: vmlinux: no /sys/kernel/btf/vmlinux
Message: something else
LOG
pm_ok "skips reported" "$SETUP
	BUILD_DIR='$T/logs'
	src_install() { bpfbuild_doobj '$T/obj/a.bpf.o'; bpfbuild_doobj '$T/obj/b.bpf.o'; }
	pm_phase install"
assert_grep '^ewarn: BPF program write_counter not built( with [^:]*)?: core: BTF of gcc-bpf 12 cannot be linked, atomics: no atomic add$' "$PM_ERR" "skip ewarn (write_counter)"
assert_grep '^ewarn: BPF program exec_events not built( with [^:]*)?: vmlinux: no /sys/kernel/btf/vmlinux$' "$PM_ERR" "skip ewarn (exec_events)"
assert_grep '^ewarn: 2 BPF program\(s\) of demo skipped: write_counter exec_events\. ' "$PM_ERR" "skip summary"
assert_eq "skip ewarns once, however many doobj calls" 2 "$(grep -c '^ewarn: BPF program ' "$PM_ERR")"
printf 'configure:123: skipping BPF program write_counter: atomics: no\n' >"$T/logs/config.log"
pm_dies "required program skipped" "bpfbuild_report_skipped: required BPF program write_counter was not built: atomics: no; try USE=clang" "$SETUP
	BPFBUILD_REQUIRED_PROGRAMS=( socket_bind write_counter )
	src_install() { bpfbuild_report_skipped '$T/logs/config.log'; }
	pm_phase install"
pm_ok "no skips, no warning" "$SETUP
	BUILD_DIR='$T/obj'
	src_install() { bpfbuild_doobj '$T/obj/a.bpf.o'; }
	pm_phase install"
assert_no_grep '^ewarn' "$PM_ERR" "no skip, no ewarn"

note "newobj: renames"
pm_ok newobj "$SETUP
	src_install() { bpfbuild_newobj '$T/obj/a.bpf.o' renamed.bpf.o; }
	pm_phase install; $report"
[ -f "$PM_DIR/image/usr/lib/bpf/demo/renamed.bpf.o" ] || fail "newobj did not install renamed.bpf.o"
[ ! -e "$PM_DIR/image/usr/lib/bpf/demo/a.bpf.o" ] || fail "newobj installed the old name too"
assert_grep '^declare -a PM_DOSTRIP_SKIP=\(\[0\]="/usr/lib/bpf/demo/renamed.bpf.o"\)$' "$PM_OUT" "dostrip -x (newobj)"

note "refusals"
pm_dies "doobj of a host object" "bpfbuild_doobj: $T/obj/host.o: not a BPF ELF object" \
	"$SETUP; src_install() { bpfbuild_doobj '$T/obj/a.bpf.o' '$T/obj/host.o'; }; pm_phase install"
[ ! -e "$PM_DIR/image/usr/lib/bpf/demo/a.bpf.o" ] || fail "doobj installed part of a refused list"
pm_dies "doobj of a missing file" "bpfbuild_doobj: $T/obj/none.o: no such file" \
	"$SETUP; src_install() { bpfbuild_doobj '$T/obj/none.o'; }; pm_phase install"
pm_dies "doobj without arguments" "Usage: bpfbuild_doobj" \
	"$SETUP; src_install() { bpfbuild_doobj; }; pm_phase install"
pm_dies "newobj into a subdir" "the new name must not contain /" \
	"$SETUP; src_install() { bpfbuild_newobj '$T/obj/a.bpf.o' x/y.o; }; pm_phase install"
pm_dies "doobj outside src_install" "dostrip: only in src_install" \
	"$SETUP; src_compile() { bpfbuild_doobj '$T/obj/a.bpf.o'; }; pm_phase compile"

note "the examples ebuilds' src_install picks the linked objects only"
B=$T/build
mkdir -p "$B/src/xdp" "$B/subprojects/bpfbuild/probes" "$B/meson-private"
cp "$T/obj/a.bpf.o" "$B/src/xdp/count.bpf.o"
cp "$T/obj/a.bpf.o" "$B/top.bpf.o"
cp "$T/obj/a.bpf.o" "$B/subprojects/bpfbuild/probes/probe.bpf.o"
cp "$T/obj/a.bpf.o" "$B/meson-private/x.bpf.o"
pkg=bpfbuild-examples-meson
pm_ok "$pkg src_install" "
	pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
	meson_src_install() { echo meson_src_install; }
	BUILD_DIR='$B'; pm_use llvm_slot_21; pm_phase install; $report
	cd \$D && find . -type f | sort"
assert_grep '^meson_src_install$' "$PM_OUT" "$pkg src_install"
assert_eq "$pkg installed" "./usr/lib/bpf/$pkg/count.bpf.o ./usr/lib/bpf/$pkg/top.bpf.o" \
	"$(grep '^\./' "$PM_OUT" | tr '\n' ' ' | sed 's/ $//')"
assert_grep "^declare -a PM_DOSTRIP_SKIP=\(\[0\]=\"/usr/lib/bpf/$pkg/count.bpf.o\" \[1\]=\"/usr/lib/bpf/$pkg/top.bpf.o\"\)$" "$PM_OUT" "$pkg dostrip"
pm_dies "$pkg src_install without objects" "no \*\.bpf\.o found under" "
	pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
	meson_src_install() { :; }
	BUILD_DIR='$T/obj/none'; mkdir -p \"\$BUILD_DIR\"; pm_use llvm_slot_21; pm_phase install"

pkg=bpfbuild-examples-autotools
pm_ok "$pkg src_install" "
	pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
	mkdir -p \"\$S/xdp\"; cp '$T/obj/a.bpf.o' \"\$S/xdp/count.bpf.o\"; cp '$T/obj/host.o' \"\$S/xdp/loader.o\"
	default_src_install() { echo default_src_install; }
	pm_use llvm_slot_21; pm_phase install
	cd \$D && find . -type f | sort"
assert_grep '^default_src_install$' "$PM_OUT" "$pkg src_install"
assert_eq "$pkg installed" "./usr/lib/bpf/$pkg/count.bpf.o" "$(grep '^\./' "$PM_OUT" | tr '\n' ' ' | sed 's/ $//')"

note "the examples-meson src_test leaves the functional suite out"
pkg=bpfbuild-examples-meson
pm_ok "$pkg src_test" "
	pm_source_ebuild '$OVERLAY/dev-util/$pkg/$pkg-0.1.0.ebuild'
	meson() { echo \"meson \$*\"; }
	BUILD_DIR=/b; pm_use llvm_slot_21; pm_phase test"
assert_grep '^meson test -C /b --print-errorlogs --no-suite functional$' "$PM_OUT" "$pkg src_test"

note "bpfbuild_src_test"
pm_ok "src_test exit 0" "$SETUP; src_test() { bpfbuild_src_test sh -c 'echo static checks; exit 0'; }; pm_phase test; echo after=\$?"
assert_grep '^after=0$' "$PM_OUT" "exit 0"
assert_no_grep '^ewarn:' "$PM_ERR" "exit 0 warnings"

pm_ok "src_test exit 77" "$SETUP; src_test() { bpfbuild_src_test sh -c 'echo static checks: ok; exit 77'; echo continued; }; pm_phase test; echo after=\$?"
assert_grep '^static checks: ok$' "$PM_OUT" "exit 77: the command's own output"
assert_grep '^continued$' "$PM_OUT" "exit 77: the phase goes on"
assert_grep '^after=0$' "$PM_OUT" "exit 77: the merge does not fail"
assert_grep "^ewarn: Kernel verification of the BPF objects was skipped: 'sh' exited with 77\.$" "$PM_ERR" "exit 77 warning"
assert_grep "^ewarn: .*userpriv and sandbox deny" "$PM_ERR" "exit 77 reason"
assert_grep "^ewarn: +bpf-validate --require-kernel <installed object>$" "$PM_ERR" "exit 77 hint"

pm_ok "src_test function returning 77" "$SETUP; t() { return 77; }; src_test() { bpfbuild_src_test t; }; pm_phase test"
assert_grep "^ewarn: Kernel verification .* 't' exited with 77" "$PM_ERR" "function returning 77"

pm_dies "src_test exit 1" "bpfbuild_src_test: 'sh -c exit 1' failed with exit status 1" \
	"$SETUP; src_test() { bpfbuild_src_test sh -c 'exit 1'; echo continued; }; pm_phase test"
assert_no_grep '^continued$' "$PM_OUT" "after a failed test"
pm_dies "src_test exit 2" "failed with exit status 2" "$SETUP; src_test() { bpfbuild_src_test sh -c 'exit 2'; }; pm_phase test"
pm_dies "src_test without a command" "Usage: bpfbuild_src_test" "$SETUP; src_test() { bpfbuild_src_test; }; pm_phase test"
echo "install/test helpers: ok"
