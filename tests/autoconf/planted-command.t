# No make reference in the BPF flags is ever run as a command: with an
# executable named abs_top_builddir on PATH, configure and config.status
# (which writes bpf-flags.stamp) never run it, and configure's stderr holds
# no shell error.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_consumer_src
mkdir "$T/plant"
for w in abs_top_builddir abs_top_srcdir abs_builddir top_builddir; do
	printf '#!/bin/sh\necho "%s ran" >>"%s"\necho PLANTED-%s\n' "$w" "$T/ran" "$w" >"$T/plant/$w"
	chmod +x "$T/plant/$w"
done
mkdir "$T/b"
(cd "$T/b" && PATH=$T/plant:$PATH "$CONSUMER/configure") >"$T/out" 2>"$T/err" ||
	{ cat "$T/out" "$T/err"; fail "configure"; }
cat "$T/err"
[ ! -e "$T/ran" ] || fail "configure ran a planted command: $(cat "$T/ran")"
assert_no_grep 'not found|syntax error|unexpected|: line [0-9]+:' "$T/err" "configure's stderr"
assert_grep "abs_top_builddir" "$T/b/bpf-flags.stamp" "bpf-flags.stamp (the flags as make reads them)"
assert_no_grep 'PLANTED' "$T/b/bpf-flags.stamp" "bpf-flags.stamp"
# config.status again (as make runs it when configure.ac changes), then make.
(cd "$T/b" && PATH=$T/plant:$PATH ./config.status && PATH=$T/plant:$PATH make -j2) >"$T/make.log" 2>&1 ||
	{ tail -n 30 "$T/make.log"; fail "config.status and make"; }
[ ! -e "$T/ran" ] || fail "config.status or make ran a planted command: $(cat "$T/ran")"
assert_no_grep 'not found|PLANTED' "$T/make.log" "config.status and make"
[ -s "$T/b/src/execcount.bpf.o" ] || fail "make built no src/execcount.bpf.o"
