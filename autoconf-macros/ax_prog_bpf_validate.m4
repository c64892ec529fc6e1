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
#   bpfbuild.pc (the installed toolkit), and falls back to bpfbuild's
#   scripts/bpfbuild-validate-fallback ("bpftool prog loadall").
#
#   In a cross build for another CPU, BPF_VALIDATE is bpfbuild's
#   scripts/bpfbuild-validate-skip (the running kernel is not the
#   target's).  Sets and substitutes BPF_VALIDATE.  Cache variable: ax_cv_bpf_validate.
#
# LICENSE
#
#   Copyright (c) 2025 The bpfbuild authors
#
#   Copying and distribution of this file, with or without modification, are
#   permitted in any medium without royalty provided the copyright notice
#   and this notice are preserved.  This file is offered as-is, without any
#   warranty.

#serial 2

AC_DEFUN([AX_PROG_BPF_VALIDATE], [dnl
AC_ARG_VAR([BPF_VALIDATE], [program that loads each BPF object into the kernel verifier in "make check" (default: bpf-validate)])
AC_REQUIRE([PKG_PROG_PKG_CONFIG])dnl
AC_REQUIRE([AC_CANONICAL_HOST])dnl
AC_PROVIDE_IFELSE([AX_BPFBUILD_DIR], [], [AX_BPFBUILD_DIR([], [:])])
AC_CACHE_CHECK([for bpf-validate], [ax_cv_bpf_validate], [dnl
  ax_cv_bpf_validate=no
  AS_IF([test -n "$BPF_VALIDATE"], [
    AS_CASE([$BPF_VALIDATE],
      [*/*], [AS_IF([test -f "$BPF_VALIDATE" && test -x "$BPF_VALIDATE"], [ax_cv_bpf_validate=$BPF_VALIDATE])],
      [_AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/$BPF_VALIDATE" && test -x "$as_dir/$BPF_VALIDATE"],
        [ax_cv_bpf_validate=${as_dir%/}/$BPF_VALIDATE; break])])])
    AS_IF([test "$ax_cv_bpf_validate" = no], [AC_MSG_RESULT([error])
      AC_MSG_ERROR([BPF_VALIDATE=$BPF_VALIDATE does not exist; unset it or point it at bpf-validate])])
  ], [
    _AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/bpf-validate" && test -x "$as_dir/bpf-validate"],
      [ax_cv_bpf_validate=${as_dir%/}/bpf-validate; break])])
    AS_IF([test "$ax_cv_bpf_validate" = no && test -n "$PKG_CONFIG"], [
      ax_bpf_v=`$PKG_CONFIG --variable=bpf_validate bpfbuild 2>/dev/null`
      AS_IF([test -n "$ax_bpf_v" && test -f "$ax_bpf_v" && test -x "$ax_bpf_v"], [ax_cv_bpf_validate=$ax_bpf_v])])
    AS_IF([test "$ax_cv_bpf_validate" = no && test "$ax_cv_bpf_dir" != no &&
           test -f "$ax_cv_bpf_dir/scripts/bpfbuild-validate-fallback"],
      [ax_cv_bpf_validate=$ax_cv_bpf_dir/scripts/bpfbuild-validate-fallback])
  ])
])
AS_IF([test "$ax_cv_bpf_validate" = no], [BPF_VALIDATE=], [BPF_VALIDATE=$ax_cv_bpf_validate])
ax_bpf_validate_summary=${BPF_VALIDATE:-none}
# A cross build for another architecture: the running kernel is not the
# target's, and its verifier proves nothing (as in the Meson module).
# Decided from the CPUs: "cross_compiling" stays "maybe" when the project
# has no host C compiler, or "no" when a build-machine gcc stood in for it.
AS_IF([test -n "$host_cpu" && test "$ax_cv_bpf_dir" != no], [
  ax_bpf_host_cpu=`AS_ECHO(["$host_cpu"]) | sed 's/^i.86$/x86/; s/^amd64$/x86_64/'`
  ax_bpf_build_cpu=`AS_ECHO(["$build_cpu"]) | sed 's/^i.86$/x86/; s/^amd64$/x86_64/'`
  AS_IF([test "$ax_bpf_host_cpu" != "$ax_bpf_build_cpu"], [
    BPF_VALIDATE=$ax_cv_bpf_dir/scripts/bpfbuild-validate-skip
    ax_bpf_validate_summary="skipped: the target ($host_cpu) is not the running kernel's ($build_cpu)"])])
])
