# Without pkg.m4 (pkg-config's macros), autoreconf stops at the AX_BPF
# macros with the fix, instead of a warning and a configure that runs
# "PKG_PROG_PKG_CONFIG" as a command.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

sys=$(aclocal --print-ac-dir)
[ -f "$sys/pkg.m4" ] || fail "no $sys/pkg.m4 here to leave out"
mkdir "$T/acdir"
for f in "$sys"/*; do
	case ${f##*/} in pkg.m4) ;; *) ln -s "$f" "$T/acdir/" ;; esac
done
# A project that uses pkg-config only through AX_BPF.
p=$T/proj
mkdir -p "$p"
cp -R "$BPFBUILD_TOP/tests/autoconf/consumer/." "$p/"
sed -i '/PKG_CHECK_MODULES/d' "$p/configure.ac"
(cd "$p" && "$BPFBUILD_TOP/autoconf-macros/bpfbuildize") >/dev/null || fail "bpfbuildize"
if (cd "$p" && ACLOCAL="aclocal --system-acdir=$T/acdir" autoreconf -fi) >"$T/ar.log" 2>&1; then
	cat "$T/ar.log"; fail "autoreconf succeeded without pkg.m4"
fi
cat "$T/ar.log"
assert_grep 'bpfbuild: PKG_PROG_PKG_CONFIG is not defined: aclocal found no pkg\.m4; install pkg-config' "$T/ar.log" "autoreconf"
[ ! -e "$p/configure" ] || fail "autoreconf left a configure behind"
# With pkg.m4 the same project is fine.
(cd "$p" && autoreconf -fi) >"$T/ok.log" 2>&1 || { cat "$T/ok.log"; fail "autoreconf with pkg.m4"; }
