#!/usr/bin/env bash
# papbench-report plot of every paper view on tiny real runs (4 ranks): each renders to SVG (XML
# with its title, axis labels, one curve per algorithm and panel, the paper's values as their
# own curves where the paper gives numbers) and to PNG with ink. Checks structure, never timings.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/plot_lib.sh"
R=$PAPBENCH_REPORT
run=(--iters 3 --warmup 1 --compute 2ms --sync barrier --pattern uniform --maxdelay 0,10ms
  --progress never --arrival-tolerance off)
# --arrival-tolerance off: 4 ranks on 2 cores miss their planned arrivals, and the views keep only
# what summary keeps, so the default tolerance would leave out the maxdelay=0 cases' iterations.

# draw VIEW FILE... -- TEXT...: SVG and PNG of the view, the SVG holding every TEXT.
draw() {
  local view=$1; shift
  local files=()
  while [[ $1 != -- ]]; do files+=("$1"); shift; done
  shift
  expect_exit 0 "$R" plot "$view" "${files[@]}" --out "$view.svg"
  expect_svg "$view.svg" "$@" "papbench "
  expect_exit 0 "$R" plot "$view" "${files[@]}" --out "$view.png"
  expect_png_drawn "$view.png"
}

# 524288 floats per rank on 4 ranks: the paper's 2048K total, where Fig. 14 has numbers.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective scatter,gather --alg lin,slin,bsln,ls,bsls \
  --count 524288 --dtype float "${run[@]}" --out sg.h5
draw proficz-fig14 sg.h5 -- "Proficz 2020 Figs. 14/18, scatter vs. maximum delay" \
  "maximum delay [ms]" "run time, mean ± sd [" "elapsed, mean ± sd [" "2048K float total"
for a in LIN SLIN BSLN; do expect_curve proficz-fig14.svg "$a" 2; done
for a in LIN SLIN BSLN; do expect_curve proficz-fig14.svg "$a (paper, 48 nodes)" 1; done
draw proficz-fig15 sg.h5 -- "Figs. 15/20, gather" "maximum delay [ms]"
for a in LS BSLS; do expect_curve proficz-fig15.svg "$a" 2; done
draw proficz-fig16 sg.h5 -- "Fig. 16, scatter vs. data size" "total data size [K elements" \
  "maxdelay 10ms"
for a in LIN SLIN BSLN; do expect_curve proficz-fig16.svg "$a" 2; done
draw proficz-fig17 sg.h5 -- "Figs. 17/19" "processes P"
draw proficz-table3 sg.h5 -- "Table 3, BSLN vs. LIN" "maximum delay [ms]" \
  "acceleration (> 1: PAP-aware faster)" "500"
expect_curve proficz-table3.svg "2048K floats" 1
expect_curve proficz-table3.svg "2048K floats (paper, 48 nodes)" 1
expect_curve proficz-table3.svg "128K floats (paper, 48 nodes)" 1
draw proficz-table4 sg.h5 -- "Table 4, BSLS vs. LS" "acceleration"

expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native,binomial,clairvoyant \
  --count 4Ki --dtype float "${run[@]}" --out reduce.h5
draw clv-fig10 reduce.h5 -- "Clairvoyant Fig. 10" "maximum delay [ms]" \
  "after last arrival, mean ± sd ["
for a in MPI BNOM CLV; do expect_curve clv-fig10.svg "$a" 2; done
draw clv-fig11 reduce.h5 -- "Clairvoyant Fig. 11" "processes P"

expect_exit 0 mpirun_n 4 "$PAPBENCH" app fft --n 1Ki --iters 2 --reps 2 --out fft.h5
draw proficz-table5 fft.h5 -- "Table 5: FFT gather" "gather run time relative to LS" "BSLS" "MPI"
expect_curve proficz-table5.svg "paper (8 nodes, 1 GbE)" 3
expect_curve proficz-table5.svg "papbench" 3

expect_exit 0 "$PAPBENCH" schedgen --P 4:16:x2 --reps 3 --seed 7 --out schedgen.h5
draw clv-table1 schedgen.h5 -- "Clairvoyant Table 1" "processes P = N" "uniform pattern" \
  "skewed pattern" "no MPI"
expect_curve clv-table1.svg "linear / segtree" 2
expect_curve clv-table1.svg "pairing / segtree (paper)" 2

expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 1k --iters 6 --warmup 1 --out imb.h5 \
  --progress never
draw parsons-pap imb.h5 -- "Parsons 2015 Figs. 3.3-3.6" "Fig. 3.3" "Fig. 3.4" "Fig. 3.5" \
  "Fig. 3.6" "arrival - node mean [" "imbalance [" "compute:1k"
expect_curve parsons-pap.svg "average imbalance (delta-bar)" 2
expect_exit 2 "$R" plot parsons-counters imb.h5 --out c.svg
expect_contains err.txt "recorded no counters"

expect_exit 0 "$PAPBENCH" counters
if grep -qF "perf::TASK-CLOCK" out.txt; then
  expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 1k --iters 6 --warmup 1 --out c.h5 \
    --progress never --counters perf::TASK-CLOCK
  draw parsons-counters c.h5 -- "Figs. 3.7-3.13" "normalized arrival" "perf::TASK-CLOCK" \
    "Spearman rho"
else
  echo "plot_papers: parsons-counters not drawn (perf::TASK-CLOCK not countable here)"
fi

# A paper view without its cases names what it needs.
expect_exit 2 "$R" plot clv-fig10 sg.h5 --out x.svg
expect_contains err.txt "clv-fig10: no reduce case"
expect_exit 0 "$R" plot --list
for v in proficz-table3 proficz-table5 proficz-fig14 clv-fig11 clv-table1 parsons-pap \
  parsons-counters; do
  expect_contains out.txt "$v "
done
echo "plot_papers: ok"
