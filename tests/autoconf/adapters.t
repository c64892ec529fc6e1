# The two adapters pass the engine's answer on and add nothing of their
# own: for clang and for gcc-bpf, the Meson and the autotools builds of
# examples/ print the same summary rows for what the engine decides (the
# compiler, bpftool, the flags, the link, the PCH, the reproducible
# verdict, every probe with its reason, every flag with the probe behind
# it, the candidates tried) and run bpfbuild-cc for every object with the
# same options, the same compiler words and flags, and the same
# per-program flags.  Paths are the only difference allowed: the build
# directories, and the directory that holds each build's vmlinux.h.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

# rows LOG BUILD-DIR: the summary's engine rows, "SECTION | KEY | VALUE",
# one per line, an include directory of the build (where its vmlinux.h
# lies) named, not spelled.
rows() {
	python3 - "$1" "$2" <<'PY'
import os, re, sys
build = os.path.realpath(sys.argv[2])
def name(w):
    if w.startswith("-I") and (os.path.realpath(w[2:]) + "/").startswith(build + "/"):
        return "-I<a directory of the build>"
    return w
sections = {"BPF", "BPF probes", "BPF flags", "BPF compiler choice"}
# Rows whose text is the adapter's own: where it found the validator and
# how its option is spelled; vmlinux.h names its build's file.
own = {("BPF", "validation")}
section = key = None
for line in open(sys.argv[1], errors="replace"):
    line = line.rstrip("\n")
    m = re.match(r"^  (\S.*)$", line)
    if m:
        section = m.group(1) if m.group(1) in sections else None
        continue
    if section is None:
        continue
    m = re.match(r"^    (\S.*?) *: (.*)$", line)
    if m and not line.startswith("     "):
        key, value = m.group(1), m.group(2)
    elif re.match(r"^ {5,}\S", line) and key is not None:
        value = line.strip()  # a list's next item (tried, notes)
    else:
        section = None if not line.strip() else section
        continue
    if (section, key) not in own:
        if key == "flags":
            value = " ".join(name(w) for w in value.split(" "))
        print(f"{section} | {key} | {value}")
PY
}

# cc_words BUILD-DIR COMMAND-FILE: bpfbuild-cc's words for one object, as
# "option NAME VALUE", "cc WORD" and "program WORD" lines, paths named,
# not spelled.
cc_words() {
	python3 - "$@" <<'PY'
import os, shlex, sys
build, text = sys.argv[1], open(sys.argv[2]).read().replace("\\\n", " ")
line = next(l for l in text.splitlines() if "bpfbuild-cc" in l and "--make-pch" not in l)
words = shlex.split(line)
words = words[next(i for i, w in enumerate(words) if w.endswith("/bpfbuild-cc")) + 1:]
build = os.path.realpath(build)
def name(w):
    if w.startswith("-I") and (os.path.realpath(w[2:]) + "/").startswith(build + "/"):
        return "-I<a directory of the build>"
    return w
parts, cur = [], []
for w in words:
    if w == "--":
        parts.append(cur); cur = []
    else:
        cur.append(w)
parts.append(cur)
opts, cc, src = parts[0], parts[1], parts[2]
i = 0
while i < len(opts):
    o = opts[i]
    if o in ("--link", "--bpftool", "--optional"):
        print("option", o, opts[i + 1]); i += 2
    elif o in ("--srcroot", "--prefix-map", "--pch", "--btf-sort", "--depfile", "--skeleton", "-o"):
        print("option", o, "<a path>"); i += 2
    else:
        print("option", o); i += 1
for w in cc:
    print("cc", name(w))
for w in (parts[3] if len(parts) > 3 else []):
    print("program", name(w))
PY
}

for cc in clang gcc; do
	examples_build "$cc" -Dbpf-compiler="$cc"
	ac_build "$cc" --with-bpf-compiler="$cc"
	rows "$EX_BUILD.setup.log" "$EX_BUILD" >"$T/$cc.meson.rows"
	rows "$AC_BUILD.configure.log" "$AC_BUILD" >"$T/$cc.ac.rows"
	grep -q '^BPF flags | ' "$T/$cc.meson.rows" || { cat "$EX_BUILD.setup.log"; fail "$cc: no 'BPF flags' rows in Meson's summary"; }
	grep -q '^BPF probes | deterministic | ' "$T/$cc.ac.rows" || { cat "$AC_BUILD.configure.log"; fail "$cc: no 'BPF probes' rows in configure's summary"; }
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
