# No test reads or writes a system-wide location it did not create, nor
# depends on the host kernel's exact build: every literal /sys/fs/bpf,
# /var/cache, /tmp/ and "uname -r" in the suite's code (comments aside) is
# one of those below, each with the reason it is safe on any machine.  A
# new one fails here until it is made private or justified in this list.
. "$(dirname "$0")/../lib.sh"
declare -A why=(
	["tests/lib.sh /sys/fs/bpf"]="own_bpffs mounts a new bpffs there, in the test's own mount namespace"
	["tests/safety/no-bpffs.t /sys/fs/bpf"]="unmounts or mounts it only in mount namespaces of its own"
	["tests/bench/validate-vs-loadall.sh /sys/fs/bpf"]="its own bpffs, in a mount namespace of its own"
	["tests/distro/run-in /sys/fs/bpf"]="reads whether the Debian root's /sys has a bpffs, to say so"
	["tests/lib.sh /var/cache"]="the default of BPFBUILD_KERNEL_CACHE, bpf-vm-kernels' own cache of Debian's kernels (it creates it)"
	["tests/bench/vm-matrix.sh /var/cache"]="the same kernel cache, named in the benchmark's report"
	["tests/bench/selftests-conformance.sh /var/cache"]="the same kernel cache, whose .selftests/ (created by tests/bench/lib/selftests-src.sh) keeps Debian's linux-source beside the kernels it matches"
	["tests/distro/run-in /var/cache"]="the defaults of BPFBUILD_CACHE (the Debian roots make-root creates) and the kernel cache"
	["tests/distro/make-root /var/cache"]="the default of BPFBUILD_CACHE, where it creates the Debian roots"
	["tests/run /var/cache"]="the same cache of Debian roots: under CI=true a run.PID directory of its own in it"
	["tests/vm/loader-sized/run.sh /tmp/"]="runs inside the VM guest, in the guest's own initramfs"
	["tests/vm/lsm-example.t /tmp/"]="a pattern of the guest's output (the example's loader there)"
	["tests/validate/veristat.t uname -r"]="names the kernel in a note"
	["tests/verifier-matrix uname -r"]="the host kernel line of the document; tests/verifier-matrix-check takes another build's figures as information"
	["tests/validate/91-verifier-matrix-host.t uname -r"]="a fake uname on its own PATH"
	["tests/bench/lib/report.sh uname -r"]="names the kernel in build-speed.sh's report"
	["tests/bench/vm-matrix.sh uname -r"]="names the kernel in the benchmark's report"
	["tests/debian/dh-bpfbuild.t uname -r"]="the build host's kernel, whose verdicts the package it built ships"
)
n=0 bad=0
while IFS= read -r hit; do
	file=${hit%%:*} text=${hit#*:*:}
	case ${text#"${text%%[![:space:]]*}"} in '#'*) continue ;; esac
	for lit in /sys/fs/bpf /var/cache /tmp/ 'uname -r'; do
		case $text in *"$lit"*) ;; *) continue ;; esac
		n=$((n + 1))
		if [ -z "${why["$file $lit"]:-}" ]; then
			echo "$hit"
			echo "    $file names $lit: make it private to the test, or justify it in tests/lint/system-paths.t"
			bad=$((bad + 1))
		fi
	done
done < <(cd "$BPFBUILD_TOP" && find tests -type f ! -name '*.md' ! -path tests/lint/system-paths.t -print0 |
	xargs -0 grep -nIE '/sys/fs/bpf|/var/cache|/tmp/|uname -r' /dev/null)
[ $n -gt 0 ] || fail "found no system path at all (the grep is broken)"
[ $bad -eq 0 ] || fail "$bad system-wide locations not justified (above)"
note "$n uses of system-wide locations, each justified"
echo ok
