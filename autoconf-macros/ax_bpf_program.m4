# ===========================================================================
#        bpfbuild: autoconf-macros/ax_bpf_program.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_BPF_PROGRAM(NAME, [NEEDS])
#
# DESCRIPTION
#
#   Decides whether the BPF program NAME can be built: BPF is enabled
#   (AX_BPF) and each of NEEDS, a space-separated list of the needs
#   README.md documents (core, atomics, core_field_exists, mcpu_v4, ...,
#   vmlinux: engine/bpfbuild-needs), is available; any other name (a
#   typo) stops configure with the line the Meson module gives:
#
#     configure: error: bpfbuild: unknown need 'atomic'; the documented
#     ones: vmlinux, ...; did you mean 'atomics'?
#
#   Defines the Automake conditional BPF_PROGRAM_<NAME>
#   (upper case, "-" and "." as "_") and, when the program is skipped,
#   prints why, the way the Meson module does:
#
#     configure: skipping BPF program write_counter: core: ..., atomics: ...
#
#   The list of programs and their state ends up in AX_BPF's summary.  A
#   skipped NAME joins BPF_PROGRAMS_SKIPPED (as the conditional spells it,
#   "-" and "." as "_"), and bpfbuild.am then leaves dir/NAME.bpf.o of
#   BPF_OBJECTS unbuilt (and says so), so BPF_OBJECTS may list it without
#   the conditional: egress-bytes.bpf.o is AX_BPF_PROGRAM([egress_bytes])'s
#   object as well as AX_BPF_PROGRAM([egress-bytes])'s.
#   With --enable-bpf-compare, the needs are checked against the other
#   compiler too, for "make bpf-compare".
#
# LICENSE
#
#   Copyright (c) 2025 The bpfbuild authors
#
#   Copying and distribution of this file, with or without modification, are
#   permitted in any medium without royalty provided the copyright notice
#   and this notice are preserved.  This file is offered as-is, without any
#   warranty.

#serial 4

# _AX_BPF_CANON(NAME): NAME as programs are matched to their objects'
# files, whatever their "-" or "_" (bpfbuild.am's bpf_canon, the same).
AC_DEFUN([_AX_BPF_CANON], [m4_translit([[$1]], [-.], [__])])

AC_DEFUN([AX_BPF_PROGRAM], [dnl
AC_REQUIRE([AX_BPF])dnl
ax_bpf_lacking=
AS_IF([test "$ax_bpf_enabled" = yes], [
  for ax_bpf_need in $2; do
    # A need README.md does not document (a typo) stops configure, as in
    # the Meson module: the engine's one list, and its line.
    ax_bpf_w=`"$ax_cv_bpf_dir/bpfbuild-needs" --check "$ax_bpf_need"` || AC_MSG_ERROR([$ax_bpf_w])
    AS_IF([test "$ax_bpf_need" = vmlinux], [
      AS_IF([test "$ax_bpf_vmlinux" = no], [ax_bpf_w="vmlinux: $ax_bpf_vmlinux_why"], [ax_bpf_w=])
    ], [
      AS_VAR_SET_IF([ax_cv_bpf_cap_$ax_bpf_need], [AS_VAR_COPY([ax_bpf_v], [ax_cv_bpf_cap_$ax_bpf_need])],
        [ax_bpf_v=unknown])
      AS_CASE([$ax_bpf_v],
        [yes], [ax_bpf_w=],
        [unknown], [ax_bpf_w="$ax_bpf_need: not probed by this compiler"],
        [AS_VAR_COPY([ax_bpf_w], [ax_cv_bpf_why_$ax_bpf_need])
         ax_bpf_w="$ax_bpf_need: $ax_bpf_w"])
    ])
    test -z "$ax_bpf_w" || ax_bpf_lacking="${ax_bpf_lacking:+$ax_bpf_lacking, }$ax_bpf_w"
  done
  AS_IF([test -n "$ax_bpf_lacking"], [AC_MSG_NOTICE([skipping BPF program $1: $ax_bpf_lacking])
    BPF_PROGRAMS_SKIPPED="${BPF_PROGRAMS_SKIPPED:+$BPF_PROGRAMS_SKIPPED }_AX_BPF_CANON([$1])"])
], [ax_bpf_lacking="BPF disabled"])
# --enable-bpf-compare: the same needs, against the other compiler.
AS_IF([test "$ax_bpf_compare" = yes], [
  ax_bpf_lacking2=
  for ax_bpf_need in $2; do
    AS_IF([test "$ax_bpf_need" = vmlinux], [
      AS_IF([test "$ax_bpf_vmlinux" = no], [ax_bpf_w="vmlinux: $ax_bpf_vmlinux_why"], [ax_bpf_w=])
    ], [
      AS_VAR_COPY([ax_bpf_v], [ax_cv_bpf_compare_cap_$ax_bpf_need])
      AS_VAR_COPY([ax_bpf_w], [ax_cv_bpf_compare_why_$ax_bpf_need])
      AS_IF([test "$ax_bpf_v" = yes], [ax_bpf_w=], [ax_bpf_w="$ax_bpf_need: ${ax_bpf_w:-no such probe}"])
    ])
    test -z "$ax_bpf_w" || ax_bpf_lacking2="${ax_bpf_lacking2:+$ax_bpf_lacking2, }$ax_bpf_w"
  done
  AS_IF([test -n "$ax_bpf_lacking2"], [
    AC_MSG_NOTICE([bpf-compare: $BPF_COMPARE_KIND does not build $1: $ax_bpf_lacking2])
    BPF_COMPARE_LACKING="${BPF_COMPARE_LACKING:+$BPF_COMPARE_LACKING }_AX_BPF_CANON([$1])"])
  ax_bpf_compare_list="$ax_bpf_compare_list
_AX_BPF_CANON([$1])|$ax_bpf_lacking|$ax_bpf_lacking2"
])
AS_IF([test -n "$ax_bpf_lacking"], [ax_bpf_v="no ($ax_bpf_lacking)"], [ax_bpf_v=yes])
ax_bpf_programs="${ax_bpf_programs:+$ax_bpf_programs|}$1|$ax_bpf_v"
m4_ifdef([AM_CONDITIONAL], [dnl
AM_CONDITIONAL([BPF_PROGRAM_]m4_toupper(_AX_BPF_CANON([$1])),
  [test "$ax_bpf_enabled" = yes && test -z "$ax_bpf_lacking"])
])dnl
])
