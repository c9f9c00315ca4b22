#!/usr/bin/env bash
# Issue 30, items 1 and 3, on a quiet machine (about 2 minutes):
#   1. the window start against the barrier start: 2 ranks, 8 B native reduce, 2000 iterations,
#      both modes in one call of this script; arrival error |a_i - planned_i| p50/p99 (every
#      rank-iteration), achieved imbalance (max a - min a) p50, elapsed (f_i - a_i) median and
#      the window/barrier ratio of the elapsed medians. Targets: 100 ns / 1 us, 150 ns, 1.2x.
#   3. clock sync: three `papbench sync-check` runs at 4 and at 8 ranks (offset 10 ms, drift
#      100 ppm, 10 s, resync 1 s): max error, claimed bound, bound/max, violations.
#      Targets at 4 ranks: max <= 1 us and bound <= 5x max in all three.
#
#   tools/measure-start-precision.sh [BUILD_DIR]    (default build-dev; needs papbench and
#                                                   papbench-report built there; python3)
# Environment: PAPBENCH_MPIEXEC (default mpiexec), RUNS (sync-check runs per rank count, 3),
# ITERS (2000), PAPBENCH / PAPBENCH_REPORT (other binaries, e.g. an older build to compare).
# Where papbench-micro is built, its BM_StartPath (the start path alone, before and now) runs
# first. Runs with fewer ranks than cores get no yield setting (ranks spin in MPI as
# OSU's do); oversubscribed ones get OMPI_MCA_mpi_yield_when_idle=1 as the project's runs do.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build-dev}
papbench=${PAPBENCH:-$build/bench/papbench}
report=${PAPBENCH_REPORT:-$build/tools/papbench-report}
micro=$build/bench/micro/papbench-micro
for exe in "$papbench" "$report"; do
  [[ -x $exe ]] || { echo "measure-start-precision: $exe is not built" >&2; exit 2; }
done
# shellcheck source=tools/mpiexec-flags.sh
source "$here/mpiexec-flags.sh"
mpiexec=${PAPBENCH_MPIEXEC:-mpiexec}
runs=${RUNS:-3}
iters=${ITERS:-2000}
cpus=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_MCA_btl_vader_single_copy_mechanism=none

launch() {  # launch RANKS args...: yield only where ranks outnumber the cores
  local n=$1
  shift
  if ((n > cpus)); then
    OMPI_MCA_mpi_yield_when_idle=1 "$mpiexec" $PAPBENCH_MPIEXEC_FLAGS -n "$n" "$@"
  else
    "$mpiexec" $PAPBENCH_MPIEXEC_FLAGS -n "$n" "$@"
  fi
}

echo "== $(date -u +%FT%TZ) $(hostname), $cpus CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== papbench $("$papbench" --version 2>/dev/null | head -1)"
if [[ -x $micro ]]; then
  echo
  echo "BM_StartPath (one process; now:0 is the path before issue 30, now:1 today's):"
  "$micro" --benchmark_filter=BM_StartPath 2>/dev/null |
    sed -n 's/^BM_StartPath\/\([^ ]*\)\/iterations:[0-9]* .* \(arrival_p50.*\)$/  \1  \2/p'
fi
echo
echo "item 1: 2 ranks, reduce 8 B (1 double) native, $iters iterations"
for mode in barrier window; do
  launch 2 "$papbench" --collective reduce --alg native --count 1 --dtype double --op sum \
    --iters "$iters" --warmup 20 --sync "$mode" --progress never --out "$work/$mode.h5" \
    --force >"$work/$mode.log"
  "$report" export csv "$work/$mode.h5" --out "$work/$mode.csv" >/dev/null 2>&1
done
python3 - "$work/barrier.csv" "$work/window.csv" <<'PY'
import csv, sys
from collections import defaultdict
def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(p * (len(v) - 1) + 0.5))] if v else float("nan")
rows = {}
for path, mode in zip(sys.argv[1:], ("barrier", "window")):
    # Iterations a rank was late in are left out, as papbench-report leaves them out.
    by_iter = defaultdict(list)
    for r in csv.DictReader(open(path)):
        by_iter[r["iteration"]].append(r)
    err, el, imb, late = [], [], [], 0
    for rows_of_it in by_iter.values():
        if any(r["late"] in ("1", "true") for r in rows_of_it):
            late += 1
            continue
        a = [int(r["arrival_ns"]) for r in rows_of_it]
        imb.append(max(a) - min(a))
        for r, ai in zip(rows_of_it, a):
            err.append(abs(ai - int(r["planned_arrival_ns"])))
            el.append(int(r["exit_ns"]) - ai)
    rows[mode] = (pct(err, .5), pct(err, .99), pct(imb, .5), pct(imb, .99), pct(el, .5), late)
print(f"{'mode':8} {'err p50':>8} {'err p99':>8} {'imb p50':>8} {'imb p99':>8} {'elapsed p50':>11} "
      f"{'late its':>8}")
for mode, (e50, e99, i50, i99, m, late) in rows.items():
    print(f"{mode:8} {e50:8} {e99:8} {i50:8} {i99:8} {m:11} {late:8}")
ratio = rows["window"][4] / max(rows["barrier"][4], 1)
print(f"window/barrier elapsed median: {ratio:.2f}x  (targets: err p50 <= 100, p99 <= 1000, "
      f"imb p50 <= 150 ns, ratio <= 1.2)")
PY
echo
echo "item 3: sync-check --inject-clock-offset 10ms --inject-clock-drift 100 --duration 10s --resync 1s"
printf '%5s %4s %10s %10s %10s %9s %10s %11s\n' ranks run max_ns median_ns bound_ns bound/max violations rtt_min_max
for ranks in 4 8; do
  for run in $(seq 1 "$runs"); do
    launch "$ranks" "$papbench" sync-check --inject-clock-offset 10ms --inject-clock-drift 100 \
      --duration 10s --resync 1s --json >"$work/sync.json"
    python3 - "$work/sync.json" "$ranks" "$run" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
mx, b = d["max_abs_error_ns"], d["error_bound_ns"]
rtt = max(r["rtt_min_worst_ns"] for r in d["per_rank"])
print(f"{sys.argv[2]:>5} {sys.argv[3]:>4} {mx:10} {d['median_abs_error_ns']:10} {b:10} "
      f"{b / max(mx, 1):9.1f} {d['bound_violations']:10} {rtt:11}")
PY
  done
done
