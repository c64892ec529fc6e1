# The README's Meson consumer; sourced after ../lib.sh.

# readme_consumer DIR: DIR becomes the consumer whose meson.build is the
# README's snippet as it stands (between its markers), with its sources.
readme_consumer() {
	mkdir -p "$1/subprojects"
	cp "$BPFBUILD_TOP/tests/meson/consumer/"* "$1/"
	awk '/^<!-- readme-snippet: meson.build -->$/ { on = 1; next }
	     /^<!-- readme-snippet: end -->$/ { on = 0 }
	     on && !/^```/' "$BPFBUILD_TOP/README.md" >"$1/meson.build"
	grep -q "^project(" "$1/meson.build" || fail "README.md: no meson.build between the readme-snippet markers"
}

# linked_consumer DIR [copy]: the README's consumer, with this checkout as
# its bpfbuild subproject; "copy" declares bpfbuild's options in its own
# meson_options.txt, as systemd-named top-level options (bpfbuild yields).
linked_consumer() {
	readme_consumer "$1"
	ln -s "$BPFBUILD_TOP" "$1/subprojects/bpfbuild"
	if [ "${2:-}" = copy ]; then
		sed 's/, yield : true//' "$BPFBUILD_TOP/meson_options.txt" >"$1/meson_options.txt"
	fi
}
