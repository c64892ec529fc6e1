#!/bin/sh
# In a guest of bpf-vm-verify --run: the loader, with "counts" pinned in a
# bpffs of its own.
set -e
mkdir -p /tmp/bpffs
mount -t bpf bpf /tmp/bpffs
"$1" /tmp/bpffs
test -e /tmp/bpffs/counts || { echo "counts was not pinned" >&2; exit 1; }
