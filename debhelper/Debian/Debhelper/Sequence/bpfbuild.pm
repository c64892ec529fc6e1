#!/usr/bin/perl
# dh-sequence-bpfbuild: "Build-Depends: dh-sequence-bpfbuild" (or dh --with
# bpfbuild) sets up a Meson consumer's bpfbuild subproject and checks the
# BPF objects the package installs.
# - dh_bpfbuild_wrap before dh_auto_configure, which runs Meson with
#   --wrap-mode=nodownload: the installed toolkit's wrap in subprojects/;
#   dh_bpfbuild_wrap_clean after dh_auto_clean (which removes the build
#   directory) takes it back, before dh_clean removes its record.
# - dh_bpfbuild after dh_lintian, whose copy of debian/PKG.lintian-overrides
#   dh_bpfbuild then extends with the BPF objects' overrides, and after
#   dh_install, which puts the objects in place.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_before('dh_auto_configure', 'dh_bpfbuild_wrap');
insert_after('dh_auto_clean', 'dh_bpfbuild_wrap_clean');
insert_after('dh_lintian', 'dh_bpfbuild');

1;
