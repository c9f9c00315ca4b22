#!/usr/bin/env bash
# Measures what a simulated papbench run costs the host (issue 44 item 5): per rank count, one
# collective under smpirun on the [Parsons2015] Cray XE6 platform (--ppn consecutive ranks a node),
# run twice, with 1 and with N timed iterations; prints the host CPU seconds (user + sys) of
# each, the CPU seconds per simulated iteration ((T(N) - T(1)) / (N - 1): the set-up, clock sync
# and writing cancel out), and the peak memory (max RSS of smpimain, every simulated rank is a
# thread of it) in total and per rank. docs/SIMULATION.md, "Simulation cost", holds its figures.
# CPU seconds, not wall: on a machine shared with other work the wall time measures the others.
#
# Usage: jobs/simulation-cost.sh [--ranks LIST] [--ppn K] [--iters N] [--collective NAME:ALG]
#                                [--count N]
#   --ranks LIST       comma list of rank counts, multiples of K (default 64,256,1024,2048)
#   --ppn K            consecutive ranks a simulated node, 1..32 (default 32, the XE6's cores)
#   --iters N          timed iterations of the long run, at least 2 (default 10)
#   --collective C:A   a collective and its algorithm, repeatable (default reduce:binomial and
#                      allgather:mpich-ring)
#   --count N          elements per rank, int (default 8: a small message)
# SMPI's collectives are MPICH's (--cfg=smpi/coll-selector:mpich, the Cray's library), as
# jobs/reproduce-simulated.sh runs them; SMPI_ARGS="--cfg=smpi/coll-selector:default" measures
# SMPI's default selector.
# Environment: PAPBENCH (an SMPI build; default build-smpi/bench/papbench), SMPIRUN, SMPI_ARGS
# (more smpirun options, after the script's, e.g. "--cfg=smpi/privatization:no" to compare).
# Exits 2 for a bad option or a papbench that is not an SMPI build, 1 when a run fails.
set -euo pipefail

home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage_error() { echo "simulation-cost: $*" >&2; exit 2; }
ranks_list=64,256,1024,2048 iters=10 count=8 ppn=32 cases=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --ranks) [[ $# -ge 2 && $2 =~ ^[0-9]+(,[0-9]+)*$ ]] ||
               usage_error "--ranks needs a comma list of rank counts (multiples of --ppn), e.g. 64,256"
             ranks_list=$2; shift 2 ;;
    --ppn) [[ $# -ge 2 && $2 =~ ^[0-9]+$ && $2 -ge 1 && $2 -le 32 ]] ||
             usage_error "--ppn needs an integer 1..32 (ranks a simulated node)"
           ppn=$2; shift 2 ;;
    --iters) [[ $# -ge 2 && $2 =~ ^[0-9]+$ && $2 -ge 2 ]] ||
               usage_error "--iters needs an integer >= 2"
             iters=$2; shift 2 ;;
    --collective) [[ $# -ge 2 && $2 =~ ^[a-z_]+:[a-z0-9_-]+$ ]] ||
                    usage_error "--collective needs COLLECTIVE:ALG, e.g. reduce:binomial"
                  cases+=("$2"); shift 2 ;;
    --count) [[ $# -ge 2 && $2 =~ ^[0-9]+$ && $2 -ge 1 ]] || usage_error "--count needs an integer >= 1"
             count=$2; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) usage_error "unknown argument '$1'; accepted: --ranks LIST, --ppn K, --iters N, --collective C:A, --count N" ;;
  esac
done
((${#cases[@]} > 0)) || cases=(reduce:binomial allgather:mpich-ring)
IFS=, read -r -a ranks <<<"$ranks_list"
for n in "${ranks[@]}"; do
  ((n >= ppn && n % ppn == 0)) || usage_error "--ranks: $n is not a positive multiple of --ppn $ppn"
  ((n / ppn <= 2048)) || usage_error "--ranks: $n needs more than the platform's 2048 nodes at --ppn $ppn"
done
papbench=${PAPBENCH:-$home/build-smpi/bench/papbench}
[[ -x $papbench ]] || usage_error "cannot find papbench's SMPI build ('$papbench'): cmake --preset smpi, or set PAPBENCH"
papbench=$(realpath "$papbench")
libs=$(ldd "$papbench" 2>/dev/null || true)
[[ $libs == *libsimgrid* ]] || usage_error "PAPBENCH: '$papbench' is not an SMPI build (no libsimgrid)"
smpirun=${SMPIRUN:-smpirun}
command -v "$smpirun" >/dev/null || usage_error "cannot find smpirun (tools/bootstrap.sh --smpi), or set SMPIRUN"
[[ -x /usr/bin/time ]] || usage_error "needs /usr/bin/time (Debian: apt-get install time)"
read -r -a extra <<<"${SMPI_ARGS:-}"
platform=$home/jobs/platforms/parsons2015-cray-xe6-gemini.xml

work=$(mktemp -d "${TMPDIR:-/tmp}/simulation-cost.XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT
cd "$work"

run() {  # RANKS COLLECTIVE ALG ITERS -> "cpu_s maxrss_kb"
  local n=$1 hosts=$(($1 / ppn)) i
  for ((i = 0; i < hosts; i++)); do echo "nid$i:$ppn"; done >hosts
  if ! /usr/bin/time -f '%U %S %M' -o time.txt "$smpirun" -np "$n" -platform "$platform" \
      -hostfile hosts --cfg=smpi/simulate-computation:no --cfg=smpi/coll-selector:mpich \
      --log=root.thres:warning "${extra[@]}" \
      "$papbench" --collective "$2" --alg "$3" --count "$count" --dtype int --iters "$4" \
      --warmup 1 --seed 1 --progress never --out run.h5 --force >run.log 2>&1; then
    cat run.log >&2
    echo "simulation-cost: $2/$3 at $n ranks, $4 iterations failed (above)" >&2
    exit 1
  fi
  awk '{ printf "%.2f %d\n", $1 + $2, $3 }' time.txt
}

echo "platform: $platform; $ppn ranks a node; $count ints a rank; papbench: $papbench"
printf '| %-22s | %6s | %12s | %13s | %14s | %12s | %12s |\n' collective ranks "CPU s, 1 it." \
  "CPU s, $iters it." "CPU s / iter." "max RSS MiB" "RSS KiB/rank"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for c in "${cases[@]}"; do
  for n in "${ranks[@]}"; do
    read -r t1 _ < <(run "$n" "${c%%:*}" "${c#*:}" 1)
    read -r tn rss < <(run "$n" "${c%%:*}" "${c#*:}" "$iters")
    awk -v c="$c" -v n="$n" -v t1="$t1" -v tn="$tn" -v k="$iters" -v rss="$rss" 'BEGIN {
      printf "| %-22s | %6d | %12.2f | %13.2f | %14.3f | %12.0f | %12.0f |\n",
        c, n, t1, tn, (tn - t1) / (k - 1), rss / 1024, rss / n }'
  done
done
