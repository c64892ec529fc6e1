# shellcheck shell=sh # sourced, never run: no #!, installed 0644
# shellcheck disable=SC2154 # work, timeout, QEMU, accel, append, run, mem, cpus: bpf-vm-verify's
# bpf-vm-boot.sh: sourced by bpf-vm-verify.  Boots one kernel in QEMU with
# the initramfs of $work, leaving $work/kN.{name,vmlinuz,console,data,secs,limit}
# and, when the guest did not finish, kN.error: one line naming the cause
# (or, when its validator was killed at the limit, kN.unfinished: the
# cause, and kN.data the report of what it had verified: partial_report);
# choose_accel picks the accelerator first.  Uses the caller's work,
# timeout, QEMU, accel, append, run, mem (MiB), cpus (vCPUs), KERNEL_CACHE
# and die.
#
# A boot that dies on its own (a panic, a hang, a guest that stops early)
# is tried once more: under TCG on a loaded machine a sound kernel can fail
# to boot (6.1: "IO-APIC + timer doesn't work", 2 boots in 5 on a busy
# 2-core host), and that says nothing of the programs.  If the second boot
# fails too, the kernel is reported as "VM could not boot", never as a
# verdict.  `no_timer_check` skips the timer check that panics so.  A
# corrupt image, a halted decompressor or a QEMU that cannot start fails
# the same way every time: one boot.

# KVM only where it really runs a guest: /dev/kvm may open and still hang
# (nested, sandboxed hosts).  A probe boot of the first kernel, to a
# poweroff from the initramfs, decides; the answer is cached per host kernel.
kvm_probe() {
	z=$1
	[ -d "$z" ] && z=$z/vmlinuz
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	cache=$KERNEL_CACHE/.accel-$(uname -r)
	if [ -r "$cache" ]; then
		[ "$(cat "$cache")" = kvm ]
		return
	fi
	ok=tcg
	if timeout -k 1 "${BPF_VM_KVM_PROBE_TIMEOUT:-8}" "$QEMU" -accel kvm -cpu host -M pc -m 256 \
		-nographic -no-reboot -no-user-config -nodefaults -monitor none \
		-serial "file:$work/probe.console" -kernel "$z" -initrd "$work/initrd.gz" \
		-append "console=ttyS0 quiet panic=-1 rdinit=/probe" </dev/null >/dev/null 2>&1 \
	   && grep -q '@@BPFVM probe' "$work/probe.console"; then
		ok=kvm
	fi
	{ mkdir -p "$(dirname "$cache")" && echo $ok >"$cache"; } 2>/dev/null || :
	[ $ok = kvm ]
}

# choose_accel KERNEL: sets accel, from $BPF_VM_ACCEL (auto: KVM when a
# probe boot of KERNEL under it works).
choose_accel() {
	case ${BPF_VM_ACCEL:-auto} in
	tcg) accel="-accel tcg -cpu max" ;;
	kvm) accel="-accel kvm -cpu host" ;;
	auto)
		accel="-accel tcg -cpu max"
		if kvm_probe "$1"; then accel="-accel kvm -cpu host"; fi ;;
	*) die "BPF_VM_ACCEL must be auto, kvm or tcg" ;;
	esac
}

# bzimage_check FILE: one-line cause when FILE cannot be a bootable bzImage.
bzimage_check() {
	[ -e "$1" ] || { echo "no such kernel image or cache directory: $1 (\`bpf-vm-kernels list\` shows the cached kernels, \`bpf-vm-kernels fetch\` adds some)"; return 1; }
	[ -r "$1" ] || { echo "cannot read $1"; return 1; }
	size=$(wc -c <"$1")
	[ "$size" -gt 1024 ] && [ "$(tail -c +515 "$1" | head -c 4)" = HdrS ] \
		|| { echo "corrupt kernel image $1: not a bzImage (no HdrS boot header)"; return 1; }
	setup=$(od -An -tu1 -j 497 -N1 "$1" | tr -d ' ')
	[ "$setup" -eq 0 ] && setup=4
	syssize=$(od -An -tu4 -j 500 -N4 "$1" | tr -d ' ')
	need=$(( (setup + 1) * 512 + syssize * 16 ))
	[ "$need" -le "$size" ] \
		|| { echo "corrupt kernel image $1: truncated ($size bytes, the header says $need)"; return 1; }
}

