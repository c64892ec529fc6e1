# ===========================================================================
#        bpfbuild: autoconf-macros/ax_bpfbuild_dir.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_BPFBUILD_DIR([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# DESCRIPTION
#
#   Finds bpfbuild's helper directory: the directory that holds
#   bpfbuild-probe, bpfbuild-cc and probes/ (the engine).  The other
#   AX_*BPF* macros run those scripts, so that autoconf and Meson share one
#   compiler search, one flag table and one compile command.  Looks, in
#   this order, at:
#
#     1. the precious variable BPFBUILD_DIR;
#     2. a vendored copy in $srcdir/build-aux/bpfbuild (put there by
#        bpfbuildize);
#     3. the installed toolkit: `pkg-config --variable=enginedir bpfbuild`.
#
#   Sets and substitutes BPFBUILD_DIR (absolute) and BPFBUILD_CC (the
#   compile wrapper).  The result is cached in ax_cv_bpf_dir.  A
#   BPFBUILD_DIR that does not hold the scripts is a configure error.  When
#   nothing is found, runs ACTION-IF-NOT-FOUND (default: a configure error)
#   with ax_bpf_dir_why set to the reason.
#
# LICENSE
#
#   Copyright (c) 2025 The bpfbuild authors
#
#   Copying and distribution of this file, with or without modification, are
#   permitted in any medium without royalty provided the copyright notice
#   and this notice are preserved.  This file is offered as-is, without any
#   warranty.

#serial 3

# _AX_BPF_PKG_CONFIG: AC_REQUIRE PKG_PROG_PKG_CONFIG.  Without pkg.m4,
# autoconf would only warn, and configure run "PKG_PROG_PKG_CONFIG" as a
# command: stop autoreconf instead, with the fix.
AC_DEFUN([_AX_BPF_PKG_CONFIG], [dnl
m4_ifndef([PKG_PROG_PKG_CONFIG],
  [m4_fatal([bpfbuild: PKG_PROG_PKG_CONFIG is not defined: aclocal found no pkg.m4; install pkg-config (Debian: pkgconf or pkg-config) or put its pkg.m4 into the macro directory, then run autoreconf again])])dnl
AC_REQUIRE([PKG_PROG_PKG_CONFIG])dnl
])

# _AX_BPF_GIVEN_PROG(VAR, CACHE-VAR, FIX): the program the user named in
# the precious VAR (a path, or a name looked up on PATH) goes into
# CACHE-VAR; else one configure error naming VAR, its value and FIX (a
# directory is said to be one: "does not exist" would send the user
# looking for a path that is there).
AC_DEFUN([_AX_BPF_GIVEN_PROG], [dnl
AS_CASE([$$1],
  [*/*], [AS_IF([test -f "$$1" && test -x "$$1"], [$2=$$1])],
  [_AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/$$1" && test -x "$as_dir/$$1"],
    [$2=${as_dir%/}/$$1; break])])])
AS_IF([test "$$2" = no], [AC_MSG_RESULT([error])
  AS_CASE([$$1], [*/*], [AS_IF([test -d "$$1"],
    [AC_MSG_ERROR([$1=$$1 is a directory, not a program; $3])])])
  AC_MSG_ERROR([$1=$$1 does not exist; $3])])
])

# _AX_BPF_ONE_LINE(VAR): one configure error when the precious VAR holds a
# newline or another control character (a tab is a blank): config.status
# writes VAR into the Makefile, where a newline ends it (the rest is
# dropped, or read as a line of the Makefile), and the Meson module
# refuses the same.
AC_DEFUN([_AX_BPF_ONE_LINE], [dnl
AS_CASE([`printf '%s.' "$$1" | tr -d '\011'`], [*[[[:cntrl:]]]*],
  [AC_MSG_ERROR([$1 holds a newline or another control character, which would cut it short; set it on one line, its words separated by blanks])])
])

AC_DEFUN([AX_BPFBUILD_DIR], [dnl
AC_ARG_VAR([BPFBUILD_DIR], [bpfbuild helper directory (the engine: holds bpfbuild-probe); default: build-aux/bpfbuild, then pkg-config bpfbuild])
_AX_BPF_PKG_CONFIG
AC_CACHE_CHECK([for the bpfbuild helper scripts], [ax_cv_bpf_dir], [dnl
  ax_cv_bpf_dir=no
  AS_IF([test -n "$BPFBUILD_DIR"], [
    AS_IF([test -f "$BPFBUILD_DIR/bpfbuild-probe"], [ax_cv_bpf_dir=$BPFBUILD_DIR],
      [AC_MSG_RESULT([error])
       AC_MSG_ERROR([BPFBUILD_DIR=$BPFBUILD_DIR has no bpfbuild-probe; point it at bpfbuild's engine directory or unset it])])
  ], [test -f "$srcdir/build-aux/bpfbuild/bpfbuild-probe"], [
    ax_cv_bpf_dir=$srcdir/build-aux/bpfbuild
  ], [test -n "$PKG_CONFIG"], [
    ax_bpf_d=`$PKG_CONFIG --variable=enginedir bpfbuild 2>/dev/null`
    AS_IF([test -n "$ax_bpf_d" && test -f "$ax_bpf_d/bpfbuild-probe"], [ax_cv_bpf_dir=$ax_bpf_d])
  ])
  AS_IF([test "$ax_cv_bpf_dir" != no], [ax_cv_bpf_dir=`cd "$ax_cv_bpf_dir" && pwd`])
])
AS_IF([test "$ax_cv_bpf_dir" != no], [
  BPFBUILD_DIR=$ax_cv_bpf_dir
  BPFBUILD_CC=$ax_cv_bpf_dir/bpfbuild-cc
  $1
], [
  BPFBUILD_CC=
  ax_bpf_dir_why="bpfbuild helper scripts not found (BPFBUILD_DIR, build-aux/bpfbuild, pkg-config bpfbuild); install bpfbuild or set BPFBUILD_DIR"
  m4_default([$2], [AC_MSG_ERROR([$ax_bpf_dir_why])])
])
AC_SUBST([BPFBUILD_CC])
])
