# ===========================================================================
#        bpfbuild: autoconf-macros/ax_bpf_vmlinux_h.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_BPF_VMLINUX_H
#
# DESCRIPTION
#
#   Chooses the vmlinux.h that CO-RE BPF programs include:
#
#     --with-vmlinux-h=auto       (default) the precious VMLINUX_H if set,
#                                 else the distribution's, else generated
#                                 when the build host has
#                                 /sys/kernel/btf/vmlinux, else none
#     --with-vmlinux-h=distribution  the distribution's own vmlinux.h
#                                 (Debian's linux-bpf-dev:
#                                 /usr/include/MULTIARCH/linux/bpf/), the
#                                 same on every build host (missing: an
#                                 error)
#     --with-vmlinux-h=generated  "bpftool btf dump" of the build host's
#                                 /sys/kernel/btf/vmlinux, written by a make
#                                 rule (bpfbuild.am) into the build dir
#     --with-vmlinux-h=PATH       that file (a missing file is an error)
#     --with-vmlinux-h=no         none: programs that need it are skipped
#
#   Substitutes BPF_VMLINUX_H (the header: a path, or
#   $(top_builddir)/vmlinux.h when generated, empty when none) and
#   BPF_VMLINUX_CFLAGS (the -I for its directory, shell-quoted, appended
#   after the other BPF flags, as the Meson module does).  A build
#   directory may hold blanks; a given vmlinux.h whose path holds a blank or
#   a shell-special character is a configure error.  Defines the Automake conditionals
#   BPF_VMLINUX and BPF_VMLINUX_GENERATED.  Sets ax_bpf_vmlinux_why to the
#   reason when there is none (the summary's row is the engine's:
#   bpfbuild-summary).
#
#   The choice among them is the engine's (bpfbuild-vmlinux-choose), as
#   for the Meson module.
#
#   Cache variable: ax_cv_bpf_vmlinux_h (an absolute path, "generated" or
#   "no"), with ax_cv_bpf_vmlinux_from (provided, distribution, generated
#   or none) and ax_cv_bpf_vmlinux_key (the inputs it was decided from).
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

# _AX_BPF_VMLINUX_CHECK(ARGS): true, with the line in ax_bpf_out, when
# the engine's bpfbuild-vmlinux-check ARGS finds the file wrong (and
# there is an engine to ask: without one BPF is off, the file unused).
AC_DEFUN([_AX_BPF_VMLINUX_CHECK],
  [{ test "${ax_cv_bpf_dir:-no}" != no && ! ax_bpf_out=`"$ax_cv_bpf_dir/bpfbuild-vmlinux-check" $1` &&
     ax_bpf_out=${ax_bpf_out@%:@error=}; }])

