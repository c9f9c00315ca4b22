#!/usr/bin/env bash
# Reproduces the papers' seed experiments on simulated clusters of their testbeds (issue 44 item
# 3): runs every jobs/experiments/*-simulated.exp under SimGrid's SMPI (smpirun, no root needed) on
# the file's `platform` (jobs/platforms/), `nodes` simulated hosts (a list: one run per value;
# --quick: `quick.nodes`) with `ppn` consecutive ranks each, then writes a report directory as
# jobs/reproduce-emulated.sh does:
#   results/*.h5          the result sets (results/FILE[-N].h5), each run's log and hostfile
#   tables/NAME.md        papbench-report table NAME over the result sets that list NAME in
#                         their file's `tables`, as markdown (paper value, ours, verdict per row)
#   tables/nuriyev2022-model-bcast.md  papbench-report model bcast (Tables 1-3)
#   verdicts.txt          papbench-report table --verdicts: per paper artefact, rows agreeing
#                         in sign / rows with a verdict
#   skipped.txt           the algorithms (and whole files) left out because the SMPI build refuses
#                         them, with papbench's reason (papbench list: "under SMPI: no: ...")
#   runtime.txt           host CPU seconds (user + sys) and wall seconds per run, and the totals
# Why simulated: the papers ran 48 to 32768 processes on real networks; an SMPI run gives their
# scale and network on one machine, deterministically (docs/SIMULATION.md, docs/PLATFORMS.md).
#
# Usage: jobs/reproduce-simulated.sh [--quick] [--paper KEY] [--out DIR]
#   --quick      each file's quick variant at its `quick.nodes` (about 10 minutes of CPU on 2 cores)
#   --paper KEY  only one paper's files: proficz2020, proficz2021, parsons2015, kang2019, nuriyev2022
#   --out DIR    the report directory (default reproduce-simulated-YYYYmmdd-HHMMSS; must not exist)
# Environment: PAPBENCH (an SMPI build; default build-smpi/bench/papbench of this checkout),
# PAPBENCH_REPORT (default build-ci/tools/papbench-report, build/tools/papbench-report, then
# PATH), SMPIRUN (default smpirun), RUN_TIMEOUT (seconds per run, default 3600).
# Exits 2 for a bad option or a missing program, 1 when a run or a view fails (the rest still
# run; failures.txt names them).
set -euo pipefail

