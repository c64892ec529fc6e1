# ===========================================================================
#        bpfbuild: autoconf-macros/ax_prog_bpf_cc.m4
# ===========================================================================
#
# SYNOPSIS
#
#   AX_PROG_BPF_CC([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# DESCRIPTION
#
#   Finds a compiler for BPF programs, probes what it can do and decides
#   its flags, by running bpfbuild's engine/bpfbuild-probe: the very
#   script the bpfbuild Meson module runs, so that both build systems share
#   one candidate list (clang, clang-N newest first, bpf-gcc, bpf-none-gcc,
#   bpf-unknown-none-gcc), one set of capability probes and one flag table.
#   The probe runs once; every result is cached, so "configure -C" runs no
#   probe and prints "(cached)" for every check.
#
#   Options and variables:
#
#     --with-bpf-compiler=auto|gcc|clang
#         auto takes the first CO-RE-capable compiler (else one that
#         builds uapi-only programs); gcc or clang insists on that kind.
#     --with-bpf-cpu=default|v1|v2|v3|v4
#         the BPF instruction set (-mcpu); default keeps the compiler's own.
#     --with-bpf-min-kernel=MAJOR.MINOR
#         the oldest kernel the objects must load on (default: every kernel
#         with BPF CO-RE); 6.6 or newer keeps a compiler's default v4 ISA.
#     BPF_CC      (precious) the compiler; overrides the search.  A command,
#                 as CC is: a launcher (ccache, sccache, distcc, icecc)
#                 and words of its own may come with it.
#     BPF_CFLAGS  (precious) extra flags for the BPF compile, appended after
#                 the decided flags at make time.  The host CFLAGS never
#                 reach the BPF compile.
#
#   Of the host CFLAGS, only the path-mapping ones (-f*-prefix-map=,
#   --sysroot=) pass to the BPF compile; bpfbuild-probe picks them.
#
#   Substitutes BPF_CC (absolute, with its launcher and words), BPF_FLAGS (the decided flags, then the
#   host's path-mapping flags), BPF_LINK ("yes" when "bpftool gen object"
#   links the objects), BPF_PREFIX_MAP_ARGS (bpfbuild-cc's --prefix-map of
#   the build root, or --no-prefix-map), BPF_CFLAGS and BPFTOOL.  Requires AX_BPFBUILD_DIR and AX_PROG_BPFTOOL
#   (expanded here when not expanded before).
#
#   Cache variables: ax_cv_bpf_cc ("no" when unusable), ax_cv_bpf_status,
#   ax_cv_bpf_why, ax_cv_bpf_cc_cmd (the command's words), ax_cv_bpf_decisions
#   (the numbers N of the summary's flag rows: ax_cv_bpf_decision_N, the
#   decided flags, and ax_cv_bpf_decision_row_N, the engine's text for them),
#   ax_cv_bpf_reproducible (the
#   summary row, in bpfbuild-decide's words), ax_cv_bpf_cc_kind, ax_cv_bpf_cc_version, ax_cv_bpf_flags,
#   ax_cv_bpf_link, ax_cv_bpf_pch (the compiler kind when a
#   precompiled vmlinux.h is byte-identical), ax_cv_bpf_caps (the probe names), ax_cv_bpf_cap_NAME
#   and ax_cv_bpf_why_NAME per probe (target, std_default, mcpu, mcpu_v4,
#   btf, btf_link, skeleton, helpers, atomics, core, core_field_exists,
#   prefix_map, ...), ax_cv_bpf_candidates and ax_cv_bpf_notes ("|"
#   separated), ax_cv_bpf_bpftool_version, ax_cv_bpf_target_arch,
#   ax_cv_bpf_libbpf_includedir, and ax_cv_bpf_probe_key (bpfbuild-probe's own
#   cache key, "bpfbuild-probe --cache-key", and the checks before it; when
#   they change, the cached answers are dropped and the probe runs again).
#
#   Not finding a usable compiler runs ACTION-IF-NOT-FOUND (default: a
#   warning), with ax_cv_bpf_why holding the reason.  It is a configure
#   error instead when the choice was explicit (BPF_CC, a --with-bpf-compiler
#   other than auto, or ax_bpf_required=yes as set by AX_BPF for
#   --enable-bpf=yes).  Bad input (BPF_CC=/nonexistent, ...) is always a
#   configure error, with one line naming the cause and the fix.
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

