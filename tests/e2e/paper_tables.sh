#!/usr/bin/env bash
# The paper tables on a tiny real run, as a user would make them: 4 ranks, the Table 3/4 pairs
# (lin+bsln scatter, ls+bsls gather) at two sizes that map to the paper's 128K and 2048K totals
# and two maximum delays, then a reduce run for the Clairvoyant Fig. 10 view. Checks the tables'
# structure (rows, paper cells, missing-cell notes, formats), never their timings.
source "$(dirname "$0")/lib.sh"
run=(--iters 4 --warmup 1 --compute 2ms --sync barrier --pattern uniform --maxdelay 0,10ms
  --progress never --arrival-tolerance off)
# --arrival-tolerance off: 4 ranks on 2 cores miss their planned arrivals, and the views keep only
# what summary keeps, so the default tolerance would leave out the maxdelay=0 cases' iterations.

# 32768 and 524288 floats per rank on 4 ranks: the paper's 128K and 2048K totals.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective scatter,gather --alg lin,bsln,ls,bsls \
  --count 32768,524288 --dtype float "${run[@]}" --out sg.h5

expect_exit 0 "$PAPBENCH_REPORT" table proficz-table3 sg.h5
for text in "== Proficz 2020 Table 3, BSLN vs. LIN: scatter" "P = 4" "LIN mean" "BSLN mean" \
  "paper diff" "paper acc." "ours new/base" "95% CI" "verdict" "MWU p" "Welch p" \
  "128K floats total (32768 per rank x 4)" "2048K floats total (524288 per rank x 4)" \
  "missing cells (31 of the paper's 35)" "1024K @ 50ms (no LIN, BSLN)" "Mann-Whitney U" \
  "left out: "; do
  expect_contains out.txt "$text"
done
# The 2048K row at 50 ms: missing here, the paper's -13.8 / 1.15 still shown.
grep -Eq '^ +50ms( +-){6} +-13\.8 +1\.15' out.txt || { cat out.txt >&2; fail "no paper-only 50 ms row"; }
# Our 10 ms cells have numbers: a signed diff and an acceleration.
[[ $(grep -Ec '^ +10ms +[0-9.]+ [mu]s +[0-9.]+ [mu]s +-?[0-9]+\.[0-9] +[0-9]+\.[0-9]{2} ' out.txt) == 2 ]] ||
  { cat out.txt >&2; fail "expected two measured 10 ms cells"; }

expect_exit 0 "$PAPBENCH_REPORT" table proficz-table3 sg.h5 --format csv
[[ $(wc -l <out.txt) == 36 ]] || { cat out.txt >&2; fail "csv: expected a header and 35 rows"; }
expect_contains out.txt "conditions,total_floats,maxdelay_ns,n_base,n_new,mean_base_ns"
expect_exit 0 "$PAPBENCH_REPORT" table proficz-table3 sg.h5 --format json
expect_contains out.txt '"report": "proficz-table3"'
expect_contains out.txt '"missing": ['

expect_exit 0 "$PAPBENCH_REPORT" table proficz-table4 sg.h5 --format markdown
for text in "## Proficz 2020 Table 4, BSLS vs. LS: gather" "| max delay | LS mean | BSLS mean |" \
  "**2048K floats total (524288 per rank x 4)**" "missing cells (31 of the paper's 35)"; do
  expect_contains out.txt "$text"
done

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native,binomial,clairvoyant \
  --count 4Ki --dtype float "${run[@]}" --out reduce.h5
expect_exit 0 "$PAPBENCH_REPORT" table clv-fig10 reduce.h5
for text in "== Clairvoyant Fig. 10, reduce vs. maximum delay: reduce, count 4Ki float" \
  "run time (mean ± sd over iterations)" "after last arrival (mean ± sd over iterations)" \
  "MPI" "BNOM" "RAB" "RXX" "RING" "CLV" "fastest" \
  "missing (not in the files): RAB at 0; RXX at 0; RING at 0; RAB at 10ms" "paper: Fig. 10"; do
  expect_contains out.txt "$text"
done
# One row per delay and metric, each with a mean ± sd for the three algorithms run.
[[ $(grep -Ec '^ +(0|10ms) +[0-9.]+ ± [0-9.]+ [mu]s +[0-9.]+ ± [0-9.]+ [mu]s +- +- +- +[0-9.]+ ± ' out.txt) == 4 ]] ||
  { cat out.txt >&2; fail "expected 4 rows of three measured algorithms"; }

# Wrong inputs: exit 2 with the reason.
expect_exit 2 "$PAPBENCH_REPORT" table clv-fig10 sg.h5
expect_contains err.txt "clv-fig10: no reduce case"
expect_exit 2 "$PAPBENCH_REPORT" table proficz-table5x sg.h5
expect_contains err.txt "unknown paper table 'proficz-table5x'; available: "
expect_contains err.txt "proficz-table3"
expect_contains err.txt "clv-fig10"
expect_exit 2 "$PAPBENCH_REPORT" table proficz-table3
expect_contains err.txt "no result files given"
echo "paper_tables: ok"