# qemu_run D Z: one QEMU boot of bzImage Z into D.console and D.data; sets
# rc (QEMU's exit, 124/137 for a timeout, or "panic").
qemu_run() {
	: >"$1.console"; : >"$1.data"
	# shellcheck disable=SC2086
	timeout -k 3 "$timeout" "$QEMU" $accel -M pc -m "$mem" -smp "$cpus" -nographic -no-reboot \
		-no-user-config -nodefaults -monitor none \
		-serial "file:$1.console" -serial "file:$1.data" \
		-kernel "$2" -initrd "$work/initrd.gz" \
		-append "console=ttyS0 earlyprintk=serial,ttyS0 panic=-1 quiet no_timer_check lsm=landlock,lockdown,yama,bpf$append" \
		</dev/null >"$1.qemu" 2>&1 &
	qpid=$!
	echo $qpid >"$1.pid"
	# Watch the console: a panic or a halted decompressor ends the boot now.
	rc=
	while :; do
		if ! kill -0 $qpid 2>/dev/null; then
			wait $qpid && rc=0 || rc=$?
			break
		fi
		if grep -qE 'Kernel panic|System halted|-- System halted' "$1.console" 2>/dev/null; then
			sleep 0.3
			kill $qpid 2>/dev/null || :
			wait $qpid 2>/dev/null || :
			rc=panic
			break
		fi
		sleep 0.1
	done
}

# ran_out D: the boot into D timed out after its guest had started the
# validator (or test): no boot failure, and a second boot would only take
# as long again (a limit-bound program takes minutes per load in TCG).
ran_out() {
	timed_out && grep -q '^@@BPFVM begin' "$1.data"
}

# timed_out: the boot's timeout killed QEMU (TERM, or KILL after it).
timed_out() {
	[ "$rc" = 124 ] || [ "$rc" = 137 ]
}

# What raises the limit, for the consumer of the Meson module or the
# autoconf macros (the environment) and bpf-vm-verify's user alike.
raise_limit="set BPF_VM_TIMEOUT=SECONDS in the environment, or bpf-vm-verify --timeout"

# boot_cause D Z: the one-line cause of a boot into D that did not finish;
# returns 1 when booting again cannot help.
boot_cause() {
	# What the guest runs: $run is the --run script's path, not a word.
	job=validator
	[ -z "$run" ] || job="test"
	if ran_out "$1"; then
		echo "the $job did not finish within ${timeout}s and was killed (the guest had booted; $raise_limit)"
		return 1
	elif timed_out; then
		echo "boot timed out after ${timeout}s and was killed ($raise_limit; on TCG a boot takes 3-10 s)"
	elif grep -qE 'System halted' "$1.console"; then
		msg=$(tr -d '\r' <"$1.console" | grep -v '^[[:space:]]*$' | grep -B1 'System halted' | head -n 1)
		echo "corrupt kernel image $2: its decompressor says \"$msg\" and halts"
		return 1
	elif grep -q 'Kernel panic' "$1.console"; then
		echo "kernel panic: $(grep -m1 'Kernel panic' "$1.console" | tr -d '\r' | sed 's/^.*Kernel panic - //')"
	elif [ -s "$1.qemu" ] && [ "$rc" != 0 ]; then
		echo "qemu failed (exit $rc): $(grep -m1 -v '^$' "$1.qemu")"
		return 1
	else
		echo "the guest stopped before the $job finished (exit $rc): $(tail -n 1 "$1.console" | tr -d '\r')"
	fi
}

