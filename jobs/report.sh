#!/usr/bin/env bash
# Summarizes finished papbench jobs: for every job directory (one holding result.h5, as written
# by jobs/slurm/papbench.sbatch and jobs/pbs/papbench.pbs) under the given paths, prints the
# experiment, the job's exit code and `papbench-report summary`; then, for each paper table the
# experiments name in their `tables` key, `papbench-report table NAME` over all their result
# sets when papbench-report implements that table.
#
# Plots (papbench-report plot, gnuplot): every finished job (one with exit-code.txt) gets
# DIR/plots/ with metric-vs (run time along what the experiment varied), cdf, and each of the
# experiment's tables that `papbench-report plot --list` draws, from that job's result set; the
# figures over all jobs of a table go to FIRST-PATH/plots/ when FIRST-PATH is a directory.
# PAPBENCH_PLOT_FORMAT=svg|png|pdf (default svg); PAPBENCH_PLOTS=0 skips them. A missing gnuplot
# skips the plots with one message; the summaries and tables are still printed.
#
#   jobs/report.sh results/                      # every job under results/
#   jobs/report.sh results/core-smoke-1234       # one job
#   PAPBENCH_REPORT_FORMAT=markdown jobs/report.sh results/
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$home/jobs/find-program.sh"
if [[ -n ${PAPBENCH_REPORT:-} ]]; then
  report=$PAPBENCH_REPORT
elif ! report=$(papbench_program papbench-report tools/papbench-report "$home"); then
  echo "report: error: cannot find papbench-report; build it, put an installed one on PATH" \
    "(module load papbench), or set PAPBENCH_REPORT" >&2
  exit 2
fi
format=${PAPBENCH_REPORT_FORMAT:-table}
plot_format=${PAPBENCH_PLOT_FORMAT:-svg}
(($# > 0)) || set -- results
first_path=$1

plots=1
if [[ ${PAPBENCH_PLOTS:-1} == 0 ]]; then
  plots=0
elif [[ -z ${PAPBENCH_GNUPLOT:-} ]] && ! command -v gnuplot >/dev/null; then
  echo "report: plots skipped: gnuplot not found (install the Debian package gnuplot-nox)" >&2
  plots=0
fi
plot_views=""
((plots == 0)) || plot_views=$("$report" plot --list)

# plot OUTDIR VIEW FILE...: one figure; a view that does not apply to the files (no case of its
# collective, too many conditions) says why and the report goes on.
plot() {
  local outdir=$1 view=$2; shift 2
  mkdir -p "$outdir"
  if "$report" plot "$view" "$@" --out "$outdir/$view.$plot_format" --force 2>"$outdir/$view.log"; then
    echo "  plot: $outdir/$view.$plot_format"
    rm -f "$outdir/$view.log"
  else
    echo "  plot $view: not drawn: $(tail -n 1 "$outdir/$view.log")"
  fi
}

mapfile -t files < <(find "$@" -name result.h5 -type f | LC_ALL=C sort)
if ((${#files[@]} == 0)); then
  echo "report: error: no result.h5 under: $*" >&2
  exit 2
fi

declare -A table_files=()
status=0
for f in "${files[@]}"; do
  dir=$(dirname "$f")
  rc=$(cat "$dir/exit-code.txt" 2>/dev/null || echo "unknown (still running or killed)")
  echo "== $dir (papbench exit code: $rc)"
  tables=""
  if [[ -f $dir/experiment.exp ]]; then
    sed -n 's/^[[:space:]]*\(name\|paper\|target\|reference\)[[:space:]]*=[[:space:]]*/  \1: /p' "$dir/experiment.exp"
    tables=$(sed -n 's/^[[:space:]]*tables[[:space:]]*=[[:space:]]*//p' "$dir/experiment.exp")
    for t in ${tables//,/ }; do table_files[$t]+="$f "; done
  fi
  # PAPBENCH_LAUNCHES > 1: the other launches' result sets, named for compare's comma lists.
  mapfile -t more < <(find "$dir" -maxdepth 1 -name 'result-*.h5' -type f | LC_ALL=C sort -V)
  if ((${#more[@]} > 0)); then
    launch_list=$(IFS=,; echo "$f,${more[*]}")
    echo "  launches: $((${#more[@]} + 1)) (compare them against another job's as one side: $launch_list)"
  fi
  # An interrupted job keeps its completed cases; the summary shows what is there.
  "$report" summary "$f" --format "$format" || status=1
  if ((plots == 1)) && [[ -f $dir/exit-code.txt ]]; then
    plot "$dir/plots" metric-vs "$f"
    plot "$dir/plots" cdf "$f"
    for t in ${tables//,/ }; do
      if grep -q "^$t " <<<"$plot_views"; then plot "$dir/plots" "$t" "$f"; fi
    done
  fi
  echo
done

available=$("$report" table --list)
for t in $(printf "%s\n" "${!table_files[@]}" | LC_ALL=C sort); do
  if grep -q "^$t " <<<"$available"; then
    echo "== paper table $t"
    read -r -a tf <<<"${table_files[$t]}"
    "$report" table "$t" "${tf[@]}" --format "$format" || status=1
    if ((plots == 1)) && [[ -d $first_path ]] && grep -q "^$t " <<<"$plot_views"; then
      plot "$first_path/plots" "$t" "${tf[@]}"
    fi
  else
    echo "== paper table $t: not implemented in papbench-report yet (see: $report table --list)"
  fi
done
exit "$status"
