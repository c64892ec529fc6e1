# Shared by tests/examples/*.t (sourced after ../lib.sh).

# Every BPF program of examples/meson.build and the probes it needs: keep
# in step with its bpf_programs table (clang.t checks that they agree).
declare -A EX_NEEDS=(
	[socket_bind]=''
	[write_counter]='core atomics vmlinux'
	[restrict_fs]='core vmlinux'
	[restrict_ifaces]='btf_link'
	[xdp_counter]='btf_link'
	[xdp_counter_light]='btf_link'
	[exec_events]='vmlinux helpers'
	[socket_policy]='btf_link atomics'
)
# The programs the running kernel may refuse as a type: verified on the
# host or else in the VMs, functionally tested in the VMs only.
declare -A EX_HOST_REFUSES=([restrict_fs]=lsm)
# Light skeletons (NAME.lskel.h) instead of NAME.skel.h.
declare -A EX_LIGHT=([xdp_counter_light]=1)

# ex_cap LOG PROBE: "yes" or "no", from the "BPF probes" summary.
ex_cap() { sed -n "s/^ *$2 *: \([a-z]*\) (.*/\1/p" "$1" | head -n 1; }
# ex_skel NAME: the skeleton's file name.
ex_skel() { [ -n "${EX_LIGHT[$1]:-}" ] && echo "$1.lskel.h" || echo "$1.skel.h"; }

# ex_assert_functional NAME LOG: NAME's functional test passed, on the host
# or, for a program the host refuses, in the VM of each configured kernel.
ex_assert_functional() {
	if [ -z "${EX_HOST_REFUSES[$1]:-}" ]; then
		assert_grep "$1 functional +OK" "$2" "functional test of $1"
	else
		assert_grep "$1 functional \\(vm 6\\.1\\.[^)]*\\) +OK" "$2" "functional test of $1 in the 6.1 VM"
	fi
}
# ex_assert_vm_verified TESTLOG: restrict_fs was refused by the host and
# verified in the 6.1 VM instead, or passed on a host that loads LSM.
ex_assert_vm_verified() {
	if ! grep -qE 'restrict_fs: refused: host kernel refuses lsm' "$1"; then
		assert_grep '^restrict_fs\.bpf\.o +restrict_fs +lsm/file_open +pass +[0-9]' "$1" "the host's verdict on restrict_fs"
		return 0
	fi
	assert_grep '^restrict_fs\.bpf\.o: restrict_fs: host kernel refuses lsm programs; verified in VM 6\.1\.' "$1" "the verifier test of restrict_fs"
	assert_grep '^restrict_fs\.bpf\.o +restrict_fs +lsm/file_open +pass$' "$1" "the VM's verdict on restrict_fs"
}
