#!/bin/sh
# report_pap_numbers.sh REPORT: `plot parsons-pap`'s Fig. 3.6 numbers each invocation by its
# timed iteration, the number summary's notes and export's rows give (issue 43), so that an
# iteration left out is a gap, not a renumbering. Prints, per filter, the x column of Fig. 3.6's
# delta-bar series (the --script data's last paragraph but one; NaN rows mark the gaps).
# Run in the fixture directory (tests/e2e/report.cmake).
R=$1
for opts in "" "--include-invalid" "--include-late --include-invalid"; do
  rm -f ppnum.svg ppnum.gp ppnum.dat
  # shellcheck disable=SC2086  # $opts are options, split on purpose
  "$R" plot parsons-pap c.h5 --out ppnum.svg --script $opts >/dev/null || exit 1
  printf '[%s]' "$opts"
  awk 'BEGIN { RS = "" }
       { p[NR] = $0 }
       END {
         n = split(p[NR - 1], line, "\n")
         for (i = 1; i <= n; i++) { split(line[i], f, " "); printf " %s", f[1] }
         print ";"
       }' ppnum.dat
done
rm -f ppnum.svg ppnum.gp ppnum.dat
