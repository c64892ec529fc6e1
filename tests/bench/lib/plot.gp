# Bar chart for tests/bench/build-speed.sh (gnuplot 5), three panels.
#   gnuplot -e "dir='D'; out='X.png'; title_all='...'; title_a='...';
#               title_b='...'; title_c='...'" plot.gp
# D/a.dat, D/b.dat: "label" seconds colour        (one bar per line)
# D/c.dat:          "label" seconds colour goal   (seconds < 0: n/a)
# A "|" in a label starts a second line.
set terminal pngcairo size 1350,520 font "DejaVu Sans,10"
set output out
set multiplot layout 1,3 title title_all font ",12" margins 0.05,0.98,0.16,0.86 spacing 0.07

set style fill solid 0.85 border -1
set boxwidth 0.6
set grid ytics lc rgb "#dddddd"
set yrange [0:*]
set xtics nomirror scale 0 font ",9"
set ytics nomirror
set border 3
unset key
set offsets 0.5, 0.5, 0, 0
colour(c) = c == 1 ? 0xa0a0a0 : c == 2 ? 0x2b7bb9 : c == 3 ? 0x707070 : c == 4 ? 0x5aa05a : c == 6 ? 0x9cc3e0 : 0xd08040
# "x|y" -> "x\ny" (gnuplot has no string replace)
nl(s) = strstrt(s, "|") ? s[1:strstrt(s, "|") - 1] . "\n" . s[strstrt(s, "|") + 1:] : s
val(s) = sprintf("%.2f s", s)

set title title_a
set ylabel "median wall time (s), lower is better"
plot dir.'/a.dat' using 0:2:(colour($3)):xtic(nl(strcol(1))) with boxes lc rgb variable, \
     '' using 0:2:(val($2)) with labels offset 0,0.8

set title title_b
unset ylabel
plot dir.'/b.dat' using 0:2:(colour($3)):xtic(nl(strcol(1))) with boxes lc rgb variable, \
     '' using 0:2:(val($2)) with labels offset 0,0.8

set title title_c
plot dir.'/c.dat' using 0:($2 < 0 ? 0 : $2):(colour($3)):xtic(nl(strcol(1))) with boxes lc rgb variable, \
     '' using 0:($2 < 0 ? 0 : $2):($2 < 0 ? "n/a" : val($2)) with labels offset 0,0.8, \
     '' using ($0 - 0.4):4:(0.8):(0) with vectors nohead dt 2 lw 2 lc rgb "#c03030"
unset multiplot
