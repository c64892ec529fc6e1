# Issue 31, item 4: the C files of bpf-validate and of the engine's BTF
# tools are layered.  Each file is compiled alone; a file that uses a symbol
# another one defines (nm: its undefined symbols, resolved to the object
# defining them) depends on it.  No circle between files (a file whose
# callee calls it back, however far round), and the ground floor (the
# helpers) uses nothing above it.  First the checker itself is shown a
# circle and an upward call, which it must refuse.
. "$(dirname "$0")/../lib.sh"

# layers NAME DIR GROUND -- CFLAGS...: the .c files of DIR compiled into
# $T/NAME; GROUND is the space-separated ground floor.  Prints one line per
# fault on stdout; exit 1 if any.
layers() {
	local name=$1 dir=$2 ground=" $3 " out=$T/$1 f o sym from to bad=0
	shift 4
	mkdir -p "$out"
	for f in "$dir"/*.c; do
		cc -c -O0 -w "$@" "$f" -o "$out/$(basename "$f" .c).o" ||
			{ echo "$f does not compile"; return 1; }
	done
	local -A def=() dep=() why=()
	for o in "$out"/*.o; do
		f=$(basename "$o" .o).c
		while read -r sym _; do def[$sym]=$f; done < <(nm -P --defined-only --extern-only "$o")
	done
	for o in "$out"/*.o; do
		from=$(basename "$o" .o).c
		while read -r sym _; do
			to=${def[$sym]:-}
			if [ -z "$to" ] || [ "$to" = "$from" ]; then continue; fi
			dep[$from]+=" $to"
			why[$from>$to]=${why[$from>$to]:-$sym}
		done < <(nm -P --undefined-only "$o")
	done
	# reach FROM TO: whether FROM depends on TO, however far round.
	reach() {
		local -A seen=()
		local todo=("$1") n d
		while [ ${#todo[@]} -gt 0 ]; do
			n=${todo[0]}
			todo=("${todo[@]:1}")
			for d in ${dep[$n]:-}; do
				[ "$d" = "$2" ] && return 0
				[ -n "${seen[$d]:-}" ] && continue
				seen[$d]=1
				todo+=("$d")
			done
		done
		return 1
	}
	for from in "${!dep[@]}"; do
		# shellcheck disable=SC2086 # the list's words
		for to in $(printf '%s\n' ${dep[$from]} | sort -u); do
			if [ "$from" \< "$to" ] && reach "$to" "$from"; then
				echo "$name: circle: $from uses $to (${why[$from>$to]}), and $to leads back to $from"
				bad=1
			fi
			if [[ $ground == *" $from "* && $ground != *" $to "* ]]; then
				echo "$name: $from is the ground floor, but uses $to (${why[$from>$to]}) above it"
				bad=1
			fi
		done
	done
	return $bad
}

note "the checker refuses a circle and an upward call"
mkdir -p "$T/bad"
printf 'int b(void);\nint a(void) { return b(); }\n' >"$T/bad/a.c"
printf 'int a(void);\nint b(void) { return a(); }\nint c(void) { return 0; }\n' >"$T/bad/b.c"
printf 'int c(void);\nint g(void) { return c(); }\n' >"$T/bad/g.c"
rc=0
layers bad "$T/bad" "g.c" -- >"$T/bad.out" || rc=$?
cat "$T/bad.out"
assert_eq "the checker's exit on a bad tree" 1 "$rc"
assert_grep '^bad: circle: a\.c uses b\.c \(b\), and b\.c leads back to a\.c$' "$T/bad.out"
assert_grep '^bad: g\.c is the ground floor, but uses b\.c \(c\) above it$' "$T/bad.out"

note "bpf-validate"
mkdir -p "$T/inc"
echo '#define BV_VERSION "lint"' >"$T/inc/bv-config.h"
src=$BPFBUILD_TOP/tools/bpf-validate
rc=0
# shellcheck disable=SC2046 # pkg-config prints words
layers bpf-validate "$src" "util.c" -- -std=gnu11 -D_GNU_SOURCE -I"$src" -I"$BPFBUILD_TOP/engine" -I"$T/inc" \
	$(pkg-config --cflags libbpf libelf) >"$T/bv.out" || rc=$?
note "the engine's BTF tools"
layers engine "$BPFBUILD_TOP/engine" "bpfbuild-btf-read.c" -- -std=gnu11 \
	-I"$BPFBUILD_TOP/engine" >>"$T/bv.out" || rc=$?
cat "$T/bv.out"
[ "$rc" -eq 0 ] || fail "the C files are not layered (above: what uses what)"
echo ok
