#!/bin/sh
# In a guest of bpf-vm-verify --run, the objects and loaders beside the
# first loader, bpf-validate packed: bpf-validate's table of the objects,
# then every loader as its users run it.  Each loader's exit is printed;
# the script's is 0 when each ran (the test compares them).
dir=$(dirname "$1")
bpf-validate "$dir"/*.bpf.o
echo "bpf-validate exit $?"
for l in "$dir"/*; do
	case $l in *.bpf.o|*.sh) continue ;; esac
	"$l"
	echo "$(basename "$l") exit $?"
done
exit 0
