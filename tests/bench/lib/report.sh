# shellcheck shell=bash
# The table and the chart of tests/bench/build-speed.sh; sourced, not run,
# after the measurements (it reads their variables).
# shellcheck disable=SC2154 # the measurements' variables
# --- the table ---------------------------------------------------------------
verdict() { if "$@"; then echo met; else echo "**missed**"; fi; }

a_b=$(med a_bpfbuild) a_p=$(med a_peer) a_n=$(med a_nopch)
a_ratio=$(div "$a_p" "$a_b")
a_cpu=$(div "$(med a_peer 2)" "$(med a_bpfbuild 2)")
a_best=$(div "$(sort -g "$work/t/a_peer" | head -n 1 | cut -d' ' -f1)" "$(sort -g "$work/t/a_bpfbuild" | head -n 1 | cut -d' ' -f1)")
a_nratio=$(div "$a_p" "$a_n")
a_ex_ratio=$(div "$(med a_ex_peer)" "$(med a_ex_bpfbuild)")
a_core_ratio=$(div "$(med a_core_peer)" "$(med a_core_bpfbuild)")
a58_ratio=$(div "$(med a58_peer)" "$(med a58_bpfbuild)")
ceil_cpu=$(div "$(med ceil_peer 2)" "$(med ceil_bpfbuild 2)")
# per_tool NAME: the median CPU time of a ceiling run, in ms a tool.
per_tool() { awk -v c="$(med "$1" 2)" -v n="$ceil_n" 'BEGIN { printf "%.0f", c * 1000 / n }'; }
c_ratio_cold='' c_ratio_warm='' c_ac_share=''
[ -n "$meson_na" ] || { c_ratio_cold=$(div "$(med c_meson_cold_probe)" "$(med c_meson_nobpf_cold)")
	c_ratio_warm=$(div "$(med c_meson_cold)" "$(med c_meson_nobpf_cold)"); }
[ -n "$ac_na" ] || c_ac_share=$(awk -v a="$(med c_ac_cold_probe)" -v b="$(med c_ac_nobpf_cold)" 'BEGIN { printf "%.2f", a - b }')
b_w=$(med b_bpfbuild) b_r=$(med b_bare)
b_ratio=$(div "$b_w" "$b_r" 3)
b_cpu=$(div "$(med b_bpfbuild 2)" "$(med b_bare 2)" 3)
b_per=$(awk -v a="$b_w" -v b="$b_r" -v n="$nall" 'BEGIN { printf "%.0f", (a - b) * 1000 / n }')
c_mc='' c_mk=''
[ -n "$meson_na" ] || { c_mc=$(med c_meson_cold); c_mk=$(med c_meson_cached); }
# conf NAME: "**median s** (CPU c s; runs lo–hi s)" for a configure row.
conf() { echo "**$(med "$1") s** (CPU $(med "$1" 2) s; runs $(spread "$1") s)"; }

