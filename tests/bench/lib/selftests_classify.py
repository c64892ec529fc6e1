"""Issue 32 item 4: one class per gcc-bpf failure of the selftests run
(tests/bench/lib/selftests-report.py).  Each rule names the evidence it
reads, checked against the failures of the run it was written from; a
failure no rule decides is `not examined`, never guessed."""
import re

# The test module's kfuncs and types (bpf_testmod.ko), absent from Debian's kernels.
TESTMOD = re.compile(r'bpf_kfunc_call_test|bpf_testmod|bpf_kfunc_common_test|bpf_kfunc_st_ops|testmod')

FLAG = 'a flag bpfbuild decided'
GAP = 'a compiler gap'
CLANG = "the program's reliance on clang behaviour"
RULES = [
    # bpfbuild's own steps after the compiler (link, BTF sort, skeleton).
    (FLAG + ' (a step of bpfbuild after the compiler: examine)',
     r'bpftool gen (object|skeleton)|bpfbuild-btf-sort|bpfbuild-cc:'),
    (FLAG + ' (the option named)', r"command-line option|unrecognized .*option '-m"),
    (CLANG + ' (a declaration that differs from the kernel\'s)', r'conflicting types for'),
    (GAP + " (GCC's assembler or inline asm)",
     r'Error: |unknown opcode|unrecognized instruction|invalid operand|junk at end|impossible constraint|asm operand'),
    (GAP + ' (unimplemented)', r'sorry, unimplemented|not supported|unsupported'),
    (GAP + ' (a builtin GCC lacks)', r"implicit declaration of function .__builtin"),
    (GAP + ' (an attribute GCC lacks)', r"attribute .* (ignored|unknown)|unknown attribute"),
    # gcc emits top-level variables in reverse: an inner map declared
    # before its map-in-map comes after it in .maps, and libbpf fills the
    # outer map's slot before the inner map exists (probe maps_order).
    (GAP + ' (.maps in reverse order: an inner map after its map-in-map; probe maps_order)',
     r'failed to initialize slot'),
    # -fno-ssa-phiopt (the NULL test's flag, probe null_check) returns a
    # global function's own result where the source returns 0 or 1
    # (test_global_func8; probe ret_range).
    (FLAG + " (-fno-ssa-phiopt, the NULL test's: a 0/1 return becomes the callee's result; probe ret_range)",
     r'should have been in \[0, 1\]'),
    (CLANG + ' (its source builds the program only under clang: #if on a clang feature)',
     r'^not in the object'),
    ('not examined (libbpf refused the object before the verifier ran)', r'load failed before verification'),
    ('not examined (the VM refused the program type in this boot only)', r'refuses .* programs'),
    # The verifier judges GCC's code differently: the program was written
    # and annotated against clang's instruction selection.
    (CLANG + " (code generation: the verifier's view differs; not examined further)", r'^verifier: '),
]


def gcc_class(why):
    for cls, pat in RULES:
        if re.search(pat, why):
            return cls
    return 'not examined'