AC_DEFUN([AX_BPF_VMLINUX_H], [dnl
AC_ARG_VAR([VMLINUX_H], [vmlinux.h for CO-RE BPF programs (--with-vmlinux-h=auto prefers it)])
AC_ARG_WITH([vmlinux-h],
  [AS_HELP_STRING([--with-vmlinux-h=auto|distribution|generated|PATH|no],
    [vmlinux.h for CO-RE BPF programs: the distribution's (linux-bpf-dev), generated from /sys/kernel/btf/vmlinux, a given file, or none @<:@default=auto@:>@])],
  [], [with_vmlinux_h=auto])
AS_CASE([$with_vmlinux_h], [yes], [with_vmlinux_h=auto])
# Skipped under --enable-bpf=no (AX_BPF); the conditionals stay defined.
AS_IF([test "${enable_bpf:-auto}" != no], [
  ax_bpf_key="with=$with_vmlinux_h VMLINUX_H=$VMLINUX_H"
  AS_IF([test "${ax_cv_bpf_vmlinux_key+set}" = set && test "$ax_cv_bpf_vmlinux_key" != "$ax_bpf_key"],
    [unset ax_cv_bpf_vmlinux_h])
  ax_cv_bpf_vmlinux_key=$ax_bpf_key
  AC_CACHE_CHECK([for vmlinux.h], [ax_cv_bpf_vmlinux_h], [dnl
    # The file given (VMLINUX_H under auto, or the PATH), as the user spelled it.
    ax_bpf_given= ax_bpf_mode=$with_vmlinux_h ax_bpf_file=
    AS_CASE([$with_vmlinux_h],
      [auto], [AS_IF([test -n "$VMLINUX_H"], [ax_bpf_given="VMLINUX_H=$VMLINUX_H" ax_bpf_file=$VMLINUX_H])],
      [no|generated|distribution], [],
      [ax_bpf_mode=provided ax_bpf_given="--with-vmlinux-h=$with_vmlinux_h" ax_bpf_file=$with_vmlinux_h])
    # Which one: the engine's decision (bpfbuild-vmlinux-choose); without
    # an engine BPF is off and none is used.
    ax_cv_bpf_vmlinux_h=no ax_cv_bpf_vmlinux_from=none
    AS_IF([test "${ax_cv_bpf_dir:-no}" != no], [
      AS_IF([ax_bpf_out=`"$ax_cv_bpf_dir/bpfbuild-vmlinux-choose" "$ax_bpf_mode" "$ax_bpf_file" \
          "${ax_cv_bpf_multiarch-}" /sys/kernel/btf/vmlinux --with-vmlinux-h= --with-vmlinux-h=`], [],
        [AC_MSG_RESULT([error])
         AC_MSG_ERROR([`echo "$ax_bpf_out" | sed -n 's/^error=//p'`])])
      ax_cv_bpf_vmlinux_from=`echo "$ax_bpf_out" | sed -n 's/^choice=//p'`
      AS_CASE([$ax_cv_bpf_vmlinux_from],
        [generated], [ax_cv_bpf_vmlinux_h=generated],
        [distribution], [ax_cv_bpf_vmlinux_h=`echo "$ax_bpf_out" | sed -n 's/^path=//p'`
          ax_bpf_given="the distribution's $ax_cv_bpf_vmlinux_h"],
        [provided], [ax_cv_bpf_vmlinux_h=$ax_bpf_file])])
    AS_IF([test -n "$ax_bpf_given"], [
      AS_IF([test -d "$ax_cv_bpf_vmlinux_h"], [AC_MSG_RESULT([error])
        AC_MSG_ERROR([$ax_bpf_given is a directory; pass the vmlinux.h file itself (its path, not its directory's)])],
        [test ! -f "$ax_cv_bpf_vmlinux_h"], [AC_MSG_RESULT([error])
        AC_MSG_ERROR([$ax_bpf_given: no such file; pass the path of an existing vmlinux.h, or use --with-vmlinux-h=generated])],
        [_AX_BPF_VMLINUX_CHECK([header "$ax_cv_bpf_vmlinux_h" "$ax_bpf_given"])], [AC_MSG_RESULT([error])
        AC_MSG_ERROR([$ax_bpf_out])])
      # It becomes a make prerequisite and a compiler word: as Automake
      # does for srcdir, refuse what neither can hold.
      AS_CASE([$ax_cv_bpf_vmlinux_h],
        [*[[\\\"\#\$\&\'\`\ \	]]*], [AC_MSG_RESULT([error])
          AC_MSG_ERROR([$ax_bpf_given: a blank, a quote, a dollar sign, a hash, an ampersand or a backslash in the path cannot go into a Makefile; copy that vmlinux.h to a plain path])])
      ax_bpf_d=`AS_DIRNAME(["$ax_cv_bpf_vmlinux_h"])`
      ax_bpf_d=`cd "$ax_bpf_d" && pwd`
      ax_cv_bpf_vmlinux_h=$ax_bpf_d/`AS_BASENAME(["$ax_cv_bpf_vmlinux_h"])`])
  ])
  ax_bpf_vmlinux=$ax_cv_bpf_vmlinux_h
  # Readable, and BTF: else the build would fail later, once per program.
  AS_IF([test "$ax_bpf_vmlinux" = generated && _AX_BPF_VMLINUX_CHECK([btf /sys/kernel/btf/vmlinux --with-vmlinux-h=])],
    [AC_MSG_ERROR([$ax_bpf_out])])
], [ax_bpf_vmlinux=no])
AS_CASE([$ax_bpf_vmlinux],
  [no], [BPF_VMLINUX_H= BPF_VMLINUX_CFLAGS= ax_bpf_vmlinux_cflags=
    AS_IF([test "${enable_bpf:-auto}" = no], [ax_bpf_vmlinux_why="no vmlinux.h (BPF disabled)"],
      [test "$with_vmlinux_h" = no],
      [ax_bpf_vmlinux_why="no vmlinux.h (--with-vmlinux-h=no)"],
      [ax_bpf_vmlinux_why="no vmlinux.h (--with-vmlinux-h=$with_vmlinux_h: no VMLINUX_H, no linux-bpf-dev and no /sys/kernel/btf/vmlinux)"])],
  [generated], [BPF_VMLINUX_H='$(top_builddir)/vmlinux.h' BPF_VMLINUX_CFLAGS="-I'\$(abs_top_builddir)'"
    ax_bpf_vmlinux_cflags=-I`pwd`
    ax_bpf_vmlinux_why=],
  [BPF_VMLINUX_H=$ax_bpf_vmlinux
    BPF_VMLINUX_CFLAGS=-I`AS_DIRNAME(["$ax_bpf_vmlinux"])`
    ax_bpf_vmlinux_cflags=$BPF_VMLINUX_CFLAGS
    ax_bpf_vmlinux_why=])
AC_SUBST([BPF_VMLINUX_H])
AC_SUBST([BPF_VMLINUX_CFLAGS])
m4_ifdef([AM_CONDITIONAL], [dnl
AM_CONDITIONAL([BPF_VMLINUX], [test "$ax_bpf_vmlinux" != no])
AM_CONDITIONAL([BPF_VMLINUX_GENERATED], [test "$ax_bpf_vmlinux" = generated])
])dnl
])
