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
