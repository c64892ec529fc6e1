#!/bin/sh
# bpf-vm-verify --run script (tests/vm/policy.t): run one loader as the
# tool's user would; its exit is the test's (0 loaded, 1 could not load).
exec "$1"