# _AX_BPF_PROBE_FUNCS: shell functions that run bpfbuild-probe at most once
# per configure run and fill the cache variables from its answers.
AC_DEFUN([_AX_BPF_PROBE_FUNCS], [dnl
ax_bpf_probe_ran=no
# ax_bpf_unusable REASON: no BPF build; a configure error when asked for.
# Only where there is no engine to ask: bpfbuild-probe gives that verdict
# for everything else (--unusable REASON: what configure found missing).
ax_bpf_unusable ()
{
  AS_IF([test "$ax_bpf_required" = yes || test "$with_bpf_compiler" != auto || test -n "$ax_bpf_user_cc"], [
    AC_MSG_RESULT([error])
    AC_MSG_ERROR([bpfbuild: $[]1])])
  ax_bpf_probe_status=unusable
  ax_bpf_probe_why=$[]1
}
# ax_bpf_probe_call MODE...: bpfbuild-probe MODE... (--cache '' to probe,
# --cache-key for the key of its answer) with this configure's inputs.
ax_bpf_probe_call ()
{
  set -- "$[]@" --compiler "$with_bpf_compiler" --cpu "$with_bpf_cpu" --min-kernel "$with_bpf_min_kernel" --arch "$host_cpu" \
    --libbpf-includedir "$ax_cv_bpf_libbpf_includedir"
  test "$ax_bpf_required" != yes || set -- "$[]@" --required
  # AX_BPF's PCH (unless --disable-bpf-pch): check a precompiled vmlinux.h too.
  test -z "$ax_bpf_pch_btf" || set -- "$[]@" --pch-check "$ax_bpf_pch_btf"
  # Reproducibility is checked on a real CO-RE program, as Meson does: it
  # decides whether clang's BTF forward declarations need sorting.
  test ! -r /sys/kernel/btf/vmlinux || set -- "$[]@" --vmlinux-btf /sys/kernel/btf/vmlinux
  # The probe keeps only the path-mapping flags (-f*-prefix-map=, --sysroot=).
  set -f
  for ax_bpf_v in $CFLAGS; do set -- "$[]@" --host-cflag "$ax_bpf_v"; done
  set +f
  AS_ECHO(["$as_me:$LINENO: bpfbuild-probe $[]*"]) >&AS_MESSAGE_LOG_FD
  # The user's BPFTOOL, as Meson passes it: the probe's bpftool search
  # (bpfbuild-bpftool) is AX_PROG_BPFTOOL's, with the same answer.
  BPF_CC="$ax_bpf_user_cc" BPFTOOL="$ax_bpf_user_bpftool" BPF_CFLAGS= "$ax_cv_bpf_dir/bpfbuild-probe" "$[]@"
}
# ax_bpf_probe_run: run bpfbuild-probe (once) into ax_bpf_probe_*.
ax_bpf_probe_run ()
{
  test "$ax_bpf_probe_ran" = yes && return 0
  ax_bpf_probe_ran=yes
  for ax_bpf_v in status why cc cc_cmd decisions pch cc_kind cc_version link flags caps candidates notes bpftool_version target_arch multiarch error; do
    eval "ax_bpf_probe_$ax_bpf_v="
  done
  AS_IF([test "$ax_cv_bpf_dir" = no], [ax_bpf_unusable "$ax_bpf_dir_why"; return 0])
  set -- --cache ''
  AS_IF([test "$ax_cv_bpf_libbpf_includedir" = no],
    [set -- --unusable "libbpf not found by pkg-config; install libbpf-dev"])
  AS_ECHO(["$as_me:$LINENO: running BPF_CC='$ax_bpf_user_cc' BPFTOOL='$ax_cv_bpf_bpftool' $ax_cv_bpf_dir/bpfbuild-probe"]) >&AS_MESSAGE_LOG_FD
  # --cache '': the probe's per-user answer cache (~/.cache/bpfbuild), with
  # the Meson module's key (arguments, compilers and their identity,
  # bpftool, libbpf, kernel): a new build dir, or another project, with the
  # same toolchain probes nothing.  config.cache keeps the answers under
  # that same key (ax_cv_bpf_probe_key).
  ax_bpf_out=`ax_bpf_probe_call "$[]@" 2>&AS_MESSAGE_LOG_FD`
  ax_bpf_rc=$?
  AS_ECHO(["$ax_bpf_out"]) | sed 's/^/bpfbuild-probe: /' >&AS_MESSAGE_LOG_FD
  ax_bpf_n=0
  while IFS= read -r ax_bpf_line; do
    ax_bpf_key=${ax_bpf_line%%=*}
    ax_bpf_val=${ax_bpf_line@%:@*=}
    AS_CASE([$ax_bpf_key],
      [''|*[[!a-zA-Z0-9_]]*], [],
      [flag|user_flag], [ax_bpf_probe_flags="${ax_bpf_probe_flags:+$ax_bpf_probe_flags }$ax_bpf_val"],
      [cc_cmd], [ax_bpf_probe_cc_cmd="${ax_bpf_probe_cc_cmd:+$ax_bpf_probe_cc_cmd }$ax_bpf_val"],
      [decision], [ax_bpf_n=`expr $ax_bpf_n + 1`
                   ax_bpf_probe_decisions="${ax_bpf_probe_decisions:+$ax_bpf_probe_decisions }$ax_bpf_n"
                   eval "ax_bpf_probe_decision_$ax_bpf_n=\$ax_bpf_val"],
      [decision_row], [eval "ax_bpf_probe_decision_row_$ax_bpf_n=\$ax_bpf_val"],
      [candidate], [ax_bpf_probe_candidates="${ax_bpf_probe_candidates:+$ax_bpf_probe_candidates|}$ax_bpf_val"],
      [note], [ax_bpf_probe_notes="${ax_bpf_probe_notes:+$ax_bpf_probe_notes|}$ax_bpf_val"],
      [cap_*], [ax_bpf_probe_caps="${ax_bpf_probe_caps:+$ax_bpf_probe_caps }${ax_bpf_key@%:@cap_}"
                eval "ax_bpf_probe_$ax_bpf_key=\$ax_bpf_val"],
      [eval "ax_bpf_probe_$ax_bpf_key=\$ax_bpf_val"])
  done <<_AX_BPF_EOF
$ax_bpf_out
_AX_BPF_EOF
  AS_IF([test $ax_bpf_rc -ne 0], [
    AC_MSG_RESULT([error])
    AS_IF([test -n "$ax_bpf_probe_error"], [AC_MSG_ERROR([bpfbuild: $ax_bpf_probe_error])],
      [AC_MSG_ERROR([bpfbuild: $ax_cv_bpf_dir/bpfbuild-probe failed (exit $ax_bpf_rc); see config.log])])])
  AS_IF([test "$ax_bpf_probe_status" = ok], [ax_bpf_probe_why=],
    [ax_bpf_probe_status=unusable])
  AS_IF([test "$ax_bpf_probe_status" = unusable && test -z "$ax_bpf_probe_why"],
    [ax_bpf_probe_why="bpfbuild-probe found no usable BPF compiler; see config.log"])
}
# ax_bpf_cache NAME: ax_cv_bpf_NAME from the cache, else from the probe.
ax_bpf_cache ()
{
  eval "test \"\${ax_cv_bpf_$[]1+set}\" = set" && return 0
  ax_bpf_probe_run
  eval "ax_cv_bpf_$[]1=\$ax_bpf_probe_$[]1"
}
])

