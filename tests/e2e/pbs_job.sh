#!/usr/bin/env bash
# jobs/pbs/papbench.pbs under an emulation of what PBS Pro gives a batch job (no PBS server
# exists in Debian): the PBS_* variables, a node file with one line per MPI process, the job
# started in the home directory. Runs the quick core-smoke experiment on 4 ranks and checks the
# job directory and the result; then checks the syntax of every #PBS directive of the script.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${SOURCE_DIR:?}"
script=$SOURCE_DIR/jobs/pbs/papbench.pbs
node=$(hostname)

# select=1:ncpus=4:mpiprocs=4 -> the node named 4 times.
for _ in 1 2 3 4; do echo "$node"; done >nodefile
# A path relative to the submit directory (PBS_O_WORKDIR), as a user would give it.
cp "$SOURCE_DIR/jobs/experiments/core-smoke.exp" smoke.exp
read -r mpiexec_prog mpiexec_flags <<<"$MPIEXEC"
mkdir home
(
  cd home # PBS starts a job in the user's home, not in the submit directory
  env PBS_JOBID=4242.pbs-server PBS_JOBNAME=papbench PBS_O_WORKDIR="$WORK" PBS_O_HOME="$WORK/home" \
    PBS_O_HOST="$node" PBS_O_QUEUE=workq PBS_QUEUE=workq PBS_ENVIRONMENT=PBS_BATCH \
    PBS_NODEFILE="$WORK/nodefile" PBS_NODENUM=0 PBS_TASKNUM=1 PBS_NCPUS=4 NCPUS=4 \
    OMP_NUM_THREADS=1 PBS_JOBDIR="$WORK/home" \
    PAPBENCH_EXPERIMENT=smoke.exp PAPBENCH_QUICK=1 PAPBENCH_BIND=none \
    PAPBENCH_HOME="$SOURCE_DIR" PAPBENCH_MPIEXEC="$mpiexec_prog" \
    PAPBENCH_MPIEXEC_FLAGS="${mpiexec_flags:-}" \
    bash "$script" >"$WORK/job.out" 2>&1
) && rc=0 || rc=$?
cat job.out
[[ $rc == 0 ]] || fail "the PBS script exited $rc"

dir=$WORK/results/core-smoke-quick-4242
[[ -d $dir ]] || fail "no job directory $dir"
for f in result.h5 command.txt version.txt env.txt nodes.txt experiment.exp papbench.out exit-code.txt; do
  [[ -s $dir/$f ]] || fail "job directory lacks $f"
done
expect_contains "$dir/exit-code.txt" "0"
expect_contains "$dir/version.txt" "papbench "
expect_contains "$dir/env.txt" "PBS_JOBID=4242.pbs-server"
[[ $(wc -l <"$dir/nodes.txt") == 1 ]] || fail "nodes.txt should name the one node once"
# The job script speaks each launcher's dialect: node file and ranks per node.
if "$mpiexec_prog" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
  expect_contains "$dir/command.txt" "--hostfile"
  expect_contains "$dir/command.txt" "ppr:4:node"
else  # MPICH (Hydra)
  expect_contains "$dir/command.txt" " -f "
  expect_contains "$dir/command.txt" "-ppn 4"
fi
"$CHECK_RESULT" "$dir/result.h5" --cases 4 --validated pass
expect_exit 0 "$PAPBENCH_REPORT" summary "$dir/result.h5"
expect_contains out.txt "allreduce/native"

# The same job started again (requeued) continues its result set with --resume: complete, so
# nothing runs and the file stays as it was; the first attempt's output is kept.
sum=$(cksum <"$dir/result.h5")
(
  cd home
  env PBS_JOBID=4242.pbs-server PBS_O_WORKDIR="$WORK" PBS_NODEFILE="$WORK/nodefile" PBS_NCPUS=4 \
    PAPBENCH_EXPERIMENT=smoke.exp PAPBENCH_QUICK=1 PAPBENCH_BIND=none \
    PAPBENCH_HOME="$SOURCE_DIR" PAPBENCH_MPIEXEC="$mpiexec_prog" \
    PAPBENCH_MPIEXEC_FLAGS="${mpiexec_flags:-}" bash "$script" >"$WORK/job-again.out" 2>&1
) || { cat job-again.out >&2; fail "the PBS job started again failed"; }
expect_contains "$dir/command.txt" "--resume $dir/result.h5"
expect_contains "$dir/papbench.out" "allreduce/native"
expect_contains "$dir/papbench.out" "started again: resuming its result sets"
expect_contains "$dir/papbench.out" "already holds all 4 case(s) of this run; nothing to do"
[[ $(cksum <"$dir/result.h5") == "$sum" ]] || fail "the job started again changed its complete result set"

