# ===========================================================================
#        bpfbuild: autoconf-macros/ax_bpf.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_BPF
#
# DESCRIPTION
#
#   Everything a project needs to build BPF programs with bpfbuild's
#   Automake rules (bpfbuild.am): the helper scripts (AX_BPFBUILD_DIR),
#   bpftool (AX_PROG_BPFTOOL), the BPF compiler, its probes and flags
#   (AX_PROG_BPF_CC), vmlinux.h (AX_BPF_VMLINUX_H) and the verifier check
#   for "make check" (AX_PROG_BPF_VALIDATE).
#
#     --enable-bpf=auto  (default) build BPF programs when a usable BPF
#                        compiler and bpftool are found; otherwise say why
#                        and build none
#     --enable-bpf=yes   a configure error, naming the cause, when BPF
#                        programs cannot be built
#     --enable-bpf=no    no BPF checks, no BPF programs
#
#     --disable-bpf-pch  do not precompile vmlinux.h (by default it is
#                        precompiled once per build when the compiler's
#                        objects are byte-identical with it; BPF_PCH_FILE)
#
#   Automake conditionals: HAVE_BPF, BPF_PCH, and one per capability: BPF_CORE,
#   BPF_ATOMICS, BPF_CORE_FIELD_EXISTS, BPF_MCPU_V4, BPF_BTF, BPF_LINK,
#   BPF_SKELETON, BPF_HELPERS (each also needs HAVE_BPF), BPF_VMLINUX and
#   BPF_VMLINUX_GENERATED.  Use AX_BPF_PROGRAM(NAME, NEEDS) for one
#   conditional per program, with the reason printed when it is skipped.
#
#   At the end of configure it prints the table the Meson module prints in
#   its summary: compiler, bpftool, flags, link, vmlinux.h, validation, the
#   result and reason of every probe, the compilers tried, and the BPF
#   programs.
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

