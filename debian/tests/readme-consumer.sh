# shellcheck shell=sh # sourced by the autopkgtests, never run
# readme_consumer DIR: DIR becomes README.md's Meson consumer, its
# meson.build the README's snippet as it stands (between its markers), its
# sources tests/meson/consumer's (as tests/meson/lib-consumer.sh does).
readme_consumer() {
	mkdir -p "$1/subprojects"
	cp tests/meson/consumer/* "$1/"
	awk '/^<!-- readme-snippet: meson.build -->$/ { on = 1; next }
	     /^<!-- readme-snippet: end -->$/ { on = 0 }
	     on && !/^```/' README.md >"$1/meson.build"
	grep -q "^project(" "$1/meson.build"
}
