#!/bin/bash
# The user's CFLAGS (-march=native -O3 -flto -pipe -fstack-protector-strong,
# as in make.conf) reach the host compiles of both examples packages and
# change no byte of the installed BPF objects, for either compiler: each
# package is built with and without them, in the same directory, and the
# installed objects compared, with address randomisation on (gcc-bpf 12's
# heap-ordered BTF is canonicalised).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/gentoo-lib.sh"
. "$(dirname "$0")/e2e-lib.sh"

for kind in meson autotools; do
	for cc in clang gcc; do
		what="$kind ($cc)"
		e2e_examples "$kind" "$cc" cflags
		with=$E2E_OUT
		e2e_examples "$kind" "$cc" plain
		without=$E2E_OUT
		assert_grep "^E2E CFLAGS=$E2E_CFLAGS$" "$with/phases.log" "$what: CFLAGS in the build"
		assert_grep '^E2E CFLAGS=\(unset\)$' "$without/phases.log" "$what: no CFLAGS"
		# The host side did get them: the loaders' compile.
		if [ "$kind" = autotools ]; then
			assert_grep "^CFLAGS='$E2E_CFLAGS'$" "$with/config.log" "$what: configure's CFLAGS"
		else
			assert_grep "^meson setup " "$with/phases.log" "$what"
		fi
		# ... and not the BPF side: the flags the summary prints.
		assert_no_grep '(flags|BPF_CFLAGS) .*(-march|-flto|-fstack-protector|-O3)' "$with/phases.log" "$what: BPF flags"
		det=$(grep -m1 -E '^ *deterministic *: ' "$with/phases.log" | sed 's/^ *//') || det='deterministic: (not in the summary)'
		objs=$(cd "$with/image/usr/lib/bpf/bpfbuild-examples-$kind" && ls -- *.bpf.o)
		assert_eq "$what: the same objects" "$objs" \
			"$(cd "$without/image/usr/lib/bpf/bpfbuild-examples-$kind" && ls -- *.bpf.o)"
		n=0
		for o in $objs; do
			cmp "$with/image/usr/lib/bpf/bpfbuild-examples-$kind/$o" \
				"$without/image/usr/lib/bpf/bpfbuild-examples-$kind/$o" ||
				fail "$what: $o differs with the user's CFLAGS"
			n=$((n + 1))
		done
		note "$what: $n objects byte-identical with and without CFLAGS ($det)"
	done
done
echo "e2e CFLAGS: ok"
