#!/usr/bin/env bash
# Submits every experiment of a paper (jobs/experiments/PAPER*.exp) to Slurm or PBS: one job per
# experiment and node count (a scalability sweep lists several in `nodes`), sized from the
# file's `nodes` and `ppn`, then one dependent job that runs jobs/report.sh on the results once
# they all have ended.
#
#   jobs/submit-paper.sh proficz2020                    # Slurm (default)
#   jobs/submit-paper.sh --scheduler pbs parsons2015
#   jobs/submit-paper.sh --quick core                   # laptop-sized variants on one node
#   jobs/submit-paper.sh --dry-run proficz2021          # print the commands only
#   jobs/submit-paper.sh jobs/experiments/core-smoke.exp   # explicit files work too
#
# PAPBENCH_SUBMIT_ARGS adds scheduler options to every job (partition, account, walltime), e.g.
# "--partition=short --account=abc" (Slurm) or "-q short -A abc" (PBS). The launcher settings
# (PAPBENCH_LAUNCHER, PAPBENCH_BIND, ...) travel in the environment as for a single job.
set -euo pipefail
home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
  sed -n '2,17s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
  exit 2
}
die() {
  echo "submit-paper: error: $*" >&2
  exit 2
}

scheduler=slurm
quick=0
dry=0
papers=()
while (($# > 0)); do
  case $1 in
    --scheduler)
      (($# > 1)) || die "--scheduler needs a value; accepted: slurm, pbs"
      scheduler=$2
      shift 2
      ;;
    --quick) quick=1 && shift ;;
    --dry-run) dry=1 && shift ;;
    -h | --help) usage ;;
    -*) die "unknown option '$1'; accepted: --scheduler slurm|pbs, --quick, --dry-run" ;;
    *) papers+=("$1") && shift ;;
  esac
done
[[ $scheduler == slurm || $scheduler == pbs ]] || die "--scheduler: '$scheduler' is not accepted; accepted: slurm, pbs"
((${#papers[@]} > 0)) || usage

files=()
for p in "${papers[@]}"; do
  if [[ -f $p ]]; then
    files+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")")
  else
    # The *-emulated.exp files are for the emulated cluster on one machine
    # (jobs/reproduce-emulated.sh), the *-simulated.exp ones for smpirun
    # (jobs/reproduce-simulated.sh), not for a real cluster; named explicitly, they are submitted.
    mapfile -t found < <(find "$home/jobs/experiments" -maxdepth 1 -name "$p*.exp" \
      ! -name '*-emulated.exp' ! -name '*-simulated.exp' | LC_ALL=C sort)
    ((${#found[@]} > 0)) || die "no experiment file matches '$p' in $home/jobs/experiments (file names start with the paper: core, proficz2020, proficz2021, parsons2015)"
    files+=("${found[@]}")
  fi
done

key() {  # FILE KEY DEFAULT: the value of a metadata key
  local v
  v=$(sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*\([^#]*\).*/\1/p" "$1" | head -n 1)
  v=${v%"${v##*[![:space:]]}"}
  echo "${v:-$3}"
}

read -r -a submit_args <<<"${PAPBENCH_SUBMIT_ARGS:-}"
run() {  # prints, or runs and prints the job id
  if ((dry)); then
    printf '%q ' "$@" >&2
    echo >&2
    echo "DRYRUN"
  else
    "$@"
  fi
}

results=${PAPBENCH_RESULTS:-$PWD/results}
mkdir -p "$results"
export PAPBENCH_HOME=$home PAPBENCH_RESULTS=$results PAPBENCH_QUICK=$quick
ids=()
for f in "${files[@]}"; do
  name=$(key "$f" name "")
  [[ -n $name ]] || die "$f: missing the required key 'name'"
  if ((quick)); then
    node_counts=(1)
    ppn=$(key "$f" quick.processes 4)
  else
    IFS=', ' read -r -a node_counts <<<"$(key "$f" nodes 1)"
    ppn=$(key "$f" ppn 1)
  fi
  for n in "${node_counts[@]}"; do
    [[ -n $n ]] || continue
    echo "submit: $name on $n node(s) x $ppn process(es)" >&2
    if [[ $scheduler == slurm ]]; then
      id=$(run sbatch --parsable --job-name="pb-$name-n$n" --nodes="$n" --ntasks-per-node="$ppn" \
        --output="$results/slurm-%j.out" "${submit_args[@]}" \
        "$home/jobs/slurm/papbench.sbatch" "$f")
      id=${id%%;*}
    else
      id=$(run qsub -N "pb-${name:0:12}-n$n" -l "select=$n:ncpus=$ppn:mpiprocs=$ppn" \
        -o "$results" -v "PAPBENCH_EXPERIMENT=$f,PAPBENCH_HOME=$home,PAPBENCH_RESULTS=$results,PAPBENCH_QUICK=$quick" \
        "${submit_args[@]}" "$home/jobs/pbs/papbench.pbs")
    fi
    ids+=("$id")
    echo "$id $f nodes=$n ppn=$ppn"
  done
done

# The report job starts when every job above has ended, successfully or not (an interrupted
# run keeps its completed cases).
stamp=$(date -u +%Y%m%d-%H%M%S)
report_cmd="bash $(printf '%q' "$home/jobs/report.sh") $(printf '%q' "$results") > $(printf '%q' "$results/report-$stamp.txt") 2>&1"
deps=$(IFS=:; echo "${ids[*]}")
if [[ $scheduler == slurm ]]; then
  id=$(run sbatch --parsable --job-name=pb-report --nodes=1 --ntasks=1 --dependency="afterany:$deps" \
    --output="$results/slurm-%j.out" "${submit_args[@]}" --wrap="$report_cmd")
else
  id=$(run qsub -N pb-report -l select=1:ncpus=1 -W "depend=afterany:$deps" -o "$results" \
    "${submit_args[@]}" -- /bin/bash -c "$report_cmd")
fi
echo "${id%%;*} report -> $results/report-$stamp.txt"
