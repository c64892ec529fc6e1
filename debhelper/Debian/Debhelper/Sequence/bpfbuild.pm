#!/usr/bin/perl
# dh-sequence-bpfbuild: "Build-Depends: dh-sequence-bpfbuild" (or dh --with
# bpfbuild) runs dh_bpfbuild in the install sequence.  After dh_lintian,
# whose copy of debian/PKG.lintian-overrides dh_bpfbuild then extends with
# the BPF objects' overrides, and after dh_install and dh_installdocs,
# which put the objects and the doc directory in place; before
# dh_compress and dh_md5sums, which treat the verdicts it writes as any
# other file.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_lintian', 'dh_bpfbuild');

1;
