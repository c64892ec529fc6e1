# The two adapters pass the engine's answer on and add nothing of their
# own: for clang and for gcc-bpf, the Meson and the autotools builds of
# examples/ print the same summary rows for what the engine decides (the
# compiler, bpftool, the flags, the link, the PCH, the reproducible
# verdict, every probe with its reason, every flag with the probe behind
# it, the candidates tried) and run bpfbuild-cc for every object with the
# same options, the same compiler words and flags, and the same
# per-program flags.  Paths are the only difference allowed: the build
# directories, and the directory that holds each build's vmlinux.h.
# And each summary is the engine's rows (engine/bpfbuild-summary, as its
# run in the build's log gave them), byte for byte: no adapter words,
# adds, drops or reorders a row.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

# What each build shows of the engine's answer, read by adapter-words.py:
# "rows LOG BUILD-DIR", the summary's engine rows; "cc BUILD-DIR FILE",
# bpfbuild-cc's words for one object.  Paths of the build are named, not
# spelled.
words=$(dirname "$0")/adapter-words.py
rows() { python3 "$words" rows "$@"; }
engine_rows() { python3 "$words" engine "$@"; }
cc_words() { python3 "$words" cc "$@"; }

for cc in clang gcc; do
	examples_build "$cc" -Dbpf-compiler="$cc"
	ac_build "$cc" --with-bpf-compiler="$cc"
	rows "$EX_BUILD.setup.log" "$EX_BUILD" >"$T/$cc.meson.rows"
	rows "$AC_BUILD.configure.log" "$AC_BUILD" >"$T/$cc.ac.rows"
	grep -q '^BPF flags | ' "$T/$cc.meson.rows" || { cat "$EX_BUILD.setup.log"; fail "$cc: no 'BPF flags' rows in Meson's summary"; }
	grep -q '^BPF probes | deterministic | ' "$T/$cc.ac.rows" || { cat "$AC_BUILD.configure.log"; fail "$cc: no 'BPF probes' rows in configure's summary"; }
	engine_rows "$EX_BUILD/meson-logs/meson-log.txt" "$EX_BUILD" >"$T/$cc.meson.engine"
	engine_rows "$AC_BUILD/config.log" "$AC_BUILD" >"$T/$cc.ac.engine"
	diff "$T/$cc.meson.engine" "$T/$cc.meson.rows" ||
		fail "$cc: Meson's summary is not bpfbuild-summary's rows (-engine +Meson): the adapter words a row itself"
	diff "$T/$cc.ac.engine" "$T/$cc.ac.rows" ||
		fail "$cc: configure's summary is not bpfbuild-summary's rows (-engine +autotools): the adapter words a row itself"
	diff "$T/$cc.meson.rows" "$T/$cc.ac.rows" ||
		fail "$cc: the summaries differ (-Meson +autotools): an adapter decides or words something itself"
	note "$cc: $(wc -l <"$T/$cc.meson.rows") summary rows identical"

	n=0
	for p in $(ex_names); do
		[ -e "$EX_BUILD/$p.bpf.o" ] || continue
		ninja -C "$EX_BUILD" -t commands "$p.bpf.o" >"$T/m.cmd" || fail "ninja -t commands $p.bpf.o"
		# -W (the source as just edited), not -B: "make -n -B" still
		# remakes the Makefile itself, which would regenerate the tree.
		# Its sources are those of its directory (xdp_counter_light's is
		# xdp_counter.bpf.c), as make names them and as VPATH finds them.
		what_if=()
		for f in "$AC_SRC/${AC_DIR[$p]}"/*.bpf.c; do
			what_if+=(-W "${f#"$AC_SRC"/}" -W "$f")
		done
		make -s -n V=1 -C "$AC_BUILD" "${what_if[@]}" "$(ac_obj "$p")" >"$T/a.cmd" 2>/dev/null ||
			fail "make -n $(ac_obj "$p")"
		cc_words "$EX_BUILD" "$T/m.cmd" >"$T/m.words" || fail "$p: cannot read Meson's bpfbuild-cc line"
		cc_words "$AC_BUILD" "$T/a.cmd" >"$T/a.words" || fail "$p: cannot read make's bpfbuild-cc line"
		grep -q '^cc -O2$' "$T/m.words" || { cat "$T/m.cmd"; fail "$p: no compiler flags read from Meson's line"; }
		diff "$T/m.words" "$T/a.words" || fail "$cc: $p is compiled with other words (-Meson +autotools)"
		n=$((n + 1))
	done
	[ $n -gt 0 ] || fail "$cc: the Meson build built no example"
	note "$cc: the bpfbuild-cc lines of $n objects agree"
done
echo "ok"
