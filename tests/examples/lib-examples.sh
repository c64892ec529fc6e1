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
	[exec_events]='vmlinux'
	[socket_policy]='btf_link atomics'
)
# The programs the running kernel may refuse as a type: verified on the
# host or else in the VMs, functionally tested in the VMs only.
declare -A EX_HOST_REFUSES=([restrict_fs]=lsm)
# Their programs' sections, as the verifier tables print them.
declare -A EX_HOST_REFUSES_SECTION=([restrict_fs]=lsm/file_open)
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
# ex_assert_vm_verified NAME LOG [OBJ]: NAME, a program the host may refuse
# (EX_HOST_REFUSES), was refused by the host and verified in the 6.1 VM
# instead, or passed on a host that loads it; LOG is its verifier test's
# log, which names the object OBJ (a regex; default NAME.bpf.o).
ex_assert_vm_verified() {
	local p=$1 log=$2 obj="${3:-$1\\.bpf\\.o}" type=${EX_HOST_REFUSES[$1]} sec=${EX_HOST_REFUSES_SECTION[$1]}
	if ! grep -qE "$p: refused: host kernel refuses $type programs" "$log"; then
		assert_grep "^$p\.bpf\.o +$p +$sec +pass +[0-9]" "$log" "the host's verdict on $p"
		return 0
	fi
	assert_grep "^$obj: $p: host kernel refuses $type programs; verified in VM 6\.1\." "$log" "the verifier test of $p"
	assert_grep "^$p\.bpf\.o +$p +$sec +pass\$" "$log" "the VM's verdict on $p"
}
