#!/usr/bin/env python3
# veristat-compare.py BV-JSON VERISTAT-CSV: compares, per program, what
# bpf-validate (--json) and veristat (-o csv) report for the same objects on
# the same kernel: the verdict and the verifier's figures.  Used by
# tests/validate/veristat.t.
#
# One line per program:
#   same    OBJ/PROG ...            verdict and every figure agree
#   design  OBJ/PROG: WHY           the tools prepare or judge the program
#                                   differently by design (WHY, from
#                                   bpf-validate's own report), and veristat's
#                                   result is the one that difference predicts
#   DIFFER  OBJ/PROG: FIELD: bpf-validate A, veristat B
# then "N programs: N same, N differ by design, N differ".  Exit 1 if any
# program differs (or is reported by one tool only), else 0.
import csv
import json
import os
import sys

# bpf-validate's JSON field -> veristat's CSV column (-e insns,states,
# peak_states,stack: the "processed ... insns ... total_states ...
# peak_states" and "stack depth" lines of the verifier's log).
FIGURES = [("insns", "total_insns"), ("states_total", "total_states"),
           ("states_peak", "peak_states"), ("stack_depth", "stack_depth")]
VERDICT = {"pass": "success", "rejected": "failure"}
# What bpf-validate does to an object and veristat's fixup_obj() does not
# (veristat unpins maps and sizes max_entries 0 to 1, as bpf-validate does;
# it leaves an inner map, and a key or value size 0, as they are):
# libbpf then cannot load any program of the object under veristat.  (A
# __ksym extern made weak is no such case: veristat.t gives veristat the
# same weak copy.)
PREP_BEYOND_VERISTAT = ("inner map", "key_size 0 ->", "value_size 0 ->")


def main(bv_path, vs_path):
    bv = json.load(open(bv_path))
    vs = {}
    for row in csv.DictReader(open(vs_path)):
        vs[(row["file_name"], row["prog_name"])] = row
    seen = set()
    same = design = differ = 0
    for o in bv["objects"]:
        obj = os.path.basename(o["path"])
        if o["error"] or o["skip"]:
            print(f"DIFFER  {obj}: bpf-validate did not verify it: {o['error'] or o['skip']}")
            differ += 1
            continue
        beyond = [p for p in o["prepared"] if any(k in p for k in PREP_BEYOND_VERISTAT)]
        for p in o["programs"]:
            key = (obj, p["name"])
            name = f"{obj}/{p['name']}"
            seen.add(key)
            v = vs.get(key)
            if v is None:
                print(f"DIFFER  {name}: veristat does not report it")
                differ += 1
                continue
            kind, lines = judge(p, v, beyond)
            for line in lines:
                print(f"{kind:7} {name}{line}")
            if kind == "same":
                same += 1
            elif kind == "design":
                design += 1
            else:
                differ += 1
    for key in sorted(set(vs) - seen):
        print(f"DIFFER  {key[0]}/{key[1]}: bpf-validate does not report it")
        differ += 1
    n = same + design + differ
    print(f"{n} program{'' if n == 1 else 's'}: {same} same, {design} differ by design, {differ} differ")
    return 1 if differ else 0


def figures(p, v):
    """The figures that differ, as "FIELD: bpf-validate A, veristat B"."""
    out = []
    for mine, theirs in FIGURES:
        # bpf-validate says null where the log had no statistics (the
        # verifier never ran); veristat says 0.
        a = p[mine] if p[mine] is not None else 0
        b = int(v[theirs])
        if a != b:
            out.append(f": {mine}: bpf-validate {a}, veristat {b}")
    return out


def never_verified(v):
    return v["verdict"] == "failure" and int(v["total_insns"]) == 0


def judge(p, v, beyond):
    """("same" | "design" | "DIFFER", lines to print after the name)."""
    verdict = p["verdict"]
    shown = "".join(f" {m} {p[m]}" for m, _ in FIGURES)
    if verdict in VERDICT and not beyond:
        bad = figures(p, v)
        if v["verdict"] != VERDICT[verdict]:
            bad.insert(0, f": verdict: bpf-validate {verdict}, veristat {v['verdict']}")
        return ("DIFFER", bad) if bad else ("same", [f": {verdict}{shown}"])
    if verdict == "pass" and beyond:
        why = (f"bpf-validate prepared the object as a loader would ({'; '.join(beyond)}); "
               "veristat does not, and libbpf fails it before the verifier")
        if never_verified(v):
            return "design", [f": {why}"]
        return "DIFFER", [f": {why}, yet veristat says {v['verdict']} after {v['total_insns']} insns"]
    if verdict in ("refused", "not-run"):
        why = f"bpf-validate: {verdict} ({p['error'] or 'no reason given'}); veristat: failure before the verifier"
        if never_verified(v):
            return "design", [f": {why}"]
        return "DIFFER", [f": verdict: bpf-validate {verdict}, veristat {v['verdict']} after {v['total_insns']} insns"]
    if verdict == "no-target" and p["insns"] is None:
        # Switched off, as its loader would: veristat loads it, and libbpf
        # (no attach target) or the verifier (a call to a kfunc the kernel
        # lacks) fails it.
        why = f"bpf-validate: no-target ({p['error']}); veristat: failure after {v['total_insns']} insns"
        if v["verdict"] == "failure":
            return "design", [f": {why}"]
        return "DIFFER", [f": verdict: bpf-validate no-target (switched off), veristat {v['verdict']}"]
    if verdict == "no-target":
        # Verified, yet no target (a call to a weak kfunc the kernel lacks;
        # a kprobe without its function passes): the figures must agree.
        bad = figures(p, v)
        if bad:
            return "DIFFER", bad
        return "design", [f": bpf-validate: no-target ({p['error']}) after verifying it; "
                          f"veristat: {v['verdict']}; figures agree:{shown}"]
    return "DIFFER", [f": verdict: bpf-validate {verdict}, veristat {v['verdict']}"]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: veristat-compare.py BV-JSON VERISTAT-CSV")
    sys.exit(main(sys.argv[1], sys.argv[2]))