AC_DEFUN([AX_PROG_BPF_CC], [dnl
AC_ARG_VAR([BPF_CC], [compiler for BPF programs (default: search clang, clang-N, bpf-gcc, ...)])
AC_ARG_VAR([BPF_CFLAGS], [extra flags for the BPF compile (the host CFLAGS never reach it)])
_AX_BPF_ONE_LINE([BPF_CC])
_AX_BPF_ONE_LINE([BPF_CFLAGS])
AC_ARG_WITH([bpf-compiler],
  [AS_HELP_STRING([--with-bpf-compiler=auto|gcc|clang],
    [BPF compiler; auto takes the first CO-RE-capable one @<:@default=auto@:>@])],
  [], [with_bpf_compiler=auto])
AS_CASE([$with_bpf_compiler],
  [auto|gcc|clang], [],
  [yes], [with_bpf_compiler=auto],
  [AC_MSG_ERROR([--with-bpf-compiler=$with_bpf_compiler is not one of auto, gcc, clang])])
AC_ARG_WITH([bpf-cpu],
  [AS_HELP_STRING([--with-bpf-cpu=default|v1|v2|v3|v4],
    [BPF instruction set (-mcpu); default keeps the compiler's own @<:@default=default@:>@])],
  [], [with_bpf_cpu=default])
AS_CASE([$with_bpf_cpu],
  [default|v1|v2|v3|v4], [],
  [yes|no], [with_bpf_cpu=default],
  [AC_MSG_ERROR([--with-bpf-cpu=$with_bpf_cpu is not one of default, v1, v2, v3, v4])])
AC_ARG_WITH([bpf-min-kernel],
  [AS_HELP_STRING([--with-bpf-min-kernel=MAJOR.MINOR],
    [the oldest kernel the BPF objects must load on; 6.6 or newer keeps a compiler's default v4 ISA @<:@default: every kernel with CO-RE@:>@])],
  [], [with_bpf_min_kernel=])
AS_CASE([$with_bpf_min_kernel],
  [yes|no], [with_bpf_min_kernel=],
  [@<:@1-9@:>@.@<:@0-9@:>@|@<:@1-9@:>@.@<:@0-9@:>@@<:@0-9@:>@|''], [],
  [AC_MSG_ERROR([--with-bpf-min-kernel=$with_bpf_min_kernel is not a kernel version MAJOR.MINOR (e.g. 6.6); leave it out for every kernel with BPF CO-RE])])
# The host CPU as GNU names it: the engine's one architecture table
# (bpfbuild-arch) reads it, and its byte order, from that name.
AC_REQUIRE([AC_CANONICAL_HOST])dnl
AC_REQUIRE([_AX_BPF_PROBE_FUNCS])dnl
_AX_BPF_PKG_CONFIG
ax_bpf_user_cc=$BPF_CC
AC_PROVIDE_IFELSE([AX_BPFBUILD_DIR], [], [AX_BPFBUILD_DIR([], [:])])
AC_PROVIDE_IFELSE([AX_PROG_BPFTOOL], [], [AX_PROG_BPFTOOL([], [:])])
AC_CACHE_CHECK([for libbpf headers], [ax_cv_bpf_libbpf_includedir], [dnl
  ax_cv_bpf_libbpf_includedir=no
  AS_IF([test -n "$PKG_CONFIG" && $PKG_CONFIG --exists libbpf 2>&AS_MESSAGE_LOG_FD], [
    ax_cv_bpf_libbpf_includedir=`$PKG_CONFIG --variable=includedir libbpf 2>&AS_MESSAGE_LOG_FD`
    test -n "$ax_cv_bpf_libbpf_includedir" || ax_cv_bpf_libbpf_includedir=no])
])
# Cached answers hold only under the probe's own key (the inputs, the
# compilers and who they say they are, bpftool, libbpf, the kernel, the
# engine): config.cache and the probe's cache hold or drop together.  The
# checks that keep the probe from running are part of it.
ax_bpf_key="dir=$ax_cv_bpf_dir bpftool=$ax_cv_bpf_bpftool:$ax_cv_bpf_bpftool_gen libbpf=$ax_cv_bpf_libbpf_includedir asked=$ax_bpf_required:$with_bpf_compiler"
AS_IF([test "$ax_cv_bpf_dir" != no],
  [ax_bpf_key="$ax_bpf_key probe=`ax_bpf_probe_call --cache-key 2>&AS_MESSAGE_LOG_FD`"])
AS_IF([test "${ax_cv_bpf_probe_key+set}" = set && test "$ax_cv_bpf_probe_key" != "$ax_bpf_key"], [
  AS_ECHO(["$as_me:$LINENO: the BPF inputs changed; dropping the cached BPF probe answers"]) >&AS_MESSAGE_LOG_FD
  for ax_bpf_v in $ax_cv_bpf_caps; do
    unset ax_cv_bpf_cap_$ax_bpf_v ax_cv_bpf_why_$ax_bpf_v
  done
  for ax_bpf_v in $ax_cv_bpf_decisions; do
    unset ax_cv_bpf_decision_$ax_bpf_v ax_cv_bpf_decision_row_$ax_bpf_v
  done
  for ax_bpf_v in status why cc cc_cmd decisions reproducible pch cc_kind cc_version link btf_sort wrapper_arg flags caps candidates notes bpftool_version target_arch multiarch; do
    unset ax_cv_bpf_$ax_bpf_v
  done
])
ax_cv_bpf_probe_key=$ax_bpf_key
AC_MSG_CHECKING([for a BPF compiler])
AC_CACHE_VAL([ax_cv_bpf_cc], [ax_bpf_probe_run; ax_cv_bpf_cc=${ax_bpf_probe_cc:-no}])
for ax_bpf_v in status why cc_cmd decisions reproducible pch cc_kind cc_version link btf_sort wrapper_arg caps candidates notes bpftool_version target_arch multiarch; do
  ax_bpf_cache $ax_bpf_v
done
for ax_bpf_v in $ax_cv_bpf_decisions; do
  ax_bpf_cache decision_$ax_bpf_v
  ax_bpf_cache decision_row_$ax_bpf_v
done
AS_IF([test "$ax_cv_bpf_status" = ok], [
  AC_MSG_RESULT([${ax_cv_bpf_cc_cmd:-$ax_cv_bpf_cc} ($ax_cv_bpf_cc_kind $ax_cv_bpf_cc_version)])
  for ax_bpf_cap in $ax_cv_bpf_caps; do
    AC_MSG_CHECKING([BPF probe $ax_bpf_cap])
    AC_CACHE_VAL([ax_cv_bpf_cap_$ax_bpf_cap],
      [ax_bpf_probe_run; AS_VAR_COPY([ax_cv_bpf_cap_$ax_bpf_cap], [ax_bpf_probe_cap_$ax_bpf_cap])])
    ax_bpf_cache why_$ax_bpf_cap
    AS_VAR_COPY([ax_bpf_v], [ax_cv_bpf_cap_$ax_bpf_cap])
    AS_VAR_COPY([ax_bpf_w], [ax_cv_bpf_why_$ax_bpf_cap])
    AC_MSG_RESULT([$ax_bpf_v ($ax_bpf_w)])
  done
  AC_CACHE_CHECK([for the BPF compile flags], [ax_cv_bpf_flags],
    [ax_bpf_probe_run; ax_cv_bpf_flags=$ax_bpf_probe_flags])
  # The compile command's words: a launcher, the compiler, BPF_CC's own.
  BPF_CC=${ax_cv_bpf_cc_cmd:-$ax_cv_bpf_cc}
  BPF_FLAGS=$ax_cv_bpf_flags
  BPF_LINK=$ax_cv_bpf_link
  BPF_BTF_SORT=${ax_cv_bpf_btf_sort:-no}
  BPFTOOL=$ax_cv_bpf_bpftool
  # bpfbuild-cc's arguments: the build root to map, then bpfbuild-decide's.
  BPF_PREFIX_MAP_ARGS="--prefix-map '\$(abs_top_builddir)'${ax_cv_bpf_wrapper_arg:+ $ax_cv_bpf_wrapper_arg}"
  $1
], [
  AC_MSG_RESULT([no ($ax_cv_bpf_why)])
  BPF_FLAGS=
  BPF_LINK=no
  BPF_BTF_SORT=no
  BPF_PREFIX_MAP_ARGS=
  m4_default([$2], [AC_MSG_WARN([no usable BPF compiler: $ax_cv_bpf_why])])
])
AC_SUBST([BPF_FLAGS])
AC_SUBST([BPF_LINK])
AC_SUBST([BPF_BTF_SORT])
# bpfbuild-btf-sort runs on the build machine: its compiler.
AC_ARG_VAR([CC_FOR_BUILD], [C compiler for the build machine's helper (bpfbuild-btf-sort; default: CC, or cc when cross compiling)])
AS_IF([test -z "$CC_FOR_BUILD"],
  [AS_IF([test "$cross_compiling" = yes || test -z "$CC"], [CC_FOR_BUILD=cc], [CC_FOR_BUILD=$CC])])
AC_SUBST([BPF_PREFIX_MAP_ARGS])
AC_SUBST([BPFTOOL])
])
