"""Issue 32 item 4: one class per gcc-bpf failure of the selftests run
(tests/bench/lib/selftests-report.py).  Each rule names the evidence it
reads; a failure no rule decides is `not examined`, never guessed."""
import re

# The test module's kfuncs and types (bpf_testmod.ko), absent from Debian's kernels.
TESTMOD = re.compile(r'bpf_kfunc_call_test|bpf_testmod|bpf_kfunc_common_test|bpf_kfunc_st_ops|testmod')

RULES = [
    # (class, pattern over the compile error or verifier message)
]


def gcc_class(why):
    for cls, pat in RULES:
        if re.search(pat, why):
            return cls
    return 'not examined'
