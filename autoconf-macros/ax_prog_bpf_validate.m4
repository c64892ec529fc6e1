# ===========================================================================
#        bpfbuild: autoconf-macros/ax_prog_bpf_validate.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_PROG_BPF_VALIDATE
#
# DESCRIPTION
#
#   Finds the program that "make check" runs on every BPF object to load it
#   into the running kernel's verifier (exit 0 loaded, 1 rejected, 77 the
#   kernel cannot verify here, which the Automake test harness reports as
#   SKIP).  Looks at the precious BPF_VALIDATE (a missing one is a configure
#   error), then bpf-validate on PATH, then the bpf_validate variable of
#   bpfbuild.pc (the installed toolkit), then, as the Meson module, one
#   that "make check" builds for the build machine (bpfbuild.am) from the
#   validator's sources that bpfbuildize copied into the helper directory
#   (run from a checkout or release tarball of bpfbuild), where pkg-config
#   finds libbpf and libelf; else falls back to bpfbuild's
#   engine/bpfbuild-validate-fallback ("bpftool prog loadall"), saying why
#   in the summary.
#
#   What the host kernel cannot verify (a program type it refuses even to
#   root, such as LSM) "make check" verifies in QEMU micro-VMs, one per
#   kernel, with bpf-vm-verify (bpfbuild.am runs each object through
#   engine/bpfbuild-validate-test):
#
#     --with-bpf-validate-kernels=K[,K...]
#                        the kernels: bzImages, bpf-vm-kernels cache
#                        directories, or names in its cache
#                        (6.1.0-57-cloud-amd64).  Default: the precious
#                        BPF_VALIDATE_KERNELS; the option wins.  Without
#                        kernels such a program is a SKIP, and a failure
#                        under CI=true.  BPF_VALIDATE_KERNELS in the
#                        environment of "make check", or on its command
#                        line, replaces them for the run ("" none).
#
#   bpf-vm-verify is the precious BPF_VM_VERIFY (a missing one is a
#   configure error), else bpf-vm-verify on PATH, else the bpf_vm_verify
#   variable of bpfbuild.pc, else the helper directory's bpf-vm/ (copied
#   by bpfbuildize).  Kernels without bpf-vm-verify, or with the
#   fallback validator (which cannot run in the VMs), are a configure
#   error.
#
#   In a cross build for another CPU, BPF_VALIDATE is bpfbuild's
#   engine/bpfbuild-validate-skip (the running kernel is not the
#   target's), and no VM runs.  Sets and substitutes BPF_VALIDATE,
#   BPF_VALIDATE_KERNELS (the kernels, as given), BPF_VM_VERIFY (empty
#   when not found) and BPF_VM_TESTS (for bpfbuild.am: the functional
#   tests of its BPF_VM_LOADERS in the VMs), BPF_VALIDATE_BUILD_CFLAGS and
#   BPF_VALIDATE_BUILD_LIBS (for a validator built here; the Automake
#   conditional BPF_VALIDATE_BUILD, set in AX_BPF).  Cache variables:
#   ax_cv_bpf_validate, ax_cv_bpf_vm_verify.
#
# LICENSE
#
#   Copyright (c) 2025 The bpfbuild authors
#
#   Copying and distribution of this file, with or without modification, are
#   permitted in any medium without royalty provided the copyright notice
#   and this notice are preserved.  This file is offered as-is, without any
#   warranty.

#serial 5