home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=0 out="" paper=""
papers=(proficz2020 proficz2021 parsons2015 kang2019 nuriyev2022)
usage_error() { echo "reproduce-simulated: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) [[ $# -ge 2 ]] || usage_error "--out needs a directory"; out=$2; shift 2 ;;
    --paper)
      [[ $# -ge 2 ]] || usage_error "--paper needs a key; accepted: ${papers[*]}"
      [[ " ${papers[*]} " == *" $2 "* ]] ||
        usage_error "--paper: unknown key '$2'; accepted: ${papers[*]}"
      paper=$2; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) usage_error "unknown argument '$1'; accepted: --quick, --paper KEY, --out DIR (see --help)" ;;
  esac
done
out=${out:-reproduce-simulated-$(date -u +%Y%m%d-%H%M%S)}
[[ ! -e $out ]] || usage_error "--out: '$out' exists; name a new directory"

source "$home/jobs/find-program.sh"
if [[ -n ${PAPBENCH:-} ]]; then
  papbench=$PAPBENCH
elif [[ -x $home/build-smpi/bench/papbench ]]; then
  papbench=$home/build-smpi/bench/papbench
else
  usage_error "cannot find papbench's SMPI build: cmake --preset smpi && cmake --build build-smpi --target papbench, or set PAPBENCH"
fi
[[ -x $papbench ]] || usage_error "PAPBENCH: '$papbench' is not an executable"
papbench=$(realpath "$papbench")
libs=$(ldd "$papbench" 2>/dev/null || true)  # whole, not piped: grep -q would cut ldd short
[[ $libs == *libsimgrid* ]] ||
  usage_error "PAPBENCH: '$papbench' is not an SMPI build (no libsimgrid): cmake --preset smpi"
if [[ -n ${PAPBENCH_REPORT:-} ]]; then
  report=$PAPBENCH_REPORT
elif [[ -x $home/build-ci/tools/papbench-report ]]; then
  report=$home/build-ci/tools/papbench-report
elif ! report=$(papbench_program papbench-report tools/papbench-report "$home"); then
  usage_error "cannot find papbench-report: cmake --preset ci && cmake --build build-ci --target papbench-report, or set PAPBENCH_REPORT"
fi
report=$(realpath "$report")
smpirun=${SMPIRUN:-smpirun}
command -v "$smpirun" >/dev/null ||
  usage_error "cannot find smpirun (SimGrid 3.32: tools/bootstrap.sh --smpi), or set SMPIRUN"
[[ -x /usr/bin/time ]] || usage_error "needs /usr/bin/time (Debian: apt-get install time) for the CPU seconds"
timeout_s=${RUN_TIMEOUT:-3600}

files=(
  proficz2020-table3-simulated proficz2020-table4-simulated proficz2021-fig10-simulated
  parsons2015-table2.1-allgather-simulated parsons2015-table2.1-reduce-scatter-simulated
  parsons2015-table2.1-scatter-simulated parsons2015-reduce-imbalance-simulated
  kang2019-fig4-simulated
  nuriyev2022-table1-gamma-simulated nuriyev2022-table1-gamma-shm-simulated
  nuriyev2022-table2-simulated nuriyev2022-fig9-simulated
)
key() {  # FILE KEY -> the value of `KEY = value` in FILE, empty when absent
  sed -n "s/^$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1
}
# smpi/simulate-computation:no: no host time becomes simulated time (docs/SIMULATION.md).
# smpi/coll-selector:mpich: SMPI's collectives (papbench's native ones and the harness's own)
# as MPICH chooses them. Not SMPI's default selector: its MPI_Allgather is an MPI_Iallgather of
# every pair at once, whose bookkeeping made a 128-rank run cost 32 s of host CPU instead of 1.5;
# not the ompi selector: it ended a 2-rank run with SIGFPE (docs/SIMULATION.md, "Simulation cost").
# smpi/test:0: SMPI sleeps smpi/test (default 100 us, growing with each failed test) of simulated
# time in every MPI_Test; the PAT runtime polls its requests without a thread and refuses to run
# with it (docs/SIMULATION.md, "The PAT runtime without a thread").
# smpi/iprobe:0: SMPI sleeps smpi/iprobe (default 100 us, times a counter that every failed probe
# of any rank raises) in every MPI_Iprobe, and MPI_Probe is a loop of them; the dynamic leaders
# probe while they wait, and the sleeps made [Parsons2015]'s dynamic leader 0.9 ms late
# (docs/SIMULATION.md, "Probes: no injected time").
smpi_opts=(--cfg=smpi/simulate-computation:no --cfg=smpi/coll-selector:mpich --cfg=smpi/test:0
  --cfg=smpi/iprobe:0 --log=root.thres:warning)

mkdir -p "$out/results" "$out/tables" "$out/plots"
out=$(realpath "$out")
: >"$out/skipped.txt"

# What the SMPI build refuses: "COLLECTIVE ALG REASON" from papbench list's "under SMPI: no:" lines.
work=$(mktemp -d "${TMPDIR:-/tmp}/reproduce-simulated.XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT
(cd "$work" && "$smpirun" -np 1 -platform "$home/jobs/platforms/cluster-10gbe.xml" "${smpi_opts[@]}" \
  "$papbench" list >list.txt 2>list.err) ||
  { cat "$work/list.err" >&2; echo "reproduce-simulated: papbench list under smpirun failed" >&2; exit 1; }
awk '/^[a-z_]+ / { coll = $1 } /^    [a-z]/ { alg = $1 }
     /^ +under SMPI: no: / { sub(/^ +under SMPI: no: /, ""); print coll, alg, $0 }' \
  "$work/list.txt" >"$work/refused.txt"

# The first N hosts of the platform's first <cluster> (prefix, radical start, suffix), PPN each.
hostfile() {  # PLATFORM N PPN
  local tag prefix suffix first i
  tag=$(tr '\n' ' ' <"$1" | grep -o '<cluster[^>]*>' | head -n 1 || true)
  [[ -n $tag ]] || { echo "reproduce-simulated: $1 has no <cluster> element" >&2; return 1; }
  attr() { sed -n "s/.*[[:space:]]$1=\"\([^\"]*\)\".*/\1/p" <<<"$tag"; }
  prefix=$(attr prefix) suffix=$(attr suffix) first=$(attr radical)
  first=${first%%[-,]*}
  for ((i = 0; i < $2; i++)); do echo "$prefix$((first + i))$suffix:$3"; done
}

failures=() ok_results=()
declare -A table_files  # view -> result sets
cpu_total=0 wall_total=0
printf '%-52s %9s %9s\n' "experiment file (hosts x ranks)" "cpu s" "wall s" | tee "$out/runtime.txt"
for name in "${files[@]}"; do
  [[ -z $paper || $name == "$paper"-* ]] || continue
  exp=$home/jobs/experiments/$name.exp
  platform=$home/jobs/platforms/$(key "$exp" platform)
  ppn=$(key "$exp" ppn)
  collective=$(key "$exp" collective)

  nodes=$(key "$exp" nodes)
  ((quick)) && [[ -n $(key "$exp" quick.nodes) ]] && nodes=$(key "$exp" quick.nodes)
  algs=$(key "$exp" alg)
  ((quick)) && [[ -n $(key "$exp" quick.alg) ]] && algs=$(key "$exp" quick.alg)
  # Leave out what the SMPI build refuses, saying why; a file with nothing left is skipped.
  kept=()
  IFS=, read -r -a alg_list <<<"$algs"
  for a in "${alg_list[@]}"; do
    why=$(awk -v c="$collective" -v a="${a%%:*}" '$1 == c && $2 == a { $1 = ""; $2 = ""; sub(/^  /, ""); print; exit }' \
      "$work/refused.txt")
    if [[ -n $why ]]; then
      echo "reproduce-simulated: $name: skipping $collective/$a: $why" | tee -a "$out/skipped.txt"
    else
      kept+=("$a")
    fi
  done
  if ((${#kept[@]} == 0)); then
    echo "reproduce-simulated: $name: skipped, no algorithm of it runs under SMPI" | tee -a "$out/skipped.txt"
    continue
  fi
  IFS=, read -r -a node_list <<<"$nodes"
  for hosts in "${node_list[@]}"; do
    result=$name
    ((${#node_list[@]} > 1)) && result+=-$hosts
    hostfile "$platform" "$hosts" "$ppn" >"$out/results/$result.hosts"
    args=(--experiment "$exp" --out "$out/results/$result.h5" --progress never
      --alg "$(IFS=,; echo "${kept[*]}")")
    ((quick)) && args+=(--quick)
    rc=0
    (cd "$out/results" && timeout "$timeout_s" \
      /usr/bin/time -f '%U %S %e' -o "$result.time" \
      "$smpirun" -np $((hosts * ppn)) -platform "$platform" -hostfile "$result.hosts" \
      "${smpi_opts[@]}" "$papbench" "${args[@]}") >"$out/results/$result.log" 2>&1 || rc=$?
    read -r user sys wall < <(tail -n 1 "$out/results/$result.time" 2>/dev/null || echo "0 0 0")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    cpu_total=$(awk -v a="$cpu_total" -v b="$cpu" 'BEGIN { printf "%.1f", a + b }')
    wall_total=$(awk -v a="$wall_total" -v b="$wall" 'BEGIN { printf "%.1f", a + b }')
    ((rc == 0)) || failures+=("$result: exit $rc (results/$result.log)")
    printf '%-52s %9s %9s%s\n' "$result (${hosts}x$ppn)" "$cpu" "$wall" \
      "$( ((rc == 0)) || echo "  FAILED, exit $rc")" | tee -a "$out/runtime.txt"
    if ((rc == 0)); then
      ok_results+=("$out/results/$result.h5")
      IFS=, read -r -a views <<<"$(key "$exp" tables)"
      for v in "${views[@]}"; do table_files[$v]+="$out/results/$result.h5 "; done
    fi
  done
done
printf '%-52s %9s %9s\n' total "$cpu_total" "$wall_total" | tee -a "$out/runtime.txt"

# Tables, plots and verdicts from what ran, as jobs/reproduce-emulated.sh.
for v in "${!table_files[@]}"; do
  read -r -a inputs <<<"${table_files[$v]}"
  "$report" table "$v" "${inputs[@]}" --format markdown >"$out/tables/$v.md" 2>"$out/tables/$v.err" ||
    failures+=("table $v (tables/$v.err)")
done
# Only the runs that ended well: a failed run's file may hold cases whose output was wrong.
mapfile -t nuriyev < <(printf '%s\n' "${ok_results[@]}" | grep '/nuriyev2022-[^/]*\.h5$' || true)
if ((${#nuriyev[@]} > 0)); then
  "$report" model bcast "${nuriyev[@]}" --format markdown \
    >"$out/tables/nuriyev2022-model-bcast.md" 2>"$out/tables/nuriyev2022-model-bcast.err" ||
    failures+=("model bcast (tables/nuriyev2022-model-bcast.err)")
fi
if ((${#ok_results[@]} > 0)); then
  "$report" table --verdicts "${ok_results[@]}" >"$out/verdicts.txt" 2>"$out/verdicts.err" ||
    failures+=("table --verdicts (verdicts.err)")
  echo "verdicts (paper artefact: rows agreeing in sign / rows with a verdict):"
  cat "$out/verdicts.txt"
fi
find "$out" -name '*.err' -empty -delete
rmdir "$out/plots" 2>/dev/null || true
if ((${#failures[@]} > 0)); then
  printf 'FAILED: %s\n' "${failures[@]}" | tee "$out/failures.txt" >&2
  exit 1
fi
echo "report: $out"
