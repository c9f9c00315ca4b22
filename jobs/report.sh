#!/usr/bin/env bash
# Summarizes finished papbench jobs: for every job directory (one holding result.h5, as written
# by jobs/slurm/papbench.sbatch and jobs/pbs/papbench.pbs) under the given paths, prints the
# experiment, the job's exit code and `papbench-report summary`; then, for each paper table the
# experiments name in their `tables` key, `papbench-report table NAME` over all their result
# sets when papbench-report implements that table.
#
#   jobs/report.sh results/                      # every job under results/
#   jobs/report.sh results/core-smoke-1234       # one job
#   PAPBENCH_REPORT_FORMAT=markdown jobs/report.sh results/
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n ${PAPBENCH_REPORT:-} ]]; then
  report=$PAPBENCH_REPORT
elif [[ -x $home/build/tools/papbench-report ]]; then
  report=$home/build/tools/papbench-report
elif command -v papbench-report >/dev/null; then
  report=$(command -v papbench-report)
else
  echo "report: error: cannot find papbench-report; build it or set PAPBENCH_REPORT" >&2
  exit 2
fi
format=${PAPBENCH_REPORT_FORMAT:-table}
(($# > 0)) || set -- results

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
  if [[ -f $dir/experiment.exp ]]; then
    sed -n 's/^[[:space:]]*\(name\|paper\|target\|reference\)[[:space:]]*=[[:space:]]*/  \1: /p' "$dir/experiment.exp"
    tables=$(sed -n 's/^[[:space:]]*tables[[:space:]]*=[[:space:]]*//p' "$dir/experiment.exp")
    for t in ${tables//,/ }; do table_files[$t]+="$f "; done
  fi
  # An interrupted job keeps its completed cases; the summary shows what is there.
  "$report" summary "$f" --format "$format" || status=1
  echo
done

available=$("$report" table --list)
for t in $(printf "%s\n" "${!table_files[@]}" | LC_ALL=C sort); do
  if grep -q "^$t " <<<"$available"; then
    echo "== paper table $t"
    read -r -a tf <<<"${table_files[$t]}"
    "$report" table "$t" "${tf[@]}" --format "$format" || status=1
  else
    echo "== paper table $t: not implemented in papbench-report yet (see: $report table --list)"
  fi
done
exit "$status"
