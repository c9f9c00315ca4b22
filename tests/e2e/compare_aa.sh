#!/usr/bin/env bash
# Issue 26: an A/A comparison judged at the launch level. Two sets of 3 launches of one
# configuration (same default seed, so iterations pair) compared: no row may be marked, and every
# row says it was paired by iteration and judged at the launch level.
source "$(dirname "$0")/lib.sh"

# A and B launches alternate, so a drift in the machine's load over the test (other jobs on a
# shared CI host) does not fall between the sides as a real difference would.
for k in 1 2 3; do
  for side in a b; do
    expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective reduce --alg native --count 1Ki \
      --maxdelay 0,1ms --iters 10 --warmup 1 --progress never --out "$side$k.h5"
  done
done
# --alpha 0.01: Holm holds the chance that a valid test marks any row of an A/A compare to
# alpha, so at the default 0.05 this test would fail up to one CI run in 20 by design. A verdict
# that counted iterations as replicates marks far more (compare_aa_test: about 60% of rows).
expect_exit 0 "$PAPBENCH_REPORT" compare a1.h5,a2.h5,a3.h5 b1.h5,b2.h5,b3.h5 --format csv \
  --alpha 0.01
cp out.txt compare.csv
head -n 1 compare.csv | tr ',' '\n' >columns.txt
column_of() { grep -nx "$1" columns.txt | cut -d: -f1; }
pairing=$(column_of pairing) level=$(column_of verdict_level) sig=$(column_of significant)
# The labels hold no commas here, so the fields split plainly.
rows=$(tail -n +2 compare.csv | awk -F, -v p="$pairing" -v l="$level" -v s="$sig" '
  $p != "iteration" || $l != "launch" { print "not paired at the launch level: " $0 > "/dev/stderr"; bad = 1 }
  $s == "true" { print "marked: " $0 > "/dev/stderr"; bad = 1 }
  { n++ } END { if (bad) exit 1; print n }') || { cat compare.csv >&2; fail "an A/A row was marked or not paired"; }
[[ $rows -ge 6 ]] || { cat compare.csv >&2; fail "expected 2 cases x 3 metrics, got $rows rows"; }
expect_exit 0 "$PAPBENCH_REPORT" compare a1.h5,a2.h5,a3.h5 b1.h5,b2.h5,b3.h5 --alpha 0.01
expect_contains out.txt "significant at the launch level"
echo "compare_aa: ok ($rows rows, none marked)"
