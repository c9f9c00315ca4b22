#!/usr/bin/env bash
# The body shared by jobs/slurm/papbench.sbatch and jobs/pbs/papbench.pbs: runs one experiment
# file with papbench inside an allocation and writes a per-job directory holding the HDF5 result
# set and everything needed to trust it later (exact command, papbench --version, environment,
# node list, the experiment file itself, papbench's output and exit code).
#
# The scheduler script sets, from its own environment:
#   PAPBENCH_SCHEDULER   slurm | pbs
#   PAPBENCH_JOB_ID      the job id (names the output directory)
#   PAPBENCH_NODEFILE    one line per node (Slurm) or per slot (PBS_NODEFILE)
#   PAPBENCH_SLOTS_PER_NODE  processes per node the allocation grants
# The user chooses (environment variables, all optional but the experiment; docs/REPRODUCING.md):
#   PAPBENCH_EXPERIMENT  experiment file (or the first argument)
#   PAPBENCH_QUICK=1     run its --quick variant
#   PAPBENCH_LAUNCHER    mpiexec (default) or srun (Slurm only; needs an MPI built with PMIx/PMI2)
#   PAPBENCH_PPN         processes per node (default: what the allocation grants)
#   PAPBENCH_ONE_PER_NODE=1  one process per node (as in [Proficz2020]); overrides PAPBENCH_PPN
#   PAPBENCH_NP          total processes (default: nodes x processes per node)
#   PAPBENCH_BIND        core (default), socket or none
#   PAPBENCH_MPIEXEC     the launcher program for mpiexec mode (default: mpiexec)
#   PAPBENCH_MPIEXEC_FLAGS  extra launcher flags, e.g. "--oversubscribe --allow-run-as-root"
#   PAPBENCH_SRUN_MPI    srun --mpi= value (default: pmix)
#   PAPBENCH_RESULTS     where job directories go (default: ./results of the submit directory)
#   PAPBENCH_ARGS        extra papbench options (they override the experiment file's)
#   PAPBENCH_LAUNCHES    N launches of the experiment, one after another (default 5, 1 with
#                        PAPBENCH_QUICK=1): launch 1 writes result.h5, launch k result-k.h5;
#                        launches, not iterations, are the unit of replication
#                        ([HunoldCarpenAmarie2016]): `papbench-report compare A.h5,A-2.h5
#                        B.h5,B-2.h5` judges differences at the launch level only with 2 or more
#                        launches a side, and a claim of a few percent needs 5 to 10 (README)
#   PAPBENCH             the program (default: $PAPBENCH_HOME/build/bench/papbench, the bin/ of
#                        the install these scripts belong to, else PATH; jobs/find-program.sh)
# A job directory that already holds a result set (the job was requeued or resubmitted with the
# same id) is continued with papbench --resume instead of being refused.
set -euo pipefail

die() {
  echo "papbench job: error: $*" >&2
  exit 2
}

: "${PAPBENCH_SCHEDULER:?set by the scheduler script}"
: "${PAPBENCH_JOB_ID:?set by the scheduler script}"
: "${PAPBENCH_NODEFILE:?set by the scheduler script}"
home=${PAPBENCH_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}

experiment=${1:-${PAPBENCH_EXPERIMENT:-}}
[[ -n $experiment ]] || die "no experiment: set PAPBENCH_EXPERIMENT=FILE or pass FILE as the first argument (files: $home/jobs/experiments/)"
[[ -r $experiment ]] || die "PAPBENCH_EXPERIMENT: cannot read '$experiment' (relative paths start at $PWD)"
experiment=$(cd "$(dirname "$experiment")" && pwd)/$(basename "$experiment")

source "$home/jobs/find-program.sh"
if [[ -n ${PAPBENCH:-} ]]; then
  papbench=$PAPBENCH
else
  papbench=$(papbench_program papbench bench/papbench "$home") ||
    die "cannot find papbench: build it in $home/build, put an installed one on PATH (module load papbench), or set PAPBENCH"
fi

