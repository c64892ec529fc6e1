# Every program `meson install` puts in bindir has a man page, made by
# help2man from its --help and --version, that `man -l` renders with the
# program's name and every option its --help lists; each program answers
# --help (usage on stdout) and --version (the project's version), installed.
# Without help2man the build says so in one line and installs no pages.
# The toolkit configures with no
# deprecation warning, and bpfbuild.pc still names the builtin directories.
. "$(dirname "$0")/../lib.sh"

command -v help2man >/dev/null || fail "help2man not installed (tests/install-deps installs it)"
command -v man >/dev/null || fail "man not installed (tests/install-deps installs man-db)"

toolkit_build
build=$BPFBUILD_TEST_RUN/toolkit
assert_no_grep 'DEPRECATION|Deprecated features' "$BPFBUILD_TEST_RUN/once.toolkit.log" "the toolkit's meson setup"

# The project's version and directories, as Meson knows them.
want=$(meson introspect --projectinfo "$build" |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
[ -n "$want" ] || fail "meson introspect gives no project version"
dirs=$(meson introspect --buildoptions "$build" | python3 -c '
import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
print(o["prefix"], o["bindir"], o["mandir"], o["datadir"])')
read -r prefix bindir mandir datadir <<<"$dirs"

dest=$T/dest
meson install -C "$build" --destdir "$dest" >"$T/install.log" 2>&1 ||
	{ cat "$T/install.log"; fail "meson install of the toolkit"; }
bin=$dest$prefix/$bindir
man1=$dest$prefix/$mandir/man1
[ -d "$bin" ] || fail "nothing installed in $prefix/$bindir"

n=0
for prog in "$bin"/*; do
	name=${prog##*/}
	n=$((n + 1))
	# --help: exit 0, usage on stdout, nothing on stderr.
	"$prog" --help >"$T/$name.help" 2>"$T/$name.err" || fail "$name --help exits $?: $(head -n 3 "$T/$name.err")"
	[ ! -s "$T/$name.err" ] || fail "$name --help wrote to stderr: $(head -n 3 "$T/$name.err")"
	assert_grep "^Usage: $name( |\$)" "$T/$name.help" "$name --help"
	# --version: exit 0, GNU style with the project's version.
	"$prog" --version >"$T/$name.version" 2>"$T/$name.err" || fail "$name --version exits $?: $(head -n 3 "$T/$name.err")"
	assert_grep "^$name \\(bpfbuild\\) ${want//./\\.}(,|\$)" "$T/$name.version" "$name --version"

	page=$man1/$name.1
	[ -f "$page" ] || fail "$name is installed in $bindir but has no man page ($mandir/man1/$name.1)"
	# Plain ASCII, no hyphenation nor justification: options stay whole.
	LC_ALL=C MANWIDTH=100 man --nh --nj -l "$page" >"$T/$name.man" 2>"$T/$name.manerr" ||
		fail "man -l $name.1 exits $?: $(head -n 3 "$T/$name.manerr")"
	[ ! -s "$T/$name.manerr" ] || fail "man -l $name.1 warns: $(head -n 3 "$T/$name.manerr")"
	assert_grep "^${name^^}\\(1\\)" "$T/$name.man" "$name.1 (its title)"
	assert_grep "^ +$name - [a-z]" "$T/$name.man" "$name.1 (its NAME line)"
	assert_grep "bpfbuild ${want//./\\.}" "$T/$name.man" "$name.1 (the version)"
	# Every option the --help lists (an indented line starting with a dash).
	opts=$(sed -n 's/^ \{1,10\}\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' "$T/$name.help" | sort -u)
	[ -n "$opts" ] || fail "$name --help lists no option"
	for o in $opts; do
		grep -qF -- "$o" "$T/$name.man" || fail "$name.1 lacks $o, which $name --help lists"
	done
	note "$name: --help, --version $want, $name.1 with $(echo "$opts" | wc -l) options"
done
[ "$n" -ge 5 ] || fail "expected at least 5 programs in $bindir, found $n: $(ls "$bin")"
# No page for a program that is not installed.
for page in "$man1"/*.1; do
	[ -e "$bin/$(basename "$page" .1)" ] || fail "$mandir/man1/${page##*/} has no program in $bindir"
done

# bpfbuild.pc: Meson itself writes bindir and datadir, which the variables use.
pc=$(find "$dest" -name bpfbuild.pc | head -n 1)
[ -n "$pc" ] || fail "no bpfbuild.pc installed"
assert_eq "bpfbuild.pc bindir" "$prefix/$bindir" "$(pkg-config --variable=bindir "$pc")"
assert_eq "bpfbuild.pc datadir" "$prefix/$datadir" "$(pkg-config --variable=datadir "$pc")"
assert_eq "bpfbuild.pc bpf_validate" "$prefix/$bindir/bpf-validate" "$(pkg-config --variable=bpf_validate "$pc")"
assert_eq "bpfbuild.pc mesondir" "$prefix/$datadir/bpfbuild/meson/bpfbuild" "$(pkg-config --variable=mesondir "$pc")"
assert_eq "bpfbuild.pc enginedir" "$prefix/$datadir/bpfbuild/engine" "$(pkg-config --variable=enginedir "$pc")"
[ -x "$dest$prefix/$datadir/bpfbuild/engine/bpfbuild-probe" ] || fail "the engine is not installed in $prefix/$datadir/bpfbuild/engine"
# $libexecdir holds executables only (Debian's dh_fixperms makes all of it
# executable): the engine's sources and the VM tools' awk files go to $datadir.
[ ! -e "$dest$prefix/libexec" ] || fail "files installed in $prefix/libexec: $(cd "$dest$prefix/libexec" && find . -type f | head -n 3)"

# Without help2man: one line, no pages.
path_without "$T/path" 'help2man'
PATH=$T/path meson setup "$T/noman" "$BPFBUILD_TOP" >"$T/noman.log" 2>&1 ||
	{ cat "$T/noman.log"; fail "meson setup without help2man"; }
assert_grep 'man pages: not built: help2man not found \(install help2man\)' "$T/noman.log" "meson setup without help2man"
meson introspect --targets "$T/noman" >"$T/noman.targets"
assert_no_grep '\.1"' "$T/noman.targets" "the targets without help2man"
