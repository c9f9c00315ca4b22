#!/usr/bin/env bash
# README command 1: install what papbench needs, build it, and run the default experiment:
# reduce vs. allreduce (the MPI library's own) on 4 ranks, without and with a uniform arrival
# pattern of up to 50 ms, and print the summary table and the result file.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PAPBENCH_BUILD_DIR:-$root/build}

if [[ -z ${PAPBENCH_SKIP_SETUP:-} ]]; then
  "$root/tools/bootstrap.sh"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build "$build" --target papbench papbench-report
fi

source "$root/tools/mpiexec-flags.sh"
out_dir=${PAPBENCH_OUT_DIR:-$PWD}
out="$out_dir/papbench-$(date -u +%Y%m%d-%H%M%S)-quickstart.h5"
"${PAPBENCH_MPIEXEC:-mpiexec}" $PAPBENCH_MPIEXEC_FLAGS -n 4 "$build/bench/papbench" \
  --collective reduce,allreduce --alg native --count 16Ki --maxdelay 0,50ms --iters 30 \
  --out "$out"
echo
echo "Per-case statistics (CI of the median, sd, min, max):"
echo "  $build/tools/papbench-report summary $out"
