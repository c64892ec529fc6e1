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
#   for "make check" (AX_PROG_BPF_VALIDATE, with its QEMU VMs for what the
#   host kernel cannot verify: --with-bpf-validate-kernels=K[,K...]).
#
#     --enable-bpf=auto  (default) build BPF programs when a usable BPF
#                        compiler and bpftool are found; otherwise say why
#                        and build none
#     --enable-bpf=yes   a configure error, naming the cause, when BPF
#                        programs cannot be built
#     --enable-bpf=no    no BPF checks, no BPF programs
#
#     --disable-bpf-pch  never precompile vmlinux.h (as the Meson module's
#                        bpf-pch=false).  By default bpfbuild-probe checks,
#                        with /sys/kernel/btf/vmlinux, that the compiler's
#                        objects stay byte-identical with a precompiled
#                        vmlinux.h, and only then is it used, once per build
#                        (BPF_PCH_FILE, the Automake conditional BPF_PCH)
#
#     --enable-bpf-compare
#                        also probe the other kind of compiler (gcc-bpf when
#                        clang was chosen, and the reverse) with the same
#                        bpfbuild-probe, for "make bpf-compare" (bpfbuild.am):
#                        every program built by both, verified by both, one
#                        row per program.  Substitutes BPF_KIND,
#                        BPF_COMPARE_KIND, BPF_COMPARE_CC, BPF_COMPARE_FLAGS,
#                        BPF_COMPARE_LINK and BPF_COMPARE_LACKING (the
#                        programs the other compiler cannot build); writes
#                        bpf-compare.why ("NAME|WHY-NOT-1|WHY-NOT-2" per
#                        AX_BPF_PROGRAM).  Cache variables
#                        ax_cv_bpf_compare_*.  No usable second compiler is
#                        a warning, and "make bpf-compare" says why.
#
#   Automake conditionals: HAVE_BPF, BPF_PCH, BPF_COMPARE, and one per capability: BPF_CORE,
#   BPF_ATOMICS, BPF_CORE_FIELD_EXISTS, BPF_MCPU_V4, BPF_BTF, BPF_LINK,
#   BPF_SKELETON, BPF_HELPERS (each also needs HAVE_BPF), BPF_VMLINUX and
#   BPF_VMLINUX_GENERATED.  Use AX_BPF_PROGRAM(NAME, NEEDS) for one
#   conditional per program, with the reason printed when it is skipped.
#
#   For bpfbuild.am it substitutes BPF_BUILT_OBJECTS (the objects of
#   BPF_OBJECTS this configuration builds: none with BPF disabled, none of
#   BPF_PROGRAMS_SKIPPED), BPF_NOT_BUILT_WHY, BPF_NOT_BUILT_NOTE,
#   BPF_DIST_SOURCES (the sources of BPF_OBJECTS, for EXTRA_DIST),
#   BPFBUILD_DIST and BPFBUILD_DIST_DIR (the vendored build-aux/bpfbuild
#   that bpfbuildize made, distributed even with BPF disabled).
#
#   At the end of configure it prints the table the Meson module prints in
#   its summary: compiler, bpftool, flags, link, vmlinux.h, validation
#   (the validator, and the VM kernels or that there are none), the
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

#serial 8

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
BPF_PROGRAMS_SKIPPED=
AS_IF([test "$enable_bpf" = yes], [ax_bpf_required=yes], [ax_bpf_required=no])
AC_ARG_ENABLE([bpf-pch],
  [AS_HELP_STRING([--disable-bpf-pch],
    [never precompile vmlinux.h (by default it is, once per build, where a probe on /sys/kernel/btf/vmlinux shows byte-identical objects)])],
  [], [enable_bpf_pch=yes])
AS_CASE([$enable_bpf_pch],
  [yes|no], [],
  [AC_MSG_ERROR([--enable-bpf-pch=$enable_bpf_pch is not one of yes, no])])
