# Shared by tests/debian/*.t (sourced after ../lib.sh and
# ../meson/lib-consumer.sh).
# consumer_pkg DIR: README.md's Meson consumer, packaged with
# tests/debian/consumer-pkg/debian ("dh $@ --buildsystem=meson",
# "Build-Depends: dh-sequence-bpfbuild"), its objects installed as a package
# installs them.
consumer_pkg() {
	readme_consumer "$1"
	cp -R "$BPFBUILD_TOP/tests/debian/consumer-pkg/debian" "$1/"
	sed -i "s|^\( *t = custom_target(name, input : prog\['sources'\], output : \[name + '.bpf.o', name + '.skel.h'\],\)\$|\1\n    install : true, install_dir : [get_option('prefix') / 'lib' / 'bpf' / meson.project_name(), false],|" "$1/meson.build"
	grep -q "install_dir : \[get_option('prefix') / 'lib' / 'bpf'" "$1/meson.build" ||
		fail "README.md's consumer: its custom_target line changed; update the install of its objects in tests/debian/lib-pkg.sh"
}