AC_DEFUN([AX_PROG_BPF_VALIDATE], [dnl
AC_ARG_VAR([BPF_VALIDATE], [program that loads each BPF object into the kernel verifier in "make check" (default: bpf-validate)])
_AX_BPF_PKG_CONFIG
AC_REQUIRE([AC_CANONICAL_HOST])dnl
AC_PROVIDE_IFELSE([AX_BPFBUILD_DIR], [], [AX_BPFBUILD_DIR([], [:])])
ax_bpf_validate_given=$BPF_VALIDATE
AC_CACHE_CHECK([for bpf-validate], [ax_cv_bpf_validate], [dnl
  ax_cv_bpf_validate=no
  AS_IF([test -n "$BPF_VALIDATE"], [
    _AX_BPF_GIVEN_PROG([BPF_VALIDATE], [ax_cv_bpf_validate], [unset it or point it at bpf-validate])
  ], [
    _AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/bpf-validate" && test -x "$as_dir/bpf-validate"],
      [ax_cv_bpf_validate=${as_dir%/}/bpf-validate; break])])
    AS_IF([test "$ax_cv_bpf_validate" = no && test -n "$PKG_CONFIG"], [
      ax_bpf_v=`$PKG_CONFIG --variable=bpf_validate bpfbuild 2>/dev/null`
      AS_IF([test -n "$ax_bpf_v" && test -f "$ax_bpf_v" && test -x "$ax_bpf_v"], [ax_cv_bpf_validate=$ax_bpf_v])])
    AS_IF([test "$ax_cv_bpf_validate" = no && test "$ax_cv_bpf_dir" != no &&
           test -f "$ax_cv_bpf_dir/bpfbuild-validate-fallback"],
      [ax_cv_bpf_validate=$ax_cv_bpf_dir/bpfbuild-validate-fallback])
  ])
])
AS_IF([test "$ax_cv_bpf_validate" = no], [BPF_VALIDATE=], [BPF_VALIDATE=$ax_cv_bpf_validate])
ax_bpf_validate_summary=${BPF_VALIDATE:-none}
ax_bpf_validate_why=
ax_bpf_validate_build=no
# A cross build for another architecture: the running kernel is not the
# target's, and its verifier proves nothing (as in the Meson module).
# Decided from the CPUs: "cross_compiling" stays "maybe" when the project
# has no host C compiler, or "no" when a build-machine gcc stood in for it.
AS_IF([test -n "$host_cpu" && test "$ax_cv_bpf_dir" != no], [
  # Each CPU's family, from the engine's one architecture table.
  ax_bpf_host_cpu=`"$ax_cv_bpf_dir/bpfbuild-arch" "$host_cpu" cpu`
  ax_bpf_build_cpu=`"$ax_cv_bpf_dir/bpfbuild-arch" "$build_cpu" cpu`
  AS_IF([test "$ax_bpf_host_cpu" != "$ax_bpf_build_cpu"], [
    BPF_VALIDATE=$ax_cv_bpf_dir/bpfbuild-validate-skip
    ax_bpf_validate_summary="skipped: the target ($host_cpu) is not the running kernel's ($build_cpu)"])])
AS_CASE([$ax_bpf_validate_given:$BPF_VALIDATE], [:*/bpfbuild-validate-fallback], [_AX_BPF_VALIDATE_BUILD])
AC_SUBST([BPF_VALIDATE_BUILD_CFLAGS])
AC_SUBST([BPF_VALIDATE_BUILD_LIBS])
_AX_BPF_VALIDATE_KERNELS
])

# _AX_BPF_VALIDATE_BUILD: fallen back, not asked for.  Where bpfbuildize
# copied the validator's sources (from a checkout or release tarball of
# bpfbuild) and pkg-config finds libbpf and libelf, BPF_VALIDATE is one
# that make builds for the build machine (bpfbuild.am), as the Meson module
# builds the subproject's; else the fallback stays, and the summary and the
# VM kernels' error say why.
AC_DEFUN([_AX_BPF_VALIDATE_BUILD], [dnl
ax_bpf_validate_why='no bpf-validate is installed (on PATH or through pkg-config bpfbuild)'
AC_MSG_CHECKING([whether make can build bpf-validate for the build machine])
ax_bpf_v=
AS_IF([test ! -f "$ax_cv_bpf_dir/bpf-validate/main.c" || test ! -f "$ax_cv_bpf_dir/bpf-validate/bv-config.h"],
  [ax_bpf_v="bpfbuild's helper directory has no bpf-validate sources (bpfbuildize run from a checkout or release tarball of bpfbuild copies them)"],
  [test -z "$PKG_CONFIG"], [ax_bpf_v="no pkg-config to find libbpf and libelf"],
  [for ax_bpf_lib in libbpf libelf; do
     $PKG_CONFIG --exists $ax_bpf_lib 2>/dev/null || ax_bpf_v="${ax_bpf_v:-pkg-config finds no }${ax_bpf_v:+, }$ax_bpf_lib-dev"
   done])
AS_IF([test -z "$ax_bpf_v"], [
  AC_MSG_RESULT([yes])
  ax_bpf_validate_build=yes
  BPF_VALIDATE_BUILD_CFLAGS=`$PKG_CONFIG --cflags libbpf libelf`
  BPF_VALIDATE_BUILD_LIBS=`$PKG_CONFIG --libs libbpf libelf`
  BPF_VALIDATE=`pwd`/bpf-validate
  ax_bpf_validate_summary="$BPF_VALIDATE (built for the build machine by make check, from $ax_cv_bpf_dir/bpf-validate: $ax_bpf_validate_why)"
  ax_bpf_validate_why=
], [
  AC_MSG_RESULT([no: $ax_bpf_v])
  ax_bpf_validate_why="$ax_bpf_validate_why, and none can be built: $ax_bpf_v"
  ax_bpf_validate_summary="$BPF_VALIDATE (bpftool prog loadall: $ax_bpf_validate_why)"
])
])

