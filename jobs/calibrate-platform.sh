#!/usr/bin/env bash
# Calibrates a SimGrid platform (jobs/platforms/*.xml) with papbench's own ping-pong under SMPI
# (issue 44 item 2): 2 simulated ranks, rank 0 -> rank 1 -> rank 0 (pingpong/native, blocking
# MPI_Send/MPI_Recv), 8 B, 8 KiB, 1, 2 and 4 MiB, 1 warm-up and 3 timed iterations each (the
# simulation is deterministic: every iteration gives the same time). Prints per size the round
# trip, the one-way time (half of it) and size/one-way, then
#   latency   the one-way time at 8 B
#   bandwidth (4 MiB - 1 MiB) / (T(4 MiB) - T(1 MiB)), Hockney's 1/beta over 1-4 MiB, in MB/s
#             (10^6 B/s), and 4 MiB / T(4 MiB)
# docs/PLATFORMS.md holds these figures for every platform next to the paper's.
#
# Usage: jobs/calibrate-platform.sh [--same-host] PLATFORM.xml
#   --same-host  both ranks on the platform's first host (the intra-node path: the cluster's
#                loopback link); default: rank 0 on the first host, rank 1 on the second
#                (smpirun's default placement), the inter-node path
# Environment: PAPBENCH (an SMPI build of papbench; default build-smpi/bench/papbench of this
# checkout, then what jobs/find-program.sh finds), SMPIRUN (default smpirun on PATH).
# Exits 2 for a bad argument or a papbench that is not an SMPI build, 1 when the run fails.
set -euo pipefail

home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage_error() { echo "calibrate-platform: $*" >&2; exit 2; }
same_host=0 platform=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --same-host) same_host=1; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage_error "unknown option '$1'; accepted: --same-host, PLATFORM.xml (see --help)" ;;
    *) [[ -z $platform ]] || usage_error "one platform file only ('$platform', then '$1')"
       platform=$1; shift ;;
  esac
done
[[ -n $platform ]] || usage_error "no platform file; usage: jobs/calibrate-platform.sh [--same-host] PLATFORM.xml"
[[ -f $platform && -r $platform ]] || usage_error "'$platform' is not a readable file"
grep -q '<platform' "$platform" ||
  usage_error "'$platform' is not a SimGrid platform file (no <platform> element)"
platform=$(realpath "$platform")

source "$home/jobs/find-program.sh"
if [[ -n ${PAPBENCH:-} ]]; then
  papbench=$PAPBENCH
elif [[ -x $home/build-smpi/bench/papbench ]]; then
  papbench=$home/build-smpi/bench/papbench
elif ! papbench=$(papbench_program papbench bench/papbench "$home"); then
  usage_error "cannot find papbench: build the smpi preset (cmake --preset smpi), or set PAPBENCH"
fi
[[ -x $papbench ]] || usage_error "PAPBENCH: '$papbench' is not an executable"
papbench=$(realpath "$papbench")
# smpicxx links papbench against libsimgrid; a build for a real MPI cannot run under smpirun.
libs=$(ldd "$papbench" 2>/dev/null || true)  # whole, not piped: grep -q would cut ldd short
[[ $libs == *libsimgrid* ]] ||
  usage_error "'$papbench' is not an SMPI build (no libsimgrid): cmake --preset smpi, or set PAPBENCH"
smpirun=${SMPIRUN:-smpirun}
command -v "$smpirun" >/dev/null ||
  usage_error "cannot find smpirun (SimGrid 3.32: tools/bootstrap.sh --smpi), or set SMPIRUN"

work=$(mktemp -d "${TMPDIR:-/tmp}/calibrate-platform.XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT
cd "$work"

placement=()
if ((same_host)); then
  # The first host of the platform's first cluster: prefix, first radical, suffix.
  tag=$(tr '\n' ' ' <"$platform" | grep -o '<cluster[^>]*>' | head -n 1 || true)
  attr() { sed -n "s/.*[[:space:]]$1=\"\([^\"]*\)\".*/\1/p" <<<"$tag"; }
  [[ -n $tag ]] || usage_error "--same-host needs a platform with a <cluster> element"
  first=$(attr radical); first=${first%%[-,]*}
  host="$(attr prefix)${first}$(attr suffix)"
  echo "$host:2" >hosts
  placement=(-hostfile hosts)
fi

sizes="8,8Ki,1Mi,2Mi,4Mi"
# simulate-computation:no: no host time becomes simulated time, so the figures are the network
# model's alone and the same on every machine (docs/SIMULATION.md).
if ! "$smpirun" -np 2 -platform "$platform" "${placement[@]}" \
    --cfg=smpi/simulate-computation:no --log=root.thres:warning \
    "$papbench" --collective pingpong --alg native --dtype uint8 --count "$sizes" \
    --iters 3 --warmup 1 --seed 1 --progress never --out pp.h5 >run.txt 2>&1; then
  cat run.txt >&2
  echo "calibrate-platform: the ping-pong under smpirun failed (above)" >&2
  exit 1
fi

# papbench's summary table: "pingpong/native count=8 uint8 (8B) ... <run time> <unit> ...";
# the run time (max exit - min arrival) of a ping-pong is rank 0's round trip.
echo "platform: $platform"
echo "path:     $( ((same_host)) && echo "intra-node ($host, both ranks)" || echo "inter-node (ranks on the first two hosts)")"
echo "papbench: $papbench"
awk '
  function ns(v, u) { return v * (u == "ns" ? 1 : u == "us" ? 1e3 : u == "ms" ? 1e6 : 1e9) }
  function bytes(label,   n, u) {  # "(8B)", "(8KiB)", "(4MiB)"
    gsub(/[()]/, "", label); n = label + 0; u = label; sub(/^[0-9.]+/, "", u)
    return n * (u == "KiB" ? 1024 : u == "MiB" ? 1048576 : u == "GiB" ? 1073741824 : 1)
  }
  /^pingpong\/native count=/ {
    m = bytes($4); rt = ns($9, $10); one = rt / 2; t[m] = one
    printf "  %9d B  round trip %12.3f us  one-way %12.3f us  %10.1f MB/s\n", m, rt / 1e3, one / 1e3, m / one * 1e3
    n++
  }
  END {
    if (n != 5 || !(8 in t) || !(1048576 in t) || !(4194304 in t)) {
      print "calibrate-platform: papbench printed " n " ping-pong rows, expected 5" > "/dev/stderr"; exit 1
    }
    printf "latency   %.2f us (one-way, 8 B)\n", t[8] / 1e3
    printf "bandwidth %.1f MB/s (1-4 MiB slope, 1/beta); %.1f MB/s (4 MiB / one-way time)\n",
      3 * 1048576 / (t[4194304] - t[1048576]) * 1e3, 4194304 / t[4194304] * 1e3
  }' run.txt
