# make -j2 from clean, five times: never fails, never differs (every
# program: the object and skeleton or light skeleton of each).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-autoconf.sh"

ac_tree
ac_configure "$T/b"
# The programs this configure builds (all of them with clang).
n=$(grep -cE '^    [a-z_]+ *: yes$' "$T/b.configure.log") || fail "configure enables no BPF program"
note "$n programs"
first=
for i in 1 2 3 4 5; do
	make -C "$T/b" clean >/dev/null 2>&1 || fail "make clean ($i)"
	[ -z "$(find "$T/b" -name '*.bpf.o' -o -name '*.skel.h' -o -name '*.lskel.h' -o -name 'vmlinux.h*' -o -name '.bpfbuild-cc.*')" ] ||
		fail "make clean leaves BPF outputs behind"
	make -C "$T/b" -j2 >"$T/make.$i.log" 2>&1 || { cat "$T/make.$i.log"; fail "make -j2, run $i"; }
	bpf_outputs "$T/b" >"$T/sums.$i"
	[ "$(wc -l <"$T/sums.$i")" -eq $((2 * n)) ] || { cat "$T/sums.$i"; fail "run $i: expected $n objects and $n skeletons"; }
	[ -n "$first" ] || first=$T/sums.$i
	diff "$first" "$T/sums.$i" || fail "make -j2 run $i differs from run 1"
	[ -z "$(find "$T/b" -name '.bpfbuild-cc.*' -o -name '*.tmp*')" ] || fail "run $i left temporary files"
done
cat "$first"
