#!/bin/sh
# In a guest of bpf-vm-verify --run, with the objects beside the loader and
# bpf-validate packed: first bpf-validate's verdicts on the objects (its
# exit printed, as one of them is rejected), then the loader, as its users
# run it.  The exit is the loader's.
dir=$(dirname "$1")
rc=0
bpf-validate "$dir"/*.bpf.o || rc=$?
echo "bpf-validate exit $rc"
exec "$1"