# PAPBENCH_LAUNCHES=2: two launches, one result set each, both listed by jobs/report.sh; a bad
# count is refused before anything runs.
(
  cd home
  env PBS_JOBID=4244 PBS_O_WORKDIR="$WORK" PBS_NODEFILE="$WORK/nodefile" PBS_NCPUS=4 \
    PAPBENCH_EXPERIMENT=smoke.exp PAPBENCH_QUICK=1 PAPBENCH_BIND=none PAPBENCH_LAUNCHES=2 \
    PAPBENCH_HOME="$SOURCE_DIR" PAPBENCH_MPIEXEC="$mpiexec_prog" \
    PAPBENCH_MPIEXEC_FLAGS="${mpiexec_flags:-}" bash "$script" >"$WORK/job2.out" 2>&1
) || { cat job2.out >&2; fail "the PBS script with PAPBENCH_LAUNCHES=2 failed"; }
dir2=$WORK/results/core-smoke-quick-4244
"$CHECK_RESULT" "$dir2/result.h5" --cases 4 --validated pass
"$CHECK_RESULT" "$dir2/result-2.h5" --cases 4 --validated pass
[[ $(wc -l <"$dir2/command.txt") == 2 ]] || fail "command.txt should hold one line per launch"
expect_contains "$dir2/papbench.out" "== launch 2 of 2"
expect_exit 0 env PAPBENCH_REPORT="$PAPBENCH_REPORT" PAPBENCH_PLOTS=0 \
  bash "$SOURCE_DIR/jobs/report.sh" "$dir2"
expect_contains out.txt "launches: 2 (compare them against another job's as one side: $dir2/result.h5,$dir2/result-2.h5)"
expect_exit 0 "$PAPBENCH_REPORT" compare "$dir2/result.h5,$dir2/result-2.h5" "$dir/result.h5" \
  --format json
expect_contains out.txt '"launches_a": 2'
set +e
(cd home && env PBS_JOBID=4245 PBS_O_WORKDIR="$WORK" PBS_NODEFILE="$WORK/nodefile" \
  PAPBENCH_HOME="$SOURCE_DIR" PAPBENCH_EXPERIMENT=smoke.exp PAPBENCH_LAUNCHES=two \
  bash "$script") >bad.out 2>&1
rc=$?
set -e
[[ $rc == 2 ]] || { cat bad.out >&2; fail "PAPBENCH_LAUNCHES=two exited $rc, expected 2"; }
expect_contains bad.out "PAPBENCH_LAUNCHES: 'two' is not accepted; accepted: a positive integer"

# A missing experiment is refused before anything runs, naming the variable.
set +e
(cd home && env PBS_JOBID=4243 PBS_O_WORKDIR="$WORK" PBS_NODEFILE="$WORK/nodefile" \
  PAPBENCH_HOME="$SOURCE_DIR" PAPBENCH_EXPERIMENT=nosuch.exp bash "$script") >bad.out 2>&1
rc=$?
set -e
[[ $rc == 2 ]] || { cat bad.out >&2; fail "a missing experiment exited $rc, expected 2"; }
expect_contains bad.out "PAPBENCH_EXPERIMENT: cannot read 'nosuch.exp'"

# #PBS directives: PBS reads them only before the first command, each one option it knows, with
# well-formed resource requests.
bash "$(dirname "$0")/check_pbs_directives.sh" "$script" || fail "bad #PBS directives in $script"
printf '#!/bin/bash\n#PBS -l select=2:ncpu=4\n#PBS -l walltime=2:00\n#PBS -Z x\necho\n#PBS -N late\n' >bad.pbs
expect_exit 1 bash "$(dirname "$0")/check_pbs_directives.sh" bad.pbs
for bad in "select=2:ncpu=4" "walltime=2:00" "-Z" "after the first command"; do
  expect_contains err.txt "$bad"
done
echo "pbs_job: ok"