row() { printf '| %s | %s | %s | %s |\n' "$@"; }
table() {
	echo "## bpfbuild build speed"
	echo
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by tests/bench/build-speed.sh on $(nproc) CPUs," \
		"kernel $(uname -r); $cc_line, bpftool $(bpftool version | head -n 1 | sed 's/^.*bpftool //'), meson $(meson --version)," \
		"ninja $(ninja --version), $(make --version | head -n 1)."
	echo "Medians of $runs runs; the two sides of each ratio ran interleaved." \
		"Load average $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end."
	echo "Workload for (a) and (b): $nprogs generated CO-RE programs and the $nex single-source examples," \
		"$nall programs, each built to NAME.bpf.o and NAME.skel.h from clean, vmlinux.h included on both sides."
	echo
	row figure measured goal result
	row --- --- --- ---
	# Issue 30's table, row by row (its goals).
	row "the examples' $(echo "$ex_names" | wc -w) programs (mostly uapi-only), -j2: peers' make ÷ bpfbuild" \
		"**${a_ex_ratio}×** ($(med a_ex_peer) s ÷ $(med a_ex_bpfbuild) s; runs $(spread a_ex_peer) s and $(spread a_ex_bpfbuild) s)" \
		"≥ 1.0×, never slower" "$(verdict ge "$a_ex_ratio" 1.0)"
	row "$nprogs CO-RE tools, -j2: peers' make ÷ bpfbuild" \
		"**${a_core_ratio}×** ($(med a_core_peer) s ÷ $(med a_core_bpfbuild) s; runs $(spread a_core_peer) s and $(spread a_core_bpfbuild) s)" \
		"≥ 2.0×" "$(verdict ge "$a_core_ratio" 2.0)"
	row "the libbpf-tools-shaped corpus, $ncorpus tools, -j2: peers' make ÷ bpfbuild" \
		"**${a58_ratio}×** ($(med a58_peer) s ÷ $(med a58_bpfbuild) s; runs $(spread a58_peer) s and $(spread a58_bpfbuild) s; CPU time $(div "$(med a58_peer 2)" "$(med a58_bpfbuild 2)")×; PCH: $corpus_pch)" \
		"≥ 2.5×" "$(verdict ge "$a58_ratio" 2.5)"
	row "ceiling of the two rows above: per CO-RE tool, serial, CPU time: the peers' commands ÷ bpfbuild's compile alone (clang -include-pch; no wrapper, ninja, link or skeleton)" \
		"**${ceil_cpu}×** ($(per_tool ceil_peer) ms ÷ $(per_tool ceil_bpfbuild) ms a tool, $ceil_n tools; wall $(div "$(med ceil_peer)" "$(med ceil_bpfbuild)")×)" \
		"(information: no bpfbuild build of many such tools can beat it)" ""
	if [ -z "$meson_na" ]; then
		row "Meson configure of the examples, cold, no probe cache ÷ the same without BPF (C and libbpf)" \
			"**${c_ratio_cold}×** ($(med c_meson_cold_probe) s ÷ $(med c_meson_nobpf_cold) s; CPU $(med c_meson_cold_probe 2) s)" \
			"≤ 5×" "$(verdict le "$c_ratio_cold" 5)"
		row "the same, per-user probe cache warm" \
			"**${c_ratio_warm}×** ($(med c_meson_cold) s ÷ $(med c_meson_nobpf_cold) s)" "≤ 1.5×" "$(verdict le "$c_ratio_warm" 1.5)"
	fi
	if [ -z "$ac_na" ]; then
		row "autotools configure of the examples, cold, no probe cache: bpfbuild's share" \
			"**${c_ac_share} s** ($(med c_ac_cold_probe) s − $(med c_ac_nobpf_cold) s with --enable-bpf=no)" \
			"≤ 2 s" "$(verdict le "$c_ac_share" 2)"
	fi
	row "(b) bpfbuild's own overhead: bpfbuild -j1, PCH off ÷ the bare commands replayed without it" \
		"**$b_ratio** ($b_w s ÷ $b_r s, ≈ $b_per ms a program; CPU time $b_cpu)" \
		"≤ 1.03" "$(verdict le "$b_ratio" 1.03)"
	row "**Issue 8's figures**" "" "" ""
	row "(a) full build, -j2: peers' make ÷ bpfbuild" \
		"**${a_ratio}×** ($a_p s ÷ $a_b s; runs $(spread a_peer) s and $(spread a_bpfbuild) s; best runs ${a_best}×; CPU time ${a_cpu}×)" \
		"≥ 2.5×" "$(verdict ge "$a_ratio" 2.5)"
	row "(a′) the same, bpfbuild with -Dbpf-pch=false" \
		"${a_nratio}× ($a_p s ÷ $a_n s; runs $(spread a_nopch) s)" "(information)" ""
	row "(a-ex) the examples' $(echo "$ex_names" | wc -w) programs alone: peers' make ÷ bpfbuild" \
		"**${a_ex_ratio}×** ($(med a_ex_peer) s ÷ $(med a_ex_bpfbuild) s; runs $(spread a_ex_peer) s and $(spread a_ex_bpfbuild) s)" \
		"≥ 2.5×" "$(verdict ge "$a_ex_ratio" 2.5)"
	if [ -n "$meson_na" ]; then
		row "(c) meson setup, cold" "$meson_na" "≤ 1.5 s" "n/a"
		row "(c) meson setup --reconfigure, cached" "$meson_na" "≤ 0.3 s" "n/a"
	else
		row "(c) meson setup, cold, no probe cache at all$meson_note" "$(conf c_meson_cold_probe)" "≤ 1.5 s" \
			"$(verdict le "$(med c_meson_cold_probe)" 1.5)"
		row "(c) meson setup, cold (a new build dir; the per-user probe cache warm)$meson_note" "$(conf c_meson_cold)" \
			"≤ 1.5 s" "$(verdict le "$c_mc" 1.5)"
		c_mfloor=$(awk -v a="$(med c_meson_nobpf_cached)" 'BEGIN { printf "%.2f", a + 0.1 }')
		row "(c) meson setup --reconfigure, cached$meson_note" "$(conf c_meson_cached)" \
			"≤ $c_mfloor s (without BPF + 0.1 s)" "$(verdict le "$c_mk" "$c_mfloor")"
		row "(c′) the same with -Dbpf-framework=disabled: cold, cached" \
			"$(med c_meson_nobpf_cold) s, $(med c_meson_nobpf_cached) s" "(Meson's own floor)" ""
	fi
	if [ -n "$ac_na" ]; then
		row "(c) ./configure, cold" "$ac_na" "≤ 1.5 s" "n/a"
		row "(c) ./configure -C, cached" "$ac_na" "≤ 0.3 s" "n/a"
	else
		row "(c) ./configure, cold, no probe cache at all$ac_note" "$(conf c_ac_cold_probe)" "≤ 1.5 s" \
			"$(verdict le "$(med c_ac_cold_probe)" 1.5)"
		row "(c) ./configure, cold (the per-user probe cache warm)$ac_note" "$(conf c_ac_cold)" "≤ 1.5 s" \
			"$(verdict le "$(med c_ac_cold)" 1.5)"
		row "(c) ./configure -C, cached$ac_note" "$(conf c_ac_cached)" "≤ 0.3 s" \
			"$(verdict le "$(med c_ac_cached)" 0.3)"
		row "(c′) the same with --enable-bpf=no: cold, cached" \
			"$(med c_ac_nobpf_cold) s, $(med c_ac_nobpf_cached) s" "(autoconf's own floor)" ""
	fi
	if [ -n "$d_ex_na" ]; then
		row "(d) no-op rebuild of examples/ (ninja)" "$d_ex_na" "0 commands" n/a
	else
		row "(d) no-op rebuild of examples/ (ninja)" "**$d_noop_n** command(s)" "0 commands" \
			"$(verdict test "$d_noop_n" = 0)"
	fi
	if [ -n "$e_na" ]; then
		row "(e) clean rebuild, warm ccache: peers' make ÷ bpfbuild" "$e_na" "(information)" ""
	else
		row "(e) clean rebuild, warm ccache: peers' make ÷ bpfbuild" \
			"**$(div "$(med e_peer)" "$(med e_bpfbuild)")×** ($(med e_peer) s ÷ $(med e_bpfbuild) s; bpfbuild's cache: $e_hits; PCH: $e_pch)" \
			"(information)" ""
	fi
	row "(d) no-op rebuild of the workload (ninja)" "**$d_wl_noop_n** command(s)" "0 commands" \
		"$(verdict test "$d_wl_noop_n" = 0)"
	if [ -n "$d_ex_na" ]; then
		row "(d) touch examples' $prog_ex.bpf.c" "$d_ex_na" "that program's chain only" n/a
	else
		# shellcheck disable=SC2086 # the outputs are one word each
		row "(d) touch examples' $prog_ex.bpf.c" "**$d_ex_n** command(s), wrote ${d_ex_outs:-nothing}" \
			"that program's chain only" "$(verdict chain_only "$prog_ex" "$d_ex_n" $d_ex_outs)"
	fi
	# shellcheck disable=SC2086
	row "(d) touch the workload's $prog_wl.bpf.c" "**$d_wl_n** command(s), wrote ${d_wl_outs:-nothing}" \
		"that program's chain only" "$(verdict chain_only "$prog_wl" "$d_wl_n" $d_wl_outs)"
	echo
	echo "- (a) peers: bcc libbpf-tools' BPF rules (\`clang -g -O2 -Wall -target bpf -D__TARGET_ARCH_x86 -c\`," \
		"\`llvm-strip -g\`, \`bpftool gen skeleton\`; vmlinux.h by \`bpftool btf dump\`), run as \`make -j2\` in an empty dir." \
		"bpfbuild: \`ninja -j2\` after \`ninja -t clean\`, configure not timed; it also links each object" \
		"with \`bpftool gen object\`, which the peers' recipe skips. vmlinux.h.pch: $pch_line."
	echo "- (b) the bare commands are the $nbare clang and bpftool invocations (and bpfbuild-btf-sort's, where the probe decided it) that strace saw bpfbuild run," \
		"replayed by a plain bash script with the same arguments and working directories;" \
		"they gave byte-identical objects and skeletons. The difference is ninja plus the bpfbuild-cc wrapper."
	echo "- (c) examples/ configured as a user does (defaults); cold = a fresh build dir," \
		"cached = \`meson setup --reconfigure\` / \`./configure -C\` with a filled config.cache." \
		"autoreconf is not timed. CPU = user + sys of configure and its children."
	[ -z "$ac_sleep" ] || echo "- (c) this configure (Automake $(automake --version | sed -n '1s/.* //p')) waits for the" \
		"background \`sleep 1\` of Automake's sanity check (am_sleep_pid), cached or not: a 1 s floor" \
		"that no bpfbuild macro can remove (Automake 1.17 with Autoconf 2.72 sleeps only as long as the" \
		"file system's time stamp resolution needs)."
	echo "- bpfbuild keeps the generated vmlinux.h and its precompiled header per user (issue 30), so its timed" \
		"clean builds take them from that cache, filled by the untimed first build; the peers' recipe dumps vmlinux.h each time."
	echo "- (d) commands counted in \`ninja -v\` output; the files they wrote from .ninja_log."
	echo "- (e) both sides through ccache, each with its own cache filled by one build first; the rebuilds start from clean output dirs."
	if awk -v l="${load_start%% *}" -v n="$(nproc)" 'BEGIN { exit !(l > n) }'; then
		echo "- The machine was busy (load $load_start on $(nproc) CPUs): wall times are inflated and noisy;" \
			"the CPU-time ratios are the steadier figures."
	fi
	echo "- Runtime of the benchmark: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }') s."
}
table | tee "$out/build-speed.md"