# The PCH probe of bpfbuild-probe (AX_PROG_BPF_CC) runs unless turned off.
ax_bpf_pch_btf=
AS_IF([test "$enable_bpf_pch" = yes && test -e /sys/kernel/btf/vmlinux], [ax_bpf_pch_btf=/sys/kernel/btf/vmlinux])
AS_IF([test "$enable_bpf" = no], [ax_bpf_why="disabled by --enable-bpf=no"], [
  AX_BPFBUILD_DIR([], [:])
  AX_PROG_BPFTOOL([], [:])
  AX_PROG_BPF_CC([ax_bpf_enabled=yes], [
    ax_bpf_why=$ax_cv_bpf_why
    AC_MSG_WARN([BPF programs disabled (--enable-bpf=auto): $ax_bpf_why])])
  AX_PROG_BPF_VALIDATE
])
AX_BPF_VMLINUX_H
_AX_BPF_ENGINE
# Whether vmlinux.h is precompiled: the engine's verdict (bpfbuild-pch-use).
BPF_PCH_FILE=
AS_IF([test "$ax_bpf_enabled" = yes], [
  AS_CASE([`ax_bpf_engine bpfbuild-pch-use`], [*use_pch=yes*], [BPF_PCH_FILE='$(top_builddir)/vmlinux.h.pch'])])
