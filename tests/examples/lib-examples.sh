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
# The programs the running kernel may refuse as a type: no host tests.
declare -A EX_HOST_REFUSES=([restrict_fs]=lsm)
# Light skeletons (NAME.lskel.h) instead of NAME.skel.h.
declare -A EX_LIGHT=([xdp_counter_light]=1)

# ex_cap LOG PROBE: "yes" or "no", from the "BPF probes" summary.
ex_cap() { sed -n "s/^ *$2 *: \([a-z]*\) (.*/\1/p" "$1" | head -n 1; }
# ex_skel NAME: the skeleton's file name.
ex_skel() { [ -n "${EX_LIGHT[$1]:-}" ] && echo "$1.lskel.h" || echo "$1.skel.h"; }