# boot N KERNEL: boots one kernel, twice if the first boot dies on its own
# and ran_out says no (the first's console is kept as kN.console.1).
boot() {
	n=$1 k=$2
	d=$work/k$n
	if [ -d "$k" ]; then z=$k/vmlinuz; else z=$k; fi
	basename "$k" >"$d.name"
	echo "$z" >"$d.vmlinuz"
	echo "$timeout" >"$d.limit"
	: >"$d.console"; : >"$d.data"
	if ! why=$(bzimage_check "$z"); then
		echo "$why" >"$d.error"; echo 0 >"$d.secs"; return 0
	fi
	t0=$(date +%s%N)
	tries=1
	qemu_run "$d" "$z"
	if ! grep -q '^@@BPFVM done' "$d.data" && boot_cause "$d" "$z" >/dev/null; then
		mv "$d.console" "$d.console.1"
		tries=2
		qemu_run "$d" "$z"
	fi
	t1=$(date +%s%N)
	# Nanoseconds since the epoch fit the shell's 64-bit arithmetic: the
	# boot's seconds to a tenth, rounded.
	t1=$(((t1 - t0 + 50000000) / 100000000))
	echo "$((t1 / 10)).$((t1 % 10))" >"$d.secs"
	grep -q '^@@BPFVM done' "$d.data" && return 0
	why=$(boot_cause "$d" "$z") || :
	if [ -z "$run" ] && ran_out "$d"; then
		partial_report "$d" "$why"
		return 0
	fi
	if [ $tries = 2 ]; then
		why="VM could not boot (2 boots): $why"
	fi
	echo "$why" >"$d.error"
}

# json_str S: S as a JSON string (control characters become '?').
json_str() {
	printf '"%s"' "$(printf '%s' "$1" | tr '\001-\037' '?' | sed 's/[\\"]/\\&/g')"
}

# partial_report D WHY: the guest of D was killed in its validator, which
# had sent each object's line as it verified it (bpf-vm-shares.sh:
# "@@BPFVM object I LINE"): D.data becomes the report of those, every
# other object in it "not finished" (an object error: WHY), exit 1, and
# D.unfinished says WHY with how far it got.  A line the kill cut off
# (no newline yet) is left out.
partial_report() {
	# In sh, as every host side of the bpf-vm tools: no awk, no python.
	whole=yes
	[ "$(tail -c 1 "$1.data" | od -An -tx1 | tr -d ' ')" = 0a ] || whole=no
	mkdir "$1.objs"
	{
		tr -d '\r' <"$1.data" | if [ $whole = yes ]; then cat; else sed '$d'; fi |
			grep '^@@BPFVM ' | grep -Ev '^@@BPFVM (begin|end|done)' |
			while IFS= read -r l; do
				printf '%s\n' "$l"
				case $l in
				'@@BPFVM release '*) printf '%s' "${l#@@BPFVM release }" >"$1.objs/release" ;;
				'@@BPFVM object '[0-9]*' '?*)
					i=${l#@@BPFVM object } o=${i#* } i=${i%% *}
					printf '%s' "$o" >"$1.objs/$i" ;;
				esac
			done
		echo '@@BPFVM begin'
		echo '{"objects":['
		i=1 verified=0 total=0 sep=
		while [ -d "$work/root/objs/$i" ]; do
			for o in "$work/root/objs/$i"/*; do
				printf '%s' "$sep"
				sep=, total=$((total + 1))
				if [ -f "$1.objs/$i" ]; then
					cat "$1.objs/$i"
					verified=$((verified + 1))
				else
					printf '{"path":%s,"error":%s,"static":{"errors":[],"warnings":[]},"skip":null,"prepared":[],"exit":1,"programs":[]}' \
						"$(json_str "/objs/$i/${o##*/}")" "$(json_str "not finished: $2")"
				fi
				echo
			done
			i=$((i + 1))
		done
		echo '],'
		printf '"kernel":%s,"exit":1}\n' "$(json_str "$(cat "$1.objs/release" 2>/dev/null)")"
		echo '@@BPFVM end 1'
		echo '@@BPFVM done'
	} >"$1.partial"  # a redirected group: its counts stay set here
	mv "$1.partial" "$1.data"
	rm -rf "$1.objs"
	echo "$2; it had verified $verified of its $total objects, whose verdicts stand" >"$1.unfinished"
}
