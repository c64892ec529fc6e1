# shellcheck shell=sh # sourced, never run: no #!, installed 0644
# bpf-vm-version.sh: sourced by the VM tools for --version.  The version is
# written once, in the project() of the toolkit's meson.build: meson install
# puts it in here; run from the source tree, it is read from there.

# version_exit NAME DIR: the GNU-style version line of NAME, whose script
# is in DIR (help2man reads it), then exit.
version_exit() {
	v='@VERSION@'
	case $v in
	@*) v=$(sed -n "s/^[[:space:]]*version : '\([^']*\)',*$/\1/p" "$2/../../meson.build" 2>/dev/null | head -n 1) ;;
	esac
	echo "$1 (bpfbuild) ${v:-unknown}"
	exit 0
}
