# bpf-vm-kernels: the matrix holds bookworm's 6.1, 6.12 and sid's newest,
# each with vmlinuz, its .BTF and a config with BTF and BPF LSM; a user's own
# kernel is added with `add`, and its BTF is extracted the same way.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-vm.sh"

echo "$KERNELS"
for k in $KERNELS; do
	[ -s "$k/vmlinuz" ] || fail "$k: no vmlinuz"
	"$BPFTOOL" btf dump file "$k/vmlinux.btf" >"$T/btf.txt" || fail "$k: vmlinux.btf does not parse"
	assert_grep "STRUCT 'task_struct'" "$T/btf.txt" "$k/vmlinux.btf"
	assert_grep '^CONFIG_DEBUG_INFO_BTF=y' "$k/config"
	assert_grep '^CONFIG_BPF_LSM=y' "$k/config"
done
assert_grep '^sid ' "$KSID/source"
assert_grep '^bookworm linux-image-6\.1\.' "$K61/source"

# A second fetch hits the cache: no download.
"$VM_TOOLS/bpf-vm-kernels" fetch "bookworm/linux-image-cloud-amd64" >"$T/again" 2>"$T/again.err"
assert_eq "cached fetch" "$K61" "$(cat "$T/again")"
assert_grep '\(cached\)' "$T/again.err"

# Your own kernel, in a private cache.
export BPFBUILD_KERNEL_CACHE=$T/cache
cp "$K61/vmlinuz" "$T/vmlinuz-mine"
"$VM_TOOLS/bpf-vm-kernels" add "$T/vmlinuz-mine" >"$T/added"
assert_eq "add prints the cache dir" "$T/cache/mine" "$(cat "$T/added")"
cmp "$T/cache/mine/vmlinux.btf" "$K61/vmlinux.btf" || fail "add: BTF differs from the packaged kernel's"
"$VM_TOOLS/bpf-vm-kernels" list | grep -q "^$T/cache/mine  local " || fail "list does not show the added kernel"

# Bad input: one line.
rc=0
"$VM_TOOLS/bpf-vm-kernels" add /etc/hostname >"$T/bad" 2>&1 || rc=$?
cat "$T/bad"
assert_eq "add of a non-kernel: exit" 1 "$rc"
assert_eq "add of a non-kernel: lines" 1 "$(wc -l <"$T/bad")"
assert_grep 'not a bzImage' "$T/bad"
[ ! -e "$T/cache/hostname" ] || fail "a failed add left $T/cache/hostname"
