# ===========================================================================
#        bpfbuild: autoconf-macros/ax_prog_bpftool.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_PROG_BPFTOOL([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# DESCRIPTION
#
#   Finds bpftool on PATH, then in /usr/sbin, /sbin and /usr/local/sbin
#   (distributions install it there, outside a user's PATH), the same
#   search as bpfbuild-probe.  The precious variable BPFTOOL overrides the
#   search; a BPFTOOL that does not exist or does not run is a configure
#   error.  Then checks that this bpftool runs ("bpftool version": Ubuntu's
#   wrapper fails there for other kernel flavours) and has the "gen object"
#   and "gen skeleton" commands.  Whether "gen object" links the objects of
#   the chosen compiler, and "gen skeleton" accepts them, is probed with
#   real objects by AX_PROG_BPF_CC (probes btf_link and skeleton).
#
#   Sets and substitutes BPFTOOL.  Cache variables: ax_cv_bpf_bpftool (path
#   or "no"), ax_cv_bpf_bpftool_gen ("yes" or the reason it is unusable).
#   ACTION-IF-NOT-FOUND runs with ax_bpf_bpftool_why set to the reason.
#
# LICENSE
#
#   Copyright (c) 2025 The bpfbuild authors
#
#   Copying and distribution of this file, with or without modification, are
#   permitted in any medium without royalty provided the copyright notice
#   and this notice are preserved.  This file is offered as-is, without any
#   warranty.

#serial 1

AC_DEFUN([AX_PROG_BPFTOOL], [dnl
AC_ARG_VAR([BPFTOOL], [bpftool program (default: search PATH, then /usr/sbin)])
AC_CACHE_CHECK([for bpftool], [ax_cv_bpf_bpftool], [dnl
  ax_cv_bpf_bpftool=no
  AS_IF([test -n "$BPFTOOL"], [
    AS_CASE([$BPFTOOL],
      [*/*], [AS_IF([test -f "$BPFTOOL" && test -x "$BPFTOOL"], [ax_cv_bpf_bpftool=$BPFTOOL])],
      [_AS_PATH_WALK([$PATH], [AS_IF([test -f "$as_dir/$BPFTOOL" && test -x "$as_dir/$BPFTOOL"],
        [ax_cv_bpf_bpftool=${as_dir%/}/$BPFTOOL; break])])])
    AS_IF([test "$ax_cv_bpf_bpftool" = no], [AC_MSG_RESULT([error])
      AC_MSG_ERROR([BPFTOOL=$BPFTOOL does not exist; unset it or point it at bpftool])])
  ], [
    _AS_PATH_WALK([$PATH$PATH_SEPARATOR/usr/sbin$PATH_SEPARATOR/sbin$PATH_SEPARATOR/usr/local/sbin],
      [AS_IF([test -f "$as_dir/bpftool" && test -x "$as_dir/bpftool"],
        [ax_cv_bpf_bpftool=${as_dir%/}/bpftool; break])])
  ])
])
AS_IF([test "$ax_cv_bpf_bpftool" != no], [
  AC_CACHE_CHECK([whether bpftool has gen object and gen skeleton], [ax_cv_bpf_bpftool_gen], [dnl
    AS_IF([ax_bpf_out=`"$ax_cv_bpf_bpftool" version 2>&1`], [
      ax_bpf_out=`"$ax_cv_bpf_bpftool" gen help 2>&1`
      AS_CASE([$ax_bpf_out],
        [*"gen object"*"gen skeleton"*], [ax_cv_bpf_bpftool_gen=yes],
        [ax_cv_bpf_bpftool_gen="no: 'bpftool gen help' lists no 'gen object' or 'gen skeleton'; install bpftool 5.13 or newer"])
    ], [
      ax_bpf_out=`AS_ECHO(["$ax_bpf_out"]) | sed 1q`
      ax_cv_bpf_bpftool_gen="no: 'bpftool version' fails ($ax_bpf_out); install a real bpftool (Debian: bpftool) or set BPFTOOL"
    ])
  ])
])
AS_IF([test "$ax_cv_bpf_bpftool" = no], [
  BPFTOOL=
  ax_bpf_bpftool_why="bpftool not found on PATH or in /usr/sbin; install bpftool (or set BPFTOOL)"
  $2
], [test "$ax_cv_bpf_bpftool_gen" != yes], [
  ax_bpf_bpftool_why="$ax_cv_bpf_bpftool: ${ax_cv_bpf_bpftool_gen@%:@no: }"
  AS_IF([test -n "$BPFTOOL"], [AC_MSG_ERROR([BPFTOOL=$ax_bpf_bpftool_why])])
  BPFTOOL=
  $2
], [
  BPFTOOL=$ax_cv_bpf_bpftool
  $1
])
])