# _AX_BPF_VALIDATE_KERNELS: --with-bpf-validate-kernels, BPF_VALIDATE_KERNELS
# and BPF_VM_VERIFY, as the Meson module's validate-kernels and bpf-vm-verify.
AC_DEFUN([_AX_BPF_VALIDATE_KERNELS], [dnl
AC_ARG_VAR([BPF_VALIDATE_KERNELS], [kernels (comma-separated bzImages, bpf-vm-kernels cache dirs or names in its cache) in whose QEMU VMs "make check" verifies what the host kernel cannot (LSM); default of --with-bpf-validate-kernels])
AC_ARG_VAR([BPF_VM_VERIFY], [bpf-vm-verify, for the VM kernels (default: bpf-vm-verify on PATH, then pkg-config bpfbuild)])
AC_ARG_WITH([bpf-validate-kernels],
  [AS_HELP_STRING([--with-bpf-validate-kernels=K@<:@,K...@:>@],
    [kernels (bzImages, bpf-vm-kernels cache dirs or names in its cache) in whose QEMU VMs "make check" verifies what the host kernel cannot, such as LSM programs @<:@default: BPF_VALIDATE_KERNELS, else none@:>@])],
  [], [with_bpf_validate_kernels=${BPF_VALIDATE_KERNELS-}])
AS_CASE([$with_bpf_validate_kernels],
  [yes], [AC_MSG_ERROR([--with-bpf-validate-kernels needs the kernels: --with-bpf-validate-kernels=K@<:@,K...@:>@])],
  [no], [with_bpf_validate_kernels=])
# Only separators (", ,") is none.
AS_IF([test -z "`AS_ECHO(["$with_bpf_validate_kernels"]) | tr -d ', \t'`"], [with_bpf_validate_kernels=])
AS_IF([test "${with_bpf_validate_kernels:+set}" = set && test "${BPF_VALIDATE_KERNELS+set}" = set &&
       test "$with_bpf_validate_kernels" = "$BPF_VALIDATE_KERNELS"],
  [ax_bpf_kernels_from="BPF_VALIDATE_KERNELS=$with_bpf_validate_kernels"],
  [ax_bpf_kernels_from="--with-bpf-validate-kernels=$with_bpf_validate_kernels"])
BPF_VALIDATE_KERNELS=$with_bpf_validate_kernels
AC_CACHE_CHECK([for bpf-vm-verify], [ax_cv_bpf_vm_verify], [dnl
  ax_cv_bpf_vm_verify=no
  AS_IF([test -n "$BPF_VM_VERIFY"], [
    _AX_BPF_GIVEN_PROG([BPF_VM_VERIFY], [ax_cv_bpf_vm_verify],
      [unset it or point it at bpf-vm-verify (from the bpfbuild toolkit)])
  ], [
    _AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/bpf-vm-verify" && test -x "$as_dir/bpf-vm-verify"],
      [ax_cv_bpf_vm_verify=${as_dir%/}/bpf-vm-verify; break])])
    AS_IF([test "$ax_cv_bpf_vm_verify" = no && test -n "$PKG_CONFIG"], [
      ax_bpf_v=`$PKG_CONFIG --variable=bpf_vm_verify bpfbuild 2>/dev/null`
      AS_IF([test -n "$ax_bpf_v" && test -f "$ax_bpf_v" && test -x "$ax_bpf_v"], [ax_cv_bpf_vm_verify=$ax_bpf_v])])
    # The VM tools bpfbuildize copied beside the engine (the Meson module
    # finds the subproject's own there too).
    AS_IF([test "$ax_cv_bpf_vm_verify" = no && test "$ax_cv_bpf_dir" != no &&
           test -f "$ax_cv_bpf_dir/bpf-vm/bpf-vm-verify" && test -x "$ax_cv_bpf_dir/bpf-vm/bpf-vm-verify"],
      [ax_cv_bpf_vm_verify=$ax_cv_bpf_dir/bpf-vm/bpf-vm-verify])
  ])
])
AS_IF([test "$ax_cv_bpf_vm_verify" = no], [BPF_VM_VERIFY=], [BPF_VM_VERIFY=$ax_cv_bpf_vm_verify])
AC_MSG_CHECKING([for the kernels of the VM verifier test])
AS_IF([test -n "$BPF_VALIDATE_KERNELS"], [AC_MSG_RESULT([$BPF_VALIDATE_KERNELS])], [AC_MSG_RESULT([none])])
AS_IF([test -n "$BPF_VALIDATE_KERNELS" && test -z "$BPF_VM_VERIFY"],
  [AC_MSG_ERROR([$ax_bpf_kernels_from needs bpf-vm-verify, found neither on PATH nor through pkg-config bpfbuild: install the bpfbuild toolkit or set BPF_VM_VERIFY=PATH])])
