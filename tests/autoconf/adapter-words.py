"""What a build shows of the engine's answer, for tests/autoconf/adapters.t.

  adapter-words.py rows LOG BUILD-DIR   the summary's engine rows, as
                                        "SECTION | KEY | VALUE" lines
  adapter-words.py engine LOG BUILD-DIR the rows engine/bpfbuild-summary
                                        gave that build (its last run in
                                        meson-log.txt or config.log), as rows
                                        prints them
  adapter-words.py cc BUILD-DIR FILE    bpfbuild-cc's words for one object
                                        (FILE: ninja -t commands, make -n),
                                        as "option NAME [VALUE]", "cc WORD"
                                        and "program WORD" lines

An include directory inside BUILD-DIR (where that build's vmlinux.h lies)
is named, not spelled: the two builds differ there and nowhere else.
"""
import os
import re
import shlex
import sys


def named(word, build):
    if word.startswith("-I") and (os.path.realpath(word[2:]) + "/").startswith(build + "/"):
        return "-I<a directory of the build>"
    return word


SECTIONS = {"BPF", "BPF probes", "BPF flags", "BPF compiler choice"}
# The adapter's own words: where it found the validator, and how its
# option is spelled.
OWN = {("BPF", "validation")}


def row(section, key, value, build):
    if (section, key) not in OWN:
        if key == "flags":
            value = " ".join(named(w, build) for w in value.split(" "))
        print(f"{section} | {key} | {value}")


def engine(log, build):
    runs, meson = [], False
    for line in open(log, errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("bpfbuild-summary: "):  # config.log
            line = line[len("bpfbuild-summary: "):]
            if line == "section=BPF":
                runs.append([])
            runs[-1].append(line)
        elif line.startswith("Running command: "):  # meson-log.txt
            meson = "/bpfbuild-summary " in line
            if meson:
                runs.append([])
        elif line.startswith("--- stderr ---"):
            meson = False
        elif meson and re.match(r"^(section|row|value)=", line):
            runs[-1].append(line)
    section = key = None
    for line in runs[-1] if runs else []:
        k, v = line.split("=", 1)
        if k == "section":
            section = v
        elif k == "row":
            key = v
        elif section in SECTIONS:
            row(section, key, v, build)


def rows(log, build):
    sections = SECTIONS
    section = key = None
    for line in open(log, errors="replace"):
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
        row(section, key, value, build)


def cc_words(build, path):
    text = open(path).read().replace("\\\n", " ")
    line = next(l for l in text.splitlines() if "bpfbuild-cc" in l and "--make-pch" not in l)
    words = shlex.split(line)
    words = words[next(i for i, w in enumerate(words) if w.endswith("/bpfbuild-cc")) + 1:]
    parts, cur = [], []
    for w in words:
        if w == "--":
            parts.append(cur)
            cur = []
        else:
            cur.append(w)
    parts.append(cur)
    opts, cc = parts[0], parts[1]
    i = 0
    while i < len(opts):
        o = opts[i]
        if o in ("--link", "--bpftool"):
            print("option", o, opts[i + 1])
            i += 2
        elif o in ("--srcroot", "--prefix-map", "--pch", "--btf-sort", "--depfile", "--skeleton", "-o",
                   "--vmlinux-h"):
            print("option", o, "<a path>")
            i += 2

        else:
            print("option", o)
            i += 1
    for w in cc:
        print("cc", named(w, build))
    for w in (parts[3] if len(parts) > 3 else []):
        print("program", named(w, build))


if __name__ == "__main__":
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "rows":
        rows(args[0], os.path.realpath(args[1]))
    elif mode == "engine":
        engine(args[0], os.path.realpath(args[1]))
    else:
        cc_words(os.path.realpath(args[0]), args[1])
