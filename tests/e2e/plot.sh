#!/usr/bin/env bash
# papbench-report plot on a tiny real run, as a user would draw it: every generic view to SVG
# and PNG (the SVG is XML with the axis labels and one curve per algorithm; the PNG, from
# gnuplot's pngcairo and from rsvg-convert, has ink), PDF, --script, and the errors (a missing
# gnuplot, a bad view, case or format) with exit 2 and the figure already there left alone.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/plot_lib.sh"
R=$PAPBENCH_REPORT
algs=(native binomial ring)

# Every iteration kept (--arrival-tolerance off): the views draw what summary keeps, and with 4
# ranks on 2 cores the default tolerance leaves out the maxdelay=0 cases' iterations, which the
# counts below (points, cells) would then miss by chance.
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --alg native,binomial,ring --count 1Ki \
  --dtype float --iters 6 --warmup 1 --compute 1ms --pattern uniform --maxdelay 0,1ms,2ms \
  --arrival-tolerance off --progress never --out r.h5

# --- metric-vs: one panel (one count), a curve per algorithm; x = count gives a panel per delay.
expect_exit 0 "$R" plot metric-vs r.h5 --out mv.svg
# The panel names the count with its bytes, as the tables' labels do (count=1Ki float (4KiB)).
expect_svg mv.svg "maximum delay [ms]" "run time [" "median with 95% CI" "papbench " "4 ranks on 1 node" \
  "reduce, count 1Ki float (4KiB), sum"
for a in "${algs[@]}"; do expect_curve mv.svg "$a" 1; done
[[ $(svg_plots mv.svg) == 3 ]] || fail "mv.svg: expected 3 curves, got $(svg_plots mv.svg)"
expect_exit 0 "$R" plot metric-vs r.h5 --x count --metric elapsed --out mvc.svg
expect_svg mvc.svg "count per rank [float elements of 4B]" "elapsed [" "maxdelay 1ms"
for a in "${algs[@]}"; do expect_curve mvc.svg "$a" 3; done
expect_exit 0 "$R" plot metric-vs r.h5 --x pattern --out mvp.svg
expect_svg mvp.svg "arrival pattern" "uniform"

# --- cdf: a staircase per algorithm and delay.
expect_exit 0 "$R" plot cdf r.h5 --out cdf.svg
expect_svg cdf.svg "fraction of iterations" "run time [" "maxdelay 2ms" "count 1Ki float (4KiB)"
for a in "${algs[@]}"; do expect_curve cdf.svg "$a" 3; done

# --- arrivals and heatmap of one case.
expect_exit 0 "$R" plot arrivals r.h5 --case 2 --iters 0,5 --out arr.svg
expect_svg arr.svg "time since the first arrival [" "rank" "timed iteration 5" "arrival" "exit" \
  "last arrival" "[2] reduce/" "on the global clock"
expect_curve arr.svg "in the collective (arrival to exit)" 2
expect_exit 0 "$R" plot heatmap r.h5 --case 1 --out heat.svg
expect_svg heat.svg "timed iteration" "rank" "arrival after the first rank [" "[1] reduce/"
# One filled cell per (iteration, rank): 6 x 4.
cells=$(svg_count heat.svg "//*[local-name()='g'][starts-with(@id,'gnuplot_plot_')]//*[local-name()='polygon'][@fill]")
[[ $cells == 24 ]] || fail "heat.svg: $cells cells, expected 24"

# --- PNG: gnuplot's own (pngcairo) and the SVGs converted; PDF.
for v in metric-vs cdf arrivals heatmap; do
  expect_exit 0 "$R" plot "$v" r.h5 --out "$v.png"
  expect_png_drawn "$v.png"
done
for f in mv cdf arr heat; do
  rsvg-convert "$f.svg" -o "$f-svg.png" || fail "rsvg-convert cannot read $f.svg"
  expect_png_drawn "$f-svg.png"
done
expect_exit 0 "$R" plot cdf r.h5 --out fig.pdf
[[ $(head -c 5 fig.pdf) == "%PDF-" ]] || fail "fig.pdf is not a PDF"
expect_exit 0 "$R" plot cdf r.h5 --out fig.img --format svg
xmllint --noout fig.img || fail "--format svg did not write SVG"

# --- --script: the script and data stay beside the figure and redraw it.
mkdir -p kept
expect_exit 0 "$R" plot metric-vs r.h5 --out kept/mv.svg --script
[[ -s kept/mv.gp && -s kept/mv.dat ]] || fail "--script left no kept/mv.gp and kept/mv.dat"
expect_contains kept/mv.gp "set output 'mv.svg'"
expect_contains kept/mv.gp "data = 'mv.dat'"
rm kept/mv.svg
(cd kept && gnuplot mv.gp) || fail "gnuplot cannot rerun kept/mv.gp"
expect_svg kept/mv.svg "maximum delay [ms]"
[[ -z $(find . -name '.papbench-plot.*') ]] || fail "a temporary directory was left behind"

