#!/usr/bin/env bash
# Issue 46 item 4: papbench's native reduce beside OSU's osu_reduce, both buffer modes, one table.
# OSU is not part of papbench: build OSU Micro-Benchmarks yourself (e.g. 5.3, ./configure
# CC=mpicc CXX=mpicxx && make) and pass the directory that holds osu_reduce.
#
#   tools/compare-osu.sh OSU_COLLECTIVE_DIR [BUILD_DIR]     (BUILD_DIR default build-ci)
#
# Each of REPS rounds runs, in an order that rotates from round to round, osu_reduce -m
# MIN:MAX -i ITERS and papbench --collective reduce --alg native --count the same sizes
# --iters ITERS with --buffers cold and with --buffers warm (validation every iteration, the
# default). OSU's figure is its "Avg Latency": the mean over ranks of each rank's mean time in
# MPI_Reduce, a barrier between calls. papbench's is summary's elapsed median: the mean per-rank
# time in the call, median over the timed iterations. The table shows, per size, each column's
# median over the rounds [min, max] and the median over rounds of papbench / OSU within a round
# (side by side, so that a loaded round counts against both).
# Environment: RANKS (2), REPS (5), ITERS (1000), SIZES (65536,1048576: bytes, powers of two),
# INCLUDE_LATE (0; 1 keeps papbench's iterations off their planned arrival, for loaded machines),
# PAPBENCH_MPIEXEC (mpiexec), PAPBENCH / PAPBENCH_REPORT (other binaries, e.g. an older build
# to set beside this one). Launches get tools/mpiexec-flags.sh's flags; with more ranks than
# cores, OMPI_MCA_mpi_yield_when_idle=1 (as the project's runs), else none (ranks spin as OSU's).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
osu_dir=${1:?usage: tools/compare-osu.sh OSU_COLLECTIVE_DIR [BUILD_DIR]}
build=${2:-build-ci}
osu=$osu_dir/osu_reduce
papbench=${PAPBENCH:-$build/bench/papbench}
report=${PAPBENCH_REPORT:-$build/tools/papbench-report}
for exe in "$osu" "$papbench" "$report"; do
  [[ -x $exe ]] || { echo "compare-osu: $exe is not built" >&2; exit 2; }
done
# shellcheck source=tools/mpiexec-flags.sh
source "$here/mpiexec-flags.sh"
mpiexec=${PAPBENCH_MPIEXEC:-mpiexec}
ranks=${RANKS:-2}
reps=${REPS:-5}
iters=${ITERS:-1000}
sizes=${SIZES:-65536,1048576}
late=()
[[ ${INCLUDE_LATE:-0} == 1 ]] && late=(--include-late)
IFS=, read -r -a size_list <<<"$sizes"
counts=()
for s in "${size_list[@]}"; do
  ((s % 4 == 0)) || { echo "compare-osu: SIZES: $s is not a whole number of ints" >&2; exit 2; }
  counts+=($((s / 4)))
done
count_arg=$(IFS=,; echo "${counts[*]}")
min=${size_list[0]} max=${size_list[-1]}
work=$(mktemp -d)
trap 'rm -rf --one-file-system "$work"' EXIT

launch() {
  if ((ranks > $(nproc))); then
    OMPI_MCA_mpi_yield_when_idle=1 "$mpiexec" $PAPBENCH_MPIEXEC_FLAGS -n "$ranks" "$@"
  else
    "$mpiexec" $PAPBENCH_MPIEXEC_FLAGS -n "$ranks" "$@"
  fi
}

# One run of each kind; prints "KIND BYTES MICROSECONDS" lines into $work/figures.
run_osu() {
  launch "$osu" -m "$min:$max" -i "$iters" >"$work/osu.txt"
  for s in "${size_list[@]}"; do
    awk -v s="$s" '$1 == s { print "osu", s, $2 }' "$work/osu.txt"
  done
}
run_papbench() {  # MODE
  local h5=$work/$1-$round.h5
  launch "$papbench" --collective reduce --alg native --count "$count_arg" --buffers "$1" \
    --iters "$iters" --progress never --out "$h5" >"$work/$1.log"
  "$report" summary "$h5" --metric elapsed --format json "${late[@]}" |
    python3 -c '
import json, sys
mode = sys.argv[1]
for section in json.load(sys.stdin)["sections"]:
    for row in section["rows"]:
        if row["metric"] == "elapsed" and row["median_ns"] is not None:
            print(mode, row["count"] * 4, row["median_ns"] / 1e3)
' "$1"
}

echo "== $(date -u +%FT%TZ) $(hostname), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== $ranks ranks, native reduce of int sum, $iters iterations, $reps rounds; OSU: $osu"
kinds=(osu cold warm)
for round in $(seq 1 "$reps"); do
  for k in 0 1 2; do
    kind=${kinds[$(((round + k) % 3))]}
    if [[ $kind == osu ]]; then run_osu; else run_papbench "$kind"; fi | sed "s/^/$round /"
  done
done >"$work/figures"
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/figures" "$sizes" <<'PY'
import statistics as st, sys
rows = [line.split() for line in open(sys.argv[1])]
fig = {}
for rnd, kind, size, us in rows:
    fig.setdefault((kind, int(size)), {})[rnd] = float(us)
def col(kind, size):
    v = sorted(fig.get((kind, size), {}).values())
    return f"{st.median(v):8.1f} [{v[0]:.1f}, {v[-1]:.1f}]" if v else "-"
def ratio(kind, size):
    a, o = fig.get((kind, size), {}), fig.get(("osu", size), {})
    r = sorted(a[k] / o[k] for k in a if k in o)
    return f"{st.median(r):5.2f} [{r[0]:.2f}, {r[-1]:.2f}]" if r else "-"
print(f"{'bytes':>8}  {'OSU avg us':>24}  {'cold elapsed us':>24}  {'cold/OSU':>18}  "
      f"{'warm elapsed us':>24}  {'warm/OSU':>18}")
for size in (int(s) for s in sys.argv[2].split(",")):
    print(f"{size:>8}  {col('osu', size):>24}  {col('cold', size):>24}  {ratio('cold', size):>18}  "
          f"{col('warm', size):>24}  {ratio('warm', size):>18}")
PY
