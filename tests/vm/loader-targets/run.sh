#!/bin/sh
# In a guest of bpf-vm-verify --run (objects beside the loader, bpf-validate
# packed): bpf-validate's verdicts with the targets the loader uses, then
# the loader itself for each object.  The exit is the loaders'.
dir=$(dirname "$1")
grep -qE ' [tT] xfs_file_read_iter$' /proc/kallsyms || echo "xfs_file_read_iter absent"
rc=0
bpf-validate --attach-target file_read_fentry=generic_file_read_iter \
	--attach-target file_read_fexit=generic_file_read_iter \
	--attach-target file_read_entry=xfs_file_read_iter \
	--attach-target file_read_exit=xfs_file_read_iter "$dir"/*.bpf.o || rc=$?
echo "bpf-validate exit $rc"
rc=0
"$1" fentry generic_file_read_iter || rc=1
"$1" kprobe xfs_file_read_iter || rc=1
exit $rc
