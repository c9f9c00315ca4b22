#!/usr/bin/env bash
# README command 1: install what papbench needs, build it, and run the default experiment:
# reduce vs. allreduce (the MPI library's own) on 4 ranks, without and with a uniform arrival
# pattern of up to 50 ms, and print the summary table and the result file.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PAPBENCH_BUILD_DIR:-$root/build}

# Each stage says how long it took (the first run on a fresh 2-core machine: about 4 minutes).
stage_start=$SECONDS
stage_done() {
  echo "== quickstart: $1 took $((SECONDS - stage_start)) s"
  stage_start=$SECONDS
}

if [[ -z ${PAPBENCH_SKIP_SETUP:-} ]]; then
  "$root/tools/bootstrap.sh"
  stage_done "install (tools/bootstrap.sh)"
  # Only the two programs, without debug info (preset quickstart); tools/test.sh builds the rest.
  (cd "$root" && cmake --preset quickstart -B "$build" >/dev/null &&
    cmake --build "$build" --target papbench papbench-report)
  stage_done "build (papbench, papbench-report)"
fi

source "$root/tools/mpiexec-flags.sh"
out_dir=${PAPBENCH_OUT_DIR:-$PWD}
out="$out_dir/papbench-$(date -u +%Y%m%d-%H%M%S)-quickstart.h5"
# On fewer cores than ranks the scheduler, not papbench, decides when a rank runs: arrivals miss
# their planned instant by milliseconds, and the default --arrival-tolerance (5 us at maxdelay 0)
# would leave out every iteration of the simultaneous cases. Keep them all there, and say so.
ranks=4
tolerance=()
if (($(nproc) < ranks)); then
  tolerance=(--arrival-tolerance off)
  echo "quickstart: $ranks ranks on $(nproc) cores, so --arrival-tolerance off (every iteration" \
    "kept; on a machine with a core per rank the default leaves out those off their plan)"
fi
"${PAPBENCH_MPIEXEC:-mpiexec}" $PAPBENCH_MPIEXEC_FLAGS -n "$ranks" "$build/bench/papbench" \
  --collective reduce,allreduce --alg native --count 16Ki --maxdelay 0,50ms --iters 30 \
  "${tolerance[@]}" --out "$out"
stage_done "run (papbench, $ranks ranks)"
echo
echo "Per-case statistics (CI of the median, sd, min, max):"
echo "  $build/tools/papbench-report summary $out"
