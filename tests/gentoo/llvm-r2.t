#!/bin/bash
# The overlay is on llvm-r2, which ::gentoo has in place of llvm-r1 (pkgcheck
# reports an inherit of llvm-r1; issue 34): no eclass or ebuild inherits
# llvm-r1, bpfbuild.eclass inherits llvm-r2, and every ebuild's LLVM_COMPAT
# lies in llvm-r2's window (stub-eclass/llvm-r2.eclass carries it from the
# stored ::gentoo copy): no slot older than its oldest, which llvm-r2 would
# drop without a word, and the newest stable slot among them, so that the
# default llvm_slot_* flag is the slot ::gentoo has stable.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"

# An inherit line, in an eclass or an ebuild, that names llvm-r1.
if grep -nE '^[[:space:]]*inherit([[:space:]].*)?[[:space:]]llvm-r1([[:space:]]|$)' \
	"$OVERLAY"/eclass/*.eclass "$OVERLAY"/*/*/*.ebuild >"$T/r1"; then
	cat "$T/r1"; fail "the overlay inherits llvm-r1, which ::gentoo replaced with llvm-r2"
fi
grep -qE '^inherit llvm-r2( |$)' "$OVERLAY/eclass/bpfbuild.eclass" || fail "bpfbuild.eclass does not inherit llvm-r2"
grep -qE '^# @PROVIDES: .*\bllvm-r2\b' "$OVERLAY/eclass/bpfbuild.eclass" || fail "bpfbuild.eclass's @PROVIDES does not name llvm-r2"

# The window, as the stand-in has it from ::gentoo.
stub=$GENTOO_TESTS/stub-eclass/llvm-r2.eclass
oldest=$(sed -n 's/^_LLVM_OLDEST_SLOT=\([0-9][0-9]*\)$/\1/p' "$stub")
stable=$(sed -n 's/^_LLVM_NEWEST_STABLE=\([0-9][0-9]*\)$/\1/p' "$stub")
[ -n "$oldest" ] && [ -n "$stable" ] || fail "$stub has no _LLVM_OLDEST_SLOT/_LLVM_NEWEST_STABLE"
note "llvm-r2's window: slots $oldest.., newest stable $stable"

n=0
for eb in "$OVERLAY"/*/*/*.ebuild; do
	name=${eb#"$OVERLAY"/}
	pm_ok "$name" "pm_source_ebuild '$eb'; echo \"\${LLVM_COMPAT[*]}\"; pm_metadata IUSE"
	compat=$(sed -n 1p "$PM_OUT") iuse=$(sed -n 2p "$PM_OUT")
	[ -n "$compat" ] || continue
	for s in $compat; do
		[ "$s" -ge "$oldest" ] || fail "$name: LLVM_COMPAT has slot $s, older than llvm-r2's oldest ($oldest): dropped in silence"
	done
	case " $compat " in *" $stable "*) ;; *) fail "$name: LLVM_COMPAT ($compat) lacks llvm-r2's newest stable slot $stable" ;; esac
	case " $iuse " in *" +llvm_slot_$stable "*) ;; *) fail "$name: IUSE ($iuse) does not default to llvm_slot_$stable" ;; esac
	n=$((n + 1))
done
[ "$n" -gt 0 ] || fail "no ebuild of the overlay sets LLVM_COMPAT"
echo "llvm-r2: ok ($n ebuilds)"
