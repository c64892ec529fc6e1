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
#   Finds bpftool and checks that it runs ("bpftool version": Ubuntu's
#   wrapper fails there for other kernel flavours) and has the "gen object"
#   and "gen skeleton" commands, by asking bpfbuild's engine
#   (bpfbuild-bpftool: the one search, bpfbuild-probe's too: BPFTOOL, then
#   PATH, then /usr/sbin, /sbin and /usr/local/sbin).  A BPFTOOL that does
#   not exist, or does not run, is a configure error.  Whether "gen object"
#   links the objects of the chosen compiler, and "gen skeleton" accepts
#   them, is probed with real objects by AX_PROG_BPF_CC (probes btf_link
#   and skeleton).  Requires AX_BPFBUILD_DIR (expanded here when not
#   expanded before).
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

#serial 2

AC_DEFUN([AX_PROG_BPFTOOL], [dnl
AC_ARG_VAR([BPFTOOL], [bpftool program (default: search PATH, then /usr/sbin)])
_AX_BPF_ONE_LINE([BPFTOOL])
AC_PROVIDE_IFELSE([AX_BPFBUILD_DIR], [], [AX_BPFBUILD_DIR([], [:])])
# The user's choice, which bpfbuild-probe gets too (BPFTOOL becomes the
# found one below).
ax_bpf_user_bpftool=$BPFTOOL
ax_bpf_bpftool_asked=no
# ax_bpf_bpftool_ask: the engine's answer, once, for both checks.
ax_bpf_bpftool_ask ()
{
  test "$ax_bpf_bpftool_asked" = yes && return 0
  ax_bpf_bpftool_asked=yes ax_bpf_bpftool_path=no ax_bpf_bpftool_gen="no: $ax_bpf_dir_why"
  test "$ax_cv_bpf_dir" != no || return 0
  ax_bpf_out=`BPFTOOL="$ax_bpf_user_bpftool" "$ax_cv_bpf_dir/bpfbuild-bpftool" 2>&AS_MESSAGE_LOG_FD`
  ax_bpf_rc=$?
  AS_ECHO(["$ax_bpf_out"]) | sed 's/^/bpfbuild-bpftool: /' >&AS_MESSAGE_LOG_FD
  AS_IF([test $ax_bpf_rc -ne 0], [
    ax_bpf_out=`AS_ECHO(["$ax_bpf_out"]) | sed -n 's/^error=//p'`
    AC_MSG_RESULT([error])
    AC_MSG_ERROR([$ax_bpf_out])])
  ax_bpf_bpftool_path=`AS_ECHO(["$ax_bpf_out"]) | sed -n 's/^bpftool=//p'`
  ax_bpf_bpftool_gen=`AS_ECHO(["$ax_bpf_out"]) | sed -n 's/^why=/no: /p'`
  : "${ax_bpf_bpftool_path:=no}" "${ax_bpf_bpftool_gen:=yes}"
}
AC_CACHE_CHECK([for bpftool], [ax_cv_bpf_bpftool],
  [ax_bpf_bpftool_ask; ax_cv_bpf_bpftool=$ax_bpf_bpftool_path])
AC_CACHE_CHECK([whether bpftool has gen object and gen skeleton], [ax_cv_bpf_bpftool_gen],
  [ax_bpf_bpftool_ask; ax_cv_bpf_bpftool_gen=$ax_bpf_bpftool_gen])
AS_IF([test "$ax_cv_bpf_bpftool" != no && test "$ax_cv_bpf_bpftool_gen" = yes], [
  BPFTOOL=$ax_cv_bpf_bpftool
  $1
], [
  BPFTOOL=
  ax_bpf_bpftool_why=${ax_cv_bpf_bpftool_gen@%:@no: }
  $2
])
])