# --- the chart -------------------------------------------------------------------
if command -v gnuplot >/dev/null; then
	mkdir -p "$work/plot"
	{
		echo "\"peers' make -j2|(libbpf-tools)\" $a_p 1"
		echo "\"bpfbuild -j2|(PCH)\" $a_b 2"
		echo "\"bpfbuild -j2|PCH off\" $a_n 6"
	} >"$work/plot/a.dat"
	{
		echo "\"bare commands|replayed serially\" $b_r 3"
		echo "\"bpfbuild -j1|PCH off\" $b_w 4"
	} >"$work/plot/b.dat"
	ac_cold=-1 ac_cached=-1
	[ -n "$ac_na" ] || { ac_cold=$(med c_ac_cold); ac_cached=$(med c_ac_cached); }
	{
		echo "\"Meson|cold\" ${c_mc:--1} 2 1.5"
		echo "\"Meson|cached\" ${c_mk:--1} 2 0.3"
		echo "\"autotools|cold\" $ac_cold 5 1.5"
		echo "\"autotools|cached\" $ac_cached 5 0.3"
	} >"$work/plot/c.dat"
	gnuplot -e "dir='$work/plot'; out='$out/build-speed.png'" \
		-e "title_all='bpfbuild build speed: $nall BPF programs, medians of $runs runs'" \
		-e "title_a='(a) full build, -j2: ${a_ratio}x faster (goal 2.5x)'" \
		-e "title_b='(b) serial: bpfbuild overhead ${b_ratio} (goal 1.03)'" \
		-e "title_c='(c) configure time of examples/ (red dashes: goal)'" \
		"$lib/plot.gp" 2>"$work/gnuplot.log" || { cat "$work/gnuplot.log" >&2; die "gnuplot failed"; }
	echo "Wrote $out/build-speed.md and $out/build-speed.png" >&2
else
	echo "Wrote $out/build-speed.md (no chart: apt-get install gnuplot-nox)" >&2
fi