AS_CASE([$BPF_VALIDATE],
  [*/bpfbuild-validate-skip], [],
  [*/bpfbuild-validate-fallback], [
    AS_IF([test -n "$BPF_VALIDATE_KERNELS"],
      [AC_MSG_ERROR([$ax_bpf_kernels_from needs bpf-validate from the bpfbuild toolkit ("bpftool prog loadall" cannot run in the VMs)${ax_bpf_validate_why:+; $ax_bpf_validate_why}: install it or set BPF_VALIDATE=PATH])])
    ax_bpf_validate_summary="$ax_bpf_validate_summary, no VM kernels (--with-bpf-validate-kernels)"],
  [?*], [AS_IF([test -n "$BPF_VALIDATE_KERNELS"],
    [ax_bpf_validate_summary="$ax_bpf_validate_summary, then every object in VMs: $BPF_VALIDATE_KERNELS"],
    [ax_bpf_validate_summary="$ax_bpf_validate_summary, no VM kernels (--with-bpf-validate-kernels)"])])
AC_SUBST([BPF_VALIDATE_KERNELS])
# bpfbuild.am has it as BPF_VALIDATE_KERNELS_CONFIGURED: a Makefile
# definition would hide the environment's BPF_VALIDATE_KERNELS from "make
# check", which lets it replace the configured kernels.
m4_ifdef([AM_SUBST_NOTMAKE], [AM_SUBST_NOTMAKE([BPF_VALIDATE_KERNELS])])
AC_SUBST([BPF_VM_VERIFY])
# bpfbuild.am's functional tests in the VMs, NAME-vm-KERNEL.test: a GNU
# make expression, substituted because Automake cannot parse it in TESTS.
# None in a cross build: its loaders are not for the VMs' CPU.
AS_CASE([$BPF_VALIDATE],
  [*/bpfbuild-validate-skip], [BPF_VM_TESTS=],
  [BPF_VM_TESTS='$(foreach l,$(BPF_VM_LOADERS),$(foreach k,$(BPF_VM_KERNELS),$(l)-vm-$(notdir $(k)).test))'])
AC_SUBST([BPF_VM_TESTS])
])
