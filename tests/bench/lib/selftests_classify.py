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
    # vmlinux.h's __kernel_fd_set defined again by <linux/posix_types.h>,
    # through the test module's header's <linux/types.h>: bpf-gcc takes
    # /usr/include's (which includes posix_types.h), clang the selftests'
    # own tools/include/uapi/linux/types.h (which does not).  bpfbuild
    # decides -I/usr/include (libbpf's headers, which bpf-gcc does not
    # search) before the program's own -I; clang drops a -I of its system
    # dir, bpf-gcc (a cross compiler) does not.  Seen: the same bpfbuild-cc
    # line without that -I takes the selftests' header.
    (FLAG + " (-I/usr/include before the program's own -I: bpf-gcc takes /usr/include's <linux/types.h>)",
     r"conflicting types for .__kernel_fd_set"),
    (CLANG + ' (a declaration that differs from the kernel\'s)', r'conflicting types for'),
    (GAP + " (GCC's assembler or inline asm)",
     r'Error: |unknown opcode|unrecognized instruction|invalid operand|junk at end|impossible constraint|asm operand'),
    (GAP + ' (unimplemented)', r'sorry, unimplemented|not supported|unsupported'),
    (GAP + ' (a builtin GCC lacks)', r"implicit declaration of function .__builtin"),
    (GAP + ' (an attribute GCC lacks)', r"attribute .* (ignored|unknown)|unknown attribute"),
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
