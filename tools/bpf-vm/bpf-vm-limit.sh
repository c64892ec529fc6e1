# shellcheck shell=sh # sourced, never run: no #!, installed 0644
# bpf-vm-limit.sh: sourced by bpf-vm-verify.  vm_limit OBJECTS PROGRAMS
# THREADS LOAD CPUS prints the seconds a boot may take when neither
# --timeout nor BPF_VM_TIMEOUT says: its work (a boot, the objects, their
# programs) at the speed this machine gives a guest now.  A fixed limit
# killed sound boots: 60 s was too little for 54 objects on a loaded
# 2-core machine (68-113 s a boot at load 20).
#
# Measured under TCG on this project's 2-core machine, one bpf-validate
# per object (bpf-vm-shares.sh): a boot with one object took 6.6 s (6.12,
# load 2.5) and 10-19 s (6.1, 6.12, sid's 7.2; load 9); 30 one-program
# objects of tests/vm/progs (LSM, fentry, tracepoint) took 7 s more at
# load 2.5 (0.23 s an object; one validator for them all: 4 s) and 6-22 s
# more at load 9 (0.2-0.7 s an object).  The allowances are a boot of
# 60 s (the fixed limit this replaces) and 1 s for each object and each
# program, then scaled by the load below: about ten times what was
# measured, a guard against a hung guest, not a forecast.  A program that
# runs the verifier to its limit takes minutes per load (the selftests'):
# its boot needs BPF_VM_TIMEOUT or --timeout.
#
# THREADS: the host threads of the guests running at once (--jobs x
# --guest-cpus); LOAD: the 1-minute load average before they start; CPUS:
# the host's.  When more threads want to run than there are CPUs, a
# vCPU gets about CPUS / (LOAD + THREADS) of one: the limit grows by
# that, to at most 8 times, so that a hung guest still ends.
vm_limit() {
	# In hundredths, with the shell's integers: the tools need no awk.
	load=${4%%.*} frac=${4#*.}
	[ "$frac" != "$4" ] || frac=0
	frac=$(printf '%.2s' "${frac}00")
	load=$(( ${load:-0} * 100 + ${frac#0} ))
	cpus=$5
	[ "$cpus" -gt 0 ] 2>/dev/null || cpus=1
	slow=$(( (load + $3 * 100) / cpus ))
	[ $slow -ge 100 ] || slow=100
	[ $slow -le 800 ] || slow=800
	echo $(( ((60 + $1 + $2) * slow + 50) / 100 ))
}
