# Every example loader, run without privilege (uid nobody, no
# capabilities), fails with exactly one line on stderr that names the
# program, what it could not do and why, with the hint to run as root.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-examples.sh"

examples_build clang -Dbpf-compiler=clang
drop=()
if [ "$(id -u)" = 0 ]; then
	drop=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all --bounding-set=-all)
fi
# The build dir is private to root (mktemp -d): copies nobody can run.
chmod 755 "$T"
mkdir -m 755 "$T/bin"
if [ ${#drop[@]} -gt 0 ]; then
	install -m 755 "$EX_BUILD/socket_bind" "$T/bin/probe"
	(cd "$T/bin" && "${drop[@]}" ./probe --help) >/dev/null 2>"$T/err" || :
	! grep -q 'error while loading shared libraries' "$T/err" ||
		fail "uid nobody cannot run programs here, so no loader can be tried: $(head -n 1 "$T/err") (is / or a library directory mode 0700?)"
fi
declare -A args=(
	[socket_bind]='--allow 20000 --try 20000'
	[write_counter]='10'
	[restrict_fs]='--deny-fs tmpfs --try /proc/version'
	[restrict_ifaces]='--deny-list --iface lo'
	[xdp_counter]='--drop-port 53 --test'
	[xdp_counter_light]='--drop-port 53 --test'
	[exec_events]='--timeout 1'
	[socket_policy]='--deny raw --try udp'
)
for p in "${!EX_NEEDS[@]}"; do
	[ -n "${args[$p]:-}" ] || fail "no arguments for loader $p here"
	rc=0
	# shellcheck disable=SC2086
	install -m 755 "$EX_BUILD/$p" "$T/bin/$p"
	(cd "$T/bin" && "${drop[@]}" "./$p" ${args[$p]}) >"$T/out" 2>"$T/err" || rc=$?
	note "$p: exit $rc: $(cat "$T/err")"
	[ $rc -ne 0 ] || fail "$p succeeded without privilege"
	[ $rc -ne 3 ] || fail "$p blamed the kernel (exit 3) for a lack of privilege"
	assert_eq "$p: stderr lines" 1 "$(wc -l <"$T/err")"
	assert_grep "^$p: cannot [^:]+: Operation not permitted \(run as root: it needs CAP_BPF[A-Z_, ]*( and CAP_[A-Z_]+)?\)$" "$T/err" "$p's message"
done