# Nodes in allocation order, without the per-slot repetition of PBS_NODEFILE.
mapfile -t nodes < <(awk '!seen[$0]++' "$PAPBENCH_NODEFILE")
((${#nodes[@]} > 0)) || die "the node file '$PAPBENCH_NODEFILE' is empty"
ppn=${PAPBENCH_PPN:-${PAPBENCH_SLOTS_PER_NODE:-1}}
[[ ${PAPBENCH_ONE_PER_NODE:-0} == 1 ]] && ppn=1
[[ $ppn =~ ^[1-9][0-9]*$ ]] || die "PAPBENCH_PPN: '$ppn' is not a positive integer"
np=${PAPBENCH_NP:-$((${#nodes[@]} * ppn))}
[[ $np =~ ^[1-9][0-9]*$ ]] || die "PAPBENCH_NP: '$np' is not a positive integer"
# 5 launches: with fewer, compare's launch-level test (a t test with launches - 1 degrees of
# freedom) rarely finds anything; 5 find a difference of twice the launch-to-launch spread in
# about 60% of comparisons, 10 in 95% (README, "Comparisons: pairing and launch-level
# verdicts"). A quick run is a smoke test, not a claim.
launches_default=5
[[ ${PAPBENCH_QUICK:-0} == 1 ]] && launches_default=1
launches=${PAPBENCH_LAUNCHES:-$launches_default}
[[ $launches =~ ^[1-9][0-9]*$ ]] || die "PAPBENCH_LAUNCHES: '$launches' is not accepted; accepted: a positive integer"
bind=${PAPBENCH_BIND:-core}
case $bind in core | socket | none) ;; *) die "PAPBENCH_BIND: '$bind' is not accepted; accepted: core, socket, none" ;; esac

name=$(sed -n 's/^[[:space:]]*name[[:space:]]*=[[:space:]]*\([A-Za-z0-9._-]*\).*/\1/p' "$experiment" | head -n 1)
[[ -n $name ]] || die "$experiment: missing the required key 'name'"
quick_args=()
[[ ${PAPBENCH_QUICK:-0} == 1 ]] && quick_args=(--quick) && name+="-quick"

results=${PAPBENCH_RESULTS:-$PWD/results}
dir=$results/$name-$PAPBENCH_JOB_ID
mkdir -p "$dir"
cp "$experiment" "$dir/experiment.exp"
printf '%s\n' "${nodes[@]}" >"$dir/nodes.txt"
env | LC_ALL=C sort >"$dir/env.txt"

# Word splitting of the flag variables is intended: they hold several flags.
read -r -a extra_launcher <<<"${PAPBENCH_MPIEXEC_FLAGS:-}"
read -r -a extra_papbench <<<"${PAPBENCH_ARGS:-}"
launcher=${PAPBENCH_LAUNCHER:-mpiexec}
case $launcher in
  mpiexec)
    mpiexec=${PAPBENCH_MPIEXEC:-mpiexec}
    if "$mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
      cmd=("$mpiexec" -n "$np" --map-by "ppr:$ppn:node" --bind-to "$bind")
      # Open MPI reads Slurm allocations itself; a PBS node file is given explicitly because
      # many builds lack the tm (PBS) launcher.
      [[ $PAPBENCH_SCHEDULER == pbs ]] && cmd+=(--hostfile "$PAPBENCH_NODEFILE")
    else  # MPICH / Intel MPI (Hydra)
      cmd=("$mpiexec" -n "$np" -ppn "$ppn" -bind-to "$bind")
      [[ $PAPBENCH_SCHEDULER == pbs ]] && cmd+=(-f "$PAPBENCH_NODEFILE")
    fi
    ;;
  srun)
    [[ $PAPBENCH_SCHEDULER == slurm ]] || die "PAPBENCH_LAUNCHER: srun needs Slurm; accepted under $PAPBENCH_SCHEDULER: mpiexec"
    cpu_bind=cores
    [[ $bind == socket ]] && cpu_bind=sockets
    [[ $bind == none ]] && cpu_bind=none
    # --kill-on-bad-exit: a rank that ends itself (papbench's call watchdog below MPI_THREAD_MULTIPLE,
    # exit 3) takes the job down with it instead of leaving the others waiting for it.
    cmd=(srun "--mpi=${PAPBENCH_SRUN_MPI:-pmix}" -n "$np" "--ntasks-per-node=$ppn" "--cpu-bind=$cpu_bind"
      --kill-on-bad-exit=1)
    ;;
  *) die "PAPBENCH_LAUNCHER: '$launcher' is not accepted; accepted: mpiexec, srun" ;;
esac
cmd+=("${extra_launcher[@]}" "$papbench" --experiment "$experiment" "${quick_args[@]}"
  --progress never "${extra_papbench[@]}")
result_of() {  # LAUNCH -> its result set
  if (($1 == 1)); then echo "$dir/result.h5"; else echo "$dir/result-$1.h5"; fi
}
# A job started again in the same directory (a requeued job, or one resubmitted with the same
# job id) continues its result sets: papbench --resume runs only the cases they lack, refuses
# (exit 2) if the options changed, and says "nothing to do" for a complete one.
output_args() {  # LAUNCH -> papbench's output options
  local out
  out=$(result_of "$1")
  if [[ -e $out ]]; then printf '%s\n' --resume "$out"; else printf '%s\n' --out "$out"; fi
}
resuming=0
for ((k = 1; k <= launches; k++)); do
  if [[ -e $(result_of "$k") ]]; then resuming=1; fi
done

# One line per launch that a shell can run again as is.
: >"$dir/command.txt"
for ((k = 1; k <= launches; k++)); do
  mapfile -t out_args < <(output_args "$k")
  printf '%q ' "${cmd[@]}" "${out_args[@]}" | sed 's/ $//' >>"$dir/command.txt"
  echo >>"$dir/command.txt"
done
# --version needs no launcher: papbench prints it as a singleton MPI process.
"$papbench" --version >"$dir/version.txt" 2>&1 || echo "papbench --version failed" >>"$dir/version.txt"

echo "papbench job $PAPBENCH_JOB_ID: $name on ${#nodes[@]} node(s) x $ppn = $np processes, $launches launch(es) -> $dir"
# The output of the interrupted attempt stays: it says how far that one got.
if ((resuming)); then
  echo "== job $PAPBENCH_JOB_ID started again: resuming its result sets" >>"$dir/papbench.out"
else
  : >"$dir/papbench.out"
fi
rc=0
for ((k = 1; k <= launches; k++)); do
  ((launches == 1)) || echo "== launch $k of $launches -> $(result_of "$k")" | tee -a "$dir/papbench.out"
  set +e
  mapfile -t out_args < <(output_args "$k")
  "${cmd[@]}" "${out_args[@]}" 2>&1 | tee -a "$dir/papbench.out"
  launch_rc=${PIPESTATUS[0]}
  set -e
  # The first failure is the job's exit code; later launches still run (each is one replicate).
  ((rc != 0)) || rc=$launch_rc
done
echo "$rc" >"$dir/exit-code.txt"
echo "papbench job $PAPBENCH_JOB_ID: exit $rc; summary: jobs/report.sh $dir"
exit "$rc"