AC_SUBST([BPF_PCH_FILE])
_AX_BPF_COMPARE
m4_ifdef([AM_CONDITIONAL], [dnl
AM_CONDITIONAL([BPF_COMPARE], [test "$ax_bpf_compare" = yes])
AM_CONDITIONAL([HAVE_BPF], [test "$ax_bpf_enabled" = yes])
AM_CONDITIONAL([BPF_PCH], [test -n "$BPF_PCH_FILE"])
AM_CONDITIONAL([BPF_CORE], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_core" = yes])
AM_CONDITIONAL([BPF_ATOMICS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_atomics" = yes])
AM_CONDITIONAL([BPF_CORE_FIELD_EXISTS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_core_field_exists" = yes])
AM_CONDITIONAL([BPF_MCPU_V4], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_mcpu_v4" = yes])
AM_CONDITIONAL([BPF_BTF], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_btf" = yes])
AM_CONDITIONAL([BPF_LINK], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_link" = yes])
AM_CONDITIONAL([BPF_BTF_SORT], [test "$ax_bpf_enabled" = yes && test "$BPF_BTF_SORT" = yes])
AM_CONDITIONAL([BPF_VALIDATE_BUILD], [test "$ax_bpf_enabled" = yes && test "$ax_bpf_validate_build" = yes])
AM_CONDITIONAL([BPF_SKELETON], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_skeleton" = yes])
AM_CONDITIONAL([BPF_HELPERS], [test "$ax_bpf_enabled" = yes && test "$ax_cv_bpf_cap_helpers" = yes])
])dnl
AC_SUBST([BPF_VALIDATE])
AC_SUBST([BPFBUILD_CC])
_AX_BPF_AUTOMAKE
# bpf-flags.stamp changes only when the BPF compile would: bpfbuild.am makes
# every object depend on it, so a reconfigure with another compiler rebuilds.
# The flags hold make references ($(abs_top_builddir)): config.status gets
# them single-quoted, so that its shell never expands or runs a word of them.
ax_bpf_stamp="$BPF_CC $BPF_FLAGS $BPF_VMLINUX_CFLAGS $BPF_CFLAGS $BPF_LINK $BPF_PREFIX_MAP_ARGS $BPF_PCH_FILE btf-sort=$BPF_BTF_SORT"
ax_bpf_stamp=`AS_ECHO(["$ax_bpf_stamp"]) | sed "s/'/'\"'\"'/g"`
AC_CONFIG_COMMANDS([bpf-flags.stamp],
  [printf '%s\n' "$ax_bpf_stamp" >bpf-flags.stamp.tmp
   if cmp -s bpf-flags.stamp.tmp bpf-flags.stamp; then
     rm -f bpf-flags.stamp.tmp
   else
     mv -f bpf-flags.stamp.tmp bpf-flags.stamp
   fi],
  [ax_bpf_stamp='$ax_bpf_stamp'])
AC_CONFIG_COMMANDS_POST([_AX_BPF_SUMMARY])
])

# _AX_BPF_COMPARE: --enable-bpf-compare probes the other kind of compiler
# with bpfbuild-probe, as the Meson module does for bpf-compare-compilers.
AC_DEFUN([_AX_BPF_COMPARE], [dnl
AC_ARG_ENABLE([bpf-compare],
  [AS_HELP_STRING([--enable-bpf-compare],
    [also build every BPF program with the other kind of compiler (gcc-bpf vs clang) for "make bpf-compare" @<:@default=no@:>@])],
  [], [enable_bpf_compare=no])
# Quoted: "a b" or "" must not read as yes.
AS_CASE([$enable_bpf_compare],
  [yes|no], [],
  [AC_MSG_ERROR([--enable-bpf-compare='$enable_bpf_compare' is not one of yes, no])])
ax_bpf_compare=no
ax_bpf_compare_why="not asked for (--enable-bpf-compare)"
ax_bpf_compare_list=
BPF_KIND=$ax_cv_bpf_cc_kind
BPF_CC_VERSION=$ax_cv_bpf_cc_version
BPF_COMPARE_KIND= BPF_COMPARE_CC= BPF_COMPARE_FLAGS= BPF_COMPARE_LINK= BPF_COMPARE_LACKING=
AS_IF([test "$ax_bpf_enabled" = yes && test "$enable_bpf_compare" != no], [
  AS_IF([test "$ax_cv_bpf_cc_kind" = clang], [BPF_COMPARE_KIND=gcc], [BPF_COMPARE_KIND=clang])
  # The same inputs as the main probe, and the other kind.
  ax_bpf_key="$ax_cv_bpf_probe_key other=$BPF_COMPARE_KIND"
  AS_IF([test "$ax_cv_bpf_compare_key" != "$ax_bpf_key"], [
    for ax_bpf_v in $ax_cv_bpf_compare_caps; do
      unset ax_cv_bpf_compare_cap_$ax_bpf_v ax_cv_bpf_compare_why_$ax_bpf_v
    done
    for ax_bpf_v in status why error cc cc_kind cc_version link flags caps; do
      unset ax_cv_bpf_compare_$ax_bpf_v
    done])
  ax_cv_bpf_compare_key=$ax_bpf_key
  AC_MSG_CHECKING([for a $BPF_COMPARE_KIND BPF compiler to compare with])
  AC_CACHE_VAL([ax_cv_bpf_compare_status], [
    set -- --compiler $BPF_COMPARE_KIND --min-kernel "$with_bpf_min_kernel" --arch "$host_cpu" \
      --libbpf-includedir "$ax_cv_bpf_libbpf_includedir"
    set -f
    for ax_bpf_v in $CFLAGS; do set -- "$[]@" --host-cflag "$ax_bpf_v"; done
    set +f
    ax_bpf_out=`BPF_CC= BPFTOOL="$ax_cv_bpf_bpftool" BPF_CFLAGS= \
      "$ax_cv_bpf_dir/bpfbuild-probe" "$[]@" 2>&AS_MESSAGE_LOG_FD`
    AS_ECHO(["$ax_bpf_out"]) | sed 's/^/bpfbuild-probe (compare): /' >&AS_MESSAGE_LOG_FD
    ax_cv_bpf_compare_status=unusable
    while IFS= read -r ax_bpf_line; do
      ax_bpf_k=${ax_bpf_line%%=*}
      ax_bpf_val=${ax_bpf_line@%:@*=}
      AS_CASE([$ax_bpf_k],
        [''|*[[!a-zA-Z0-9_]]*|candidate|note], [],
        [flag|user_flag], [ax_cv_bpf_compare_flags="${ax_cv_bpf_compare_flags:+$ax_cv_bpf_compare_flags }$ax_bpf_val"],
        [cap_*], [ax_cv_bpf_compare_caps="${ax_cv_bpf_compare_caps:+$ax_cv_bpf_compare_caps }${ax_bpf_k@%:@cap_}"
                  eval "ax_cv_bpf_compare_$ax_bpf_k=\$ax_bpf_val"],
        [eval "ax_cv_bpf_compare_$ax_bpf_k=\$ax_bpf_val"])
    done <<_AX_BPF_EOF
$ax_bpf_out
_AX_BPF_EOF
    AS_IF([test "$ax_cv_bpf_compare_status" != ok && test -z "$ax_cv_bpf_compare_why"],
      [ax_cv_bpf_compare_why=${ax_cv_bpf_compare_error:-"bpfbuild-probe found no usable $BPF_COMPARE_KIND; see config.log"}])
  ])
  AS_IF([test "$ax_cv_bpf_compare_status" = ok], [
    AC_MSG_RESULT([$ax_cv_bpf_compare_cc ($ax_cv_bpf_compare_cc_kind $ax_cv_bpf_compare_cc_version)])
    ax_bpf_compare=yes
    ax_bpf_compare_why=
    BPF_COMPARE_CC=$ax_cv_bpf_compare_cc
    BPF_COMPARE_FLAGS=$ax_cv_bpf_compare_flags
    BPF_COMPARE_LINK=$ax_cv_bpf_compare_link
  ], [
    AC_MSG_RESULT([no ($ax_cv_bpf_compare_why)])
    ax_bpf_compare_why="no usable $BPF_COMPARE_KIND: $ax_cv_bpf_compare_why"
    AC_MSG_WARN([bpf-compare: $ax_bpf_compare_why])])
], [test "$enable_bpf_compare" != no], [ax_bpf_compare_why="BPF disabled"])
AC_SUBST([BPF_KIND])
AC_SUBST([BPF_CC_VERSION])
AC_SUBST([BPF_COMPARE_KIND])
AC_SUBST([BPF_COMPARE_CC])
AC_SUBST([BPF_COMPARE_FLAGS])
AC_SUBST([BPF_COMPARE_LINK])
AC_SUBST([BPF_COMPARE_LACKING])
])

# _AX_BPF_ENGINE: ax_bpf_engine SCRIPT FACT...: the engine's SCRIPT
# (bpfbuild-pch-use, bpfbuild-summary) given the probe's answer, as
# config.cache keeps it, and configure's own FACTs ("key=value").
AC_DEFUN([_AX_BPF_ENGINE], [dnl
ax_bpf_engine ()
{
  ax_bpf_script=$[]1
  shift
  AS_IF([test "$ax_bpf_enabled" = yes], [set -- "$[]@" status=ok], [set -- "$[]@" status=unusable])
  AS_IF([test "$ax_bpf_vmlinux" = no], [set -- "$[]@" vmlinux=none], [set -- "$[]@" "vmlinux=$ax_bpf_vmlinux"])
  set -- "$[]@" "vmlinux_from=${ax_cv_bpf_vmlinux_from-none}"
  test "$enable_bpf_pch" != no || set -- "$[]@" pch_off=--disable-bpf-pch
  # Where the project's BPF sources lie: the PCH only where it pays.
  set -- "$[]@" "sources=$srcdir"
  set -- "$[]@" "why=$ax_bpf_why" "cc_cmd=$BPF_CC" "cc_kind=$ax_cv_bpf_cc_kind" "cc_version=$ax_cv_bpf_cc_version" \
    "bpftool=$ax_cv_bpf_bpftool" "bpftool_version=$ax_cv_bpf_bpftool_version" "link=$ax_cv_bpf_link" \
    "reproducible=$ax_cv_bpf_reproducible" "pch=$ax_cv_bpf_pch"
  for ax_bpf_v in $ax_cv_bpf_caps; do
    AS_VAR_COPY([ax_bpf_a], [ax_cv_bpf_cap_$ax_bpf_v])
    AS_VAR_COPY([ax_bpf_b], [ax_cv_bpf_why_$ax_bpf_v])
    set -- "$[]@" "cap_$ax_bpf_v=$ax_bpf_a" "why_$ax_bpf_v=$ax_bpf_b"
  done
  for ax_bpf_v in $ax_cv_bpf_decisions; do
    AS_VAR_COPY([ax_bpf_a], [ax_cv_bpf_decision_$ax_bpf_v])
    AS_VAR_COPY([ax_bpf_b], [ax_cv_bpf_decision_row_$ax_bpf_v])
    set -- "$[]@" "decision=$ax_bpf_a" "decision_row=$ax_bpf_b"
  done
  # The compilers tried and the notes, kept "|"-separated in config.cache.
  ax_bpf_save_IFS=$IFS
  IFS='|'
  set -f
  for ax_bpf_v in $ax_cv_bpf_candidates; do set -- "$[]@" "candidate=$ax_bpf_v"; done
  for ax_bpf_v in $ax_cv_bpf_notes; do set -- "$[]@" "note=$ax_bpf_v"; done
  set +f
  IFS=$ax_bpf_save_IFS
  "$ax_cv_bpf_dir/$ax_bpf_script" "$[]@"
}
])

# _AX_BPF_SUMMARY: the table, on stdout and in config.log: the engine's
# rows (bpfbuild-summary), then the programs.
AC_DEFUN([_AX_BPF_SUMMARY], [dnl
ax_bpf_row ()
{
  AS_IF([test -n "$[]1"], [printf '    %-17s: %s\n' "$[]1" "$[]2"],
    [printf '    %-17s  %s\n' "" "$[]2"])
}
ax_bpf_summary ()
{
  AS_IF([test "${ax_cv_bpf_dir:-no}" = no], [
    # No engine to ask (--enable-bpf=no, or none found).
    echo
    echo "  BPF"
    ax_bpf_row enabled "no: $ax_bpf_why"
  ], [
    # In the compile's order (bpfbuild.am's BPF_COMPILE_FLAGS).
    ax_bpf_flags="$BPF_FLAGS${ax_bpf_vmlinux_cflags:+ $ax_bpf_vmlinux_cflags}${BPF_CFLAGS:+ $BPF_CFLAGS}"
    set -- "flags=$ax_bpf_flags" "validation=$ax_bpf_validate_summary"
    AS_IF([test "$ax_bpf_compare" = yes],
      [set -- "$[]@" "compare=$ax_cv_bpf_compare_cc ($ax_cv_bpf_compare_cc_kind $ax_cv_bpf_compare_cc_version): make bpf-compare"],
      [test "$enable_bpf_compare" != no], [set -- "$[]@" "compare=no: $ax_bpf_compare_why"])
    test -z "$BPF_CFLAGS" || set -- "$[]@" "given_flags=$BPF_CFLAGS" given_by=BPF_CFLAGS
    ax_bpf_engine bpfbuild-summary "$[]@" | while IFS= read -r ax_bpf_line; do
      AS_ECHO(["bpfbuild-summary: $ax_bpf_line"]) >&AS_MESSAGE_LOG_FD
      AS_CASE([$ax_bpf_line],
        [section=*], [echo; echo "  ${ax_bpf_line@%:@section=}"],
        [row=*], [ax_bpf_n=${ax_bpf_line@%:@row=}],
        [ax_bpf_row "$ax_bpf_n" "${ax_bpf_line@%:@value=}"
         ax_bpf_n=])
    done
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
# Why a compiler did not build a program, for "make bpf-compare".
AS_IF([test "$ax_bpf_compare" = yes], [AS_ECHO(["$ax_bpf_compare_list"]) | sed '/^$/d' >bpf-compare.why])
ax_bpf_table=`ax_bpf_summary`
AS_ECHO(["$ax_bpf_table"]) >&AS_MESSAGE_LOG_FD
test "$silent" = yes || AS_ECHO(["$ax_bpf_table"])
])

# _AX_BPF_AUTOMAKE: what bpfbuild.am builds and distributes.  GNU make
# expressions, substituted because Automake cannot read $(foreach).
AC_DEFUN([_AX_BPF_AUTOMAKE], [dnl
AS_IF([test "$ax_bpf_enabled" = yes], [
  BPF_BUILT_OBJECTS='$(foreach o,$(BPF_OBJECTS),$(if $(filter $(call bpf_name,$(o)),$(BPF_PROGRAMS_SKIPPED)),,$(o)))'
  ax_bpf_v="the BPF compiler lacks what they need (configure said what)"
], [
  BPF_BUILT_OBJECTS=
  ax_bpf_v="BPF disabled: $ax_bpf_why"
])
# Words only: it goes into a Makefile and a shell's double quotes.
BPF_NOT_BUILT_WHY=`AS_ECHO(["$ax_bpf_v"]) | sed 's/[[^-a-zA-Z0-9 _.,:;()=+/]]/ /g'`
BPF_NOT_BUILT_NOTE='$(if $(BPF_NOT_BUILT),bpf-not-built)'
BPF_DIST_SOURCES='$(foreach s,$(BPF_OBJECTS:.bpf.o=.bpf.c),$(if $(wildcard $(srcdir)/$(s)),$(s)))'
# The vendored scripts (bpfbuildize), even when BPF is disabled here.
AS_IF([test -f "$srcdir/build-aux/bpfbuild/bpfbuild-probe"],
  [BPFBUILD_DIST_DIR=build-aux/bpfbuild BPFBUILD_DIST='$(top_srcdir)/build-aux/bpfbuild'],
  [BPFBUILD_DIST_DIR= BPFBUILD_DIST=])
AC_SUBST([BPF_BUILT_OBJECTS])
AC_SUBST([BPF_PROGRAMS_SKIPPED])
AC_SUBST([BPF_NOT_BUILT_WHY])
AC_SUBST([BPF_NOT_BUILT_NOTE])
AC_SUBST([BPF_DIST_SOURCES])
AC_SUBST([BPFBUILD_DIST_DIR])
AC_SUBST([BPFBUILD_DIST])
])