AC_DEFUN([AX_BPF], [dnl
AC_ARG_ENABLE([bpf],
  [AS_HELP_STRING([--enable-bpf=auto|yes|no],
    [build BPF programs (auto: when a usable BPF compiler and bpftool are found) @<:@default=auto@:>@])],
  [], [enable_bpf=auto])
AS_CASE([$enable_bpf],
  [auto|yes|no], [],
  [AC_MSG_ERROR([--enable-bpf=$enable_bpf is not one of auto, yes, no])])
ax_bpf_enabled=no
ax_bpf_programs=
AS_IF([test "$enable_bpf" = yes], [ax_bpf_required=yes], [ax_bpf_required=no])
AS_IF([test "$enable_bpf" = no], [ax_bpf_why="disabled by --enable-bpf=no"], [
  AX_BPFBUILD_DIR([], [:])
  AX_PROG_BPFTOOL([], [:])
  AX_PROG_BPF_CC([ax_bpf_enabled=yes], [
    ax_bpf_why=$ax_cv_bpf_why
    AC_MSG_WARN([BPF programs disabled (--enable-bpf=auto): $ax_bpf_why])])
  AX_PROG_BPF_VALIDATE
])
AX_BPF_VMLINUX_H
AC_ARG_ENABLE([bpf-pch],
  [AS_HELP_STRING([--disable-bpf-pch],
    [do not precompile vmlinux.h (it is precompiled once per build when the compiler makes byte-identical objects with it)])],
  [], [enable_bpf_pch=yes])
BPF_PCH_FILE=
AS_IF([test "$ax_bpf_enabled" != yes], [ax_bpf_pch_summary="no (BPF disabled)"],
  [test "$enable_bpf_pch" = no], [ax_bpf_pch_summary="no (--disable-bpf-pch)"],
  [test "$ax_bpf_vmlinux" = no], [ax_bpf_pch_summary="no (no vmlinux.h)"],
  [test "$ax_cv_bpf_pch" != clang], [ax_bpf_pch_summary="no ($ax_cv_bpf_why_pch)"],
  [BPF_PCH_FILE='$(abs_top_builddir)/vmlinux.h.pch'
   ax_bpf_pch_summary="yes: `pwd`/vmlinux.h.pch"])
AC_SUBST([BPF_PCH_FILE])
m4_ifdef([AM_CONDITIONAL], [dnl
AM_CONDITIONAL([HAVE_BPF], [test "$ax_bpf_enabled" = yes])
AM_CONDITIONAL([BPF_PCH], [test -n "$BPF_PCH_FILE"])
AM_CONDITIONAL([BPF_CORE], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_core" = yes])
AM_CONDITIONAL([BPF_ATOMICS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_atomics" = yes])
AM_CONDITIONAL([BPF_CORE_FIELD_EXISTS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_core_field_exists" = yes])
AM_CONDITIONAL([BPF_MCPU_V4], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_mcpu_v4" = yes])
AM_CONDITIONAL([BPF_BTF], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_btf" = yes])
AM_CONDITIONAL([BPF_LINK], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_link" = yes])
AM_CONDITIONAL([BPF_SKELETON], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_skeleton" = yes])
AM_CONDITIONAL([BPF_HELPERS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_helpers" = yes])
])dnl
AC_SUBST([BPF_VALIDATE])
AC_SUBST([BPFBUILD_CC])
AC_CONFIG_COMMANDS_POST([_AX_BPF_SUMMARY])
])

# _AX_BPF_SUMMARY: the table, on stdout and in config.log.
AC_DEFUN([_AX_BPF_SUMMARY], [dnl
ax_bpf_row ()
{
  AS_IF([test -n "$[]1"], [printf '    %-17s: %s\n' "$[]1" "$[]2"],
    [printf '    %-17s  %s\n' "" "$[]2"])
}
# ax_bpf_rows NAME "a|b|c": one value per line, aligned as Meson does.
ax_bpf_rows ()
{
  ax_bpf_n=$[]1
  ax_bpf_save_IFS=$IFS; IFS='|'
  set -f
  for ax_bpf_item in $[]2; do
    IFS=$ax_bpf_save_IFS
    ax_bpf_row "$ax_bpf_n" "$ax_bpf_item"
    ax_bpf_n=
  done
  set +f
  IFS=$ax_bpf_save_IFS
}
ax_bpf_summary ()
{
  echo
  echo "  BPF"
  AS_IF([test "$ax_bpf_enabled" != yes], [
    ax_bpf_row enabled "no: $ax_bpf_why"
  ], [
    ax_bpf_flags="$BPF_FLAGS${BPF_CFLAGS:+ $BPF_CFLAGS}"
    test -z "$ax_bpf_vmlinux_cflags" || ax_bpf_flags="$ax_bpf_flags $ax_bpf_vmlinux_cflags"
    ax_bpf_row compiler "$ax_cv_bpf_cc ($ax_cv_bpf_cc_kind $ax_cv_bpf_cc_version)"
    ax_bpf_row bpftool "$ax_cv_bpf_bpftool ($ax_cv_bpf_bpftool_version)"
    ax_bpf_row flags "$ax_bpf_flags"
    AS_IF([test "$ax_cv_bpf_link" = yes], [ax_bpf_row link "bpftool gen object"],
      [ax_bpf_row link "none: objects go out unlinked (the linker rejects this compiler's BTF)"])
    ax_bpf_row vmlinux.h "$ax_bpf_vmlinux_summary"
    ax_bpf_row vmlinux.h.pch "$ax_bpf_pch_summary"
    ax_bpf_row validation "$ax_bpf_validate_summary"
    AS_IF([test "$ax_cv_bpf_cap_prefix_map" = yes],
      [ax_bpf_row reproducible 'yes: source and build dirs mapped to "."'],
      [ax_bpf_row reproducible "not guaranteed: $ax_cv_bpf_why_prefix_map"])
    echo
    echo "  BPF probes"
    for ax_bpf_cap in $ax_cv_bpf_caps; do
      AS_VAR_COPY([ax_bpf_v], [ax_cv_bpf_cap_$ax_bpf_cap])
      AS_VAR_COPY([ax_bpf_w], [ax_cv_bpf_why_$ax_bpf_cap])
      ax_bpf_row "$ax_bpf_cap" "$ax_bpf_v ($ax_bpf_w)"
    done
    echo
    echo "  BPF compiler choice"
    ax_bpf_rows tried "$ax_cv_bpf_candidates"
    ax_bpf_rows notes "${ax_cv_bpf_notes:-none}"
  ])
  AS_IF([test -n "$ax_bpf_programs"], [
    echo
    echo "  BPF programs"
    ax_bpf_save_IFS=$IFS; IFS='|'
    set -f
    set dummy $ax_bpf_programs
    set +f
    IFS=$ax_bpf_save_IFS
    shift
    while test $[]@%:@ -ge 2; do
      ax_bpf_row "$[]1" "$[]2"
      shift 2
    done
  ])
  echo
}
ax_bpf_table=`ax_bpf_summary`
AS_ECHO(["$ax_bpf_table"]) >&AS_MESSAGE_LOG_FD
test "$silent" = yes || AS_ECHO(["$ax_bpf_table"])
])