# --- errors: exit 2, the reason named, an existing figure untouched (with --force, so that each
# check reaches its own error).
cp mv.svg keep.svg
expect_exit 2 "$R" plot metric-vs r.h5 --out keep.svg
expect_contains err.txt "--out: 'keep.svg' already exists; pass --force to replace it"
cp r.h5 r-copy.h5
expect_exit 2 "$R" plot metric-vs r-copy.h5 --out r-copy.h5 --format svg --force
expect_contains err.txt "--out: 'r-copy.h5' is the input result set 'r-copy.h5'"
cmp -s r.h5 r-copy.h5 || fail "plot overwrote its input result set"
expect_exit 2 "$R" plot metric-vs r.h5 --out keep.svg --script
expect_contains err.txt "already exists"
expect_exit 2 env -u PAPBENCH_GNUPLOT PATH=/nonexistent "$R" plot metric-vs r.h5 --out keep.svg --force
expect_contains err.txt "gnuplot not found"
expect_contains err.txt "gnuplot-nox"
expect_exit 2 env PAPBENCH_GNUPLOT=/nonexistent/gnuplot "$R" plot metric-vs r.h5 --out keep.svg --force
expect_contains err.txt "PAPBENCH_GNUPLOT=/nonexistent/gnuplot is not an executable"
# gnuplot itself failing is not the user's input: exit 1 with its exit status, old figure kept.
expect_exit 1 env PAPBENCH_GNUPLOT=/bin/false "$R" plot metric-vs r.h5 --out keep.svg --force
expect_contains err.txt "gnuplot failed (exit status 1)"
expect_exit 2 "$R" plot arrivals r.h5 --case 99 --out keep.svg --force
expect_contains err.txt "--case 99 is out of range"
expect_exit 2 "$R" plot arrivals r.h5 --iters 6 --out keep.svg --force
expect_contains err.txt "--iters 6 is out of range"
expect_exit 2 "$R" plot nope r.h5 --out keep.svg --force
expect_contains err.txt "unknown plot view 'nope'; available: metric-vs, arrivals, heatmap, cdf"
expect_exit 2 "$R" plot metric-vs r.h5 --out keep.svg --force --format gif
expect_contains err.txt "--format: gif not in {svg,png,pdf}"
expect_exit 2 "$R" plot metric-vs r.h5 --out keep.gif
expect_contains err.txt "cannot tell the format from --out keep.gif"
expect_exit 2 "$R" plot metric-vs r.h5
expect_contains err.txt "--out FIGURE is required"
expect_exit 2 "$R" plot metric-vs missing.h5 --out keep.svg --force
expect_contains err.txt "missing.h5"
expect_exit 2 "$R" plot metric-vs r.h5 --out no/such/dir/f.svg
expect_contains err.txt "directory 'no/such/dir': No such file or directory"
cmp -s mv.svg keep.svg || fail "a failed plot changed keep.svg"
expect_exit 0 "$R" plot --list
for v in metric-vs arrivals heatmap cdf; do expect_contains out.txt "$v "; done
# --- jobs/report.sh: every finished job gets plots/ (metric-vs, cdf, its experiment's paper
# view); the paper view over all jobs goes to the results directory; an unfinished job gets none.
mkdir -p results/fig10-1 results/fig10-2 results/running-3
for j in fig10-1 fig10-2 running-3; do cp r.h5 "results/$j/result.h5"; done
for j in fig10-1 fig10-2; do
  echo 0 >"results/$j/exit-code.txt"
  printf 'name = fig10\ntables = clv-fig10\n' >"results/$j/experiment.exp"
done
expect_exit 0 bash "$SOURCE_DIR/jobs/report.sh" results
for f in results/fig10-1/plots/{metric-vs,cdf,clv-fig10}.svg results/plots/clv-fig10.svg; do
  [[ -s $f ]] || { cat out.txt >&2; fail "jobs/report.sh wrote no $f"; }
  xmllint --noout "$f" || fail "$f is not XML"
done
expect_contains out.txt "plot: results/fig10-2/plots/clv-fig10.svg"
[[ ! -e results/running-3/plots ]] || fail "jobs/report.sh plotted an unfinished job"
expect_curve results/plots/clv-fig10.svg MPI 2
PAPBENCH_PLOT_FORMAT=png PAPBENCH_PLOTS=1 expect_exit 0 bash "$SOURCE_DIR/jobs/report.sh" results/fig10-1
expect_png_drawn results/fig10-1/plots/metric-vs.png
echo "plot: ok"
