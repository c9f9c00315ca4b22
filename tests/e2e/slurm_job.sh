#!/usr/bin/env bash
# jobs/slurm/papbench.sbatch against a real Slurm: starts munged, slurmctld and slurmd (Debian's
# slurm-wlm and munge, installed by tools/bootstrap.sh) on this machine with a configuration in a
# scratch directory, submits the quick core-smoke experiment on 4 oversubscribed ranks with
# sbatch, waits for it, checks the job directory and reads the result with papbench-report.
# Every daemon it starts is stopped by its pid, however the test ends. Skips (77) when not root
# or when Slurm or munge is not installed.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${SOURCE_DIR:?}"

skip() {
  echo "SKIP: $*"
  exit 77
}
[[ $(id -u) -eq 0 ]] || skip "starting slurmd needs root"
for p in munged slurmctld slurmd sbatch sinfo scontrol; do
  command -v "$p" >/dev/null || skip "$p is not installed (tools/bootstrap.sh --test installs slurm-wlm and munge)"
done

pids=()
cleanup() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    # slurmd and slurmctld stop within a second; a stuck one is killed rather than waited for.
    for _ in {1..50}; do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

S=$WORK/slurm
mkdir -p "$S/state" "$S/spool" "$S/munge"
chmod 700 "$S/munge"
node=$(hostname -s)
# Ports away from the defaults (6817/6818), so an installed Slurm on this machine is not touched.
base=$((20000 + $$ % 20000))

dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$S/munge/munge.key"
munged -F --force --key-file="$S/munge/munge.key" --socket="$S/munge/munge.sock" \
  --pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" \
  --seed-file="$S/munge/munged.seed" >"$S/munged.out" 2>&1 &
pids+=($!)

cat >"$S/slurm.conf" <<EOF
ClusterName=papbench-test
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
AuthInfo=socket=$S/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
# The node declares more CPUs than this 2-core machine has (the 4-rank job oversubscribes);
# config_overrides keeps slurmd from draining it for that.
SlurmdParameters=config_overrides
NodeName=$node NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE
EOF
export SLURM_CONF=$S/slurm.conf

for _ in {1..50}; do [[ -S $S/munge/munge.sock ]] && break; sleep 0.1; done
[[ -S $S/munge/munge.sock ]] || { cat "$S/munged.out" "$S/munge/munged.log" >&2; fail "munged did not start"; }
slurmctld -D -f "$SLURM_CONF" >"$S/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$S/slurmd.out" 2>&1 &
pids+=($!)

show_logs() {
  for f in "$S"/*.out "$S"/*.log; do
    echo "--- $f" >&2
    tail -n 30 "$f" >&2
  done
}
# Waits until the node is idle, up to 90 s (by the clock): slurmd registers within a few seconds
# here, but once took over 30 s while other tests loaded the machine, and CI machines are slower.
state=""
wait_idle() {
  local deadline=$((SECONDS + 90))
  while ((SECONDS < deadline)); do
    state=$(sinfo -h -N -n "$node" -o %t 2>/dev/null || true)
    [[ $state == idle* ]] && return 0
    sleep 0.1
  done
  return 1
}
wait_idle || { show_logs; fail "the Slurm node did not become idle (state '${state:-}')"; }

# The job inherits this environment (sbatch --export=ALL): the programs under test, and an
# oversubscribed, unbound mpiexec because the node has fewer cores than ranks.
read -r mpiexec_prog mpiexec_flags <<<"$MPIEXEC"
# Slurm grants 4 slots, so Open MPI does not know it is oversubscribed and would busy-poll.
if "$mpiexec_prog" --version 2>&1 | grep -q "Open MPI"; then
  mpiexec_flags+=" --mca mpi_yield_when_idle 1"
fi
export PAPBENCH_HOME=$SOURCE_DIR PAPBENCH_QUICK=1 PAPBENCH_BIND=none \
  PAPBENCH_MPIEXEC=$mpiexec_prog PAPBENCH_MPIEXEC_FLAGS=${mpiexec_flags:-} \
  PAPBENCH_RESULTS=$WORK/results
job=$(sbatch --parsable --nodes=1 --ntasks-per-node=4 --time=00:05:00 --exclusive \
  --output="$WORK/job-%j.out" "$SOURCE_DIR/jobs/slurm/papbench.sbatch" \
  "$SOURCE_DIR/jobs/experiments/core-smoke.exp") || { show_logs; fail "sbatch failed"; }
echo "submitted job $job"

final=""
for _ in {1..600}; do
  final=$(scontrol show job "$job" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  [[ $final =~ ^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL)$ ]] && break
  sleep 0.1
done
echo "job $job: $final"
cat "$WORK/job-$job.out" || true
[[ $final == COMPLETED ]] || { show_logs; fail "job $job ended $final"; }

dir=$WORK/results/core-smoke-quick-$job
[[ -d $dir ]] || fail "no job directory $dir"
for f in result.h5 command.txt version.txt env.txt nodes.txt experiment.exp papbench.out exit-code.txt; do
  [[ -s $dir/$f ]] || fail "job directory lacks $f"
done
expect_contains "$dir/exit-code.txt" "0"
expect_contains "$dir/version.txt" "papbench "
expect_contains "$dir/nodes.txt" "$node"
expect_contains "$dir/env.txt" "SLURM_JOB_ID=$job"
expect_contains "$dir/command.txt" "--experiment"
expect_contains "$dir/command.txt" "--quick"
expect_contains "$dir/command.txt" "-n 4"
"$CHECK_RESULT" "$dir/result.h5" --cases 4 --validated pass
expect_exit 0 "$PAPBENCH_REPORT" summary "$dir/result.h5"
expect_contains out.txt "reduce/native"
expect_contains out.txt "allreduce/native"
expect_exit 0 bash "$SOURCE_DIR/jobs/report.sh" "$dir"
expect_contains out.txt "allreduce/native"
# The finished job's figures (papbench-report plot) land in its directory.
for v in metric-vs cdf; do
  [[ -s $dir/plots/$v.svg ]] || { cat out.txt >&2; fail "jobs/report.sh wrote no plots/$v.svg"; }
done

# A requeued job (same id, same directory) continues its result set with --resume: complete,
# so nothing runs and the file stays as it was.
sum=$(cksum <"$dir/result.h5")
# slurmd refuses to launch a requeued job while it is still cleaning up its previous run ("Job 1
# already killed, do not launch batch job"), so the node must be idle again first.
wait_idle || true
sleep 1
scontrol requeue "$job" || { show_logs; fail "scontrol requeue $job failed"; }
# Slurm holds a requeued job back for a while (its BeginTime); a user in a hurry does this too.
scontrol update JobId="$job" StartTime=now || true
again=""
for _ in {1..600}; do
  again=$(scontrol show job "$job" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  # The hold may be set after the update above landed (requeue finishes asynchronously).
  if [[ $again == PENDING ]]; then scontrol update JobId="$job" StartTime=now >/dev/null 2>&1 || true; fi
  if [[ $again =~ ^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL)$ ]] &&
    grep -qF "started again" "$dir/papbench.out"; then break; fi
  sleep 0.1
done
[[ $again == COMPLETED ]] || { cat "$dir/papbench.out" >&2; scontrol show job "$job" >&2; show_logs; fail "requeued job $job ended ${again:-unknown}"; }
expect_contains "$dir/command.txt" "--resume $dir/result.h5"
expect_contains "$dir/papbench.out" "already holds all 4 case(s) of this run; nothing to do"
[[ $(cksum <"$dir/result.h5") == "$sum" ]] || fail "the requeued job changed its complete result set"
echo "slurm_job: ok"
