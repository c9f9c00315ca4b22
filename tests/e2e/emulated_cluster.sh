#!/usr/bin/env bash
# tools/emulated-cluster.sh as a user runs it (root; skips with 77 and the reason otherwise): its
# calibration between two hosts behind 1 Gbit/s links, then a validated reduce on three hosts
# whose result set must name the three hostnames and say that its network was emulated.
source "$(dirname "$0")/lib.sh"
EMU="$SOURCE_DIR/tools/emulated-cluster.sh"

# --calibrate looks for its programs before it sets anything up (no root needed) and says which
# is missing (issue 47: the reason was swallowed by a command substitution, and the build tree
# was looked for in build/build/). The scripts are copied out of the checkout, so that only the
# build tree made here, or PATH, can provide them.
mkdir -p lone/tools lone/jobs lone/build/bench bin
cp "$EMU" lone/tools/
cp "$SOURCE_DIR/jobs/find-program.sh" lone/jobs/
no_programs=(env -u PAPBENCH -u PAPBENCH_REPORT PATH=/usr/bin:/bin)
expect_exit 77 "${no_programs[@]}" lone/tools/emulated-cluster.sh --calibrate
expect_contains out.txt "SKIP: papbench not found: not in $PWD/lone/build/bench/papbench"
printf '#!/bin/sh\n' >bin/papbench
chmod +x bin/papbench
# Found on PATH: the next one missing is the report.
expect_exit 77 "${no_programs[@]/#PATH=/PATH=$PWD/bin:}" lone/tools/emulated-cluster.sh --calibrate
expect_contains out.txt "SKIP: papbench-report not found"
# Found in the checkout's build tree (PATH without it).
mv bin/papbench lone/build/bench/papbench
expect_exit 77 "${no_programs[@]}" lone/tools/emulated-cluster.sh --calibrate
expect_contains out.txt "SKIP: papbench-report not found"

if under_mpich; then
  # tools/emulated-cluster.sh --mpi mpich works, but UCX 1.13's TCP transport hung in
  # MPI_Finalize in 4 of 10 two-host runs (openucx/ucx#8738): not a test that can pass reliably.
  echo "SKIP: MPICH over UCX's TCP transport may hang in MPI_Finalize (openucx/ucx#8738)"
  exit 77
fi

# Bad options: exit 2 naming the option and what it accepts, before anything is set up.
expect_exit 2 "$EMU" --link fast -- true
expect_contains err.txt "--link: 'fast' is not accepted; accepted: none or a tc rate"
expect_exit 2 "$EMU" --hosts 0 -- true
expect_contains err.txt "--hosts"
expect_exit 2 "$EMU" --switch-bw 1gbit --hosts 1 -- true
expect_contains err.txt "--switch-bw needs --hosts 2"

set +e
MPIEXEC=${MPIEXEC%% *} "$EMU" --calibrate >out.txt 2>err.txt
status=$?
set -e
[[ $status == 77 ]] && { cat out.txt; exit 77; }
[[ $status == 0 ]] || { cat out.txt err.txt >&2; fail "--calibrate exited $status"; }
cat out.txt
latency=$(sed -n 's/.*latency 8 B one-way: \([0-9.]*\) us.*/\1/p' out.txt)
off=$(sed -n 's/.*TCP goodput: \([-+0-9.]*\)%.*/\1/p' out.txt)
[[ -n $latency && -n $off ]] || fail "--calibrate printed no latency or bandwidth"
# The targets are 50 us and 10% (docs/REPRODUCING.md, measured on a quiet machine); under the
# suite's own load the check is looser, but an unshaped link (1.3 GB/s: +1000%) or a shaper that
# starves TCP (the 64 KiB bucket's -34%) still fails it.
awk -v l="$latency" -v o="$off" 'BEGIN { exit !(l <= 100 && o >= -25 && o <= 25) }' ||
  fail "calibration off: one-way latency $latency us, bandwidth $off% from the link's goodput"

# 3 ranks on 2 cores: oversubscribed ranks miss their planned arrivals by more than the default
# tolerance, so every iteration is kept (as jobs/reproduce-emulated.sh does on such a machine);
# without that the rows at --maxdelay 0 keep none and have no verdict.
expect_exit 0 env MPIEXEC="${MPIEXEC%% *}" "$EMU" --hosts 3 -- "$PAPBENCH" \
  --collective reduce --alg dynleader,mpich-binomial --count 0,1Ki,64Ki --maxdelay 0,1ms --iters 4 \
  --warmup 1 --validate-every 1 --arrival-tolerance off --progress never --out r.h5
expect_exit 0 "$PAPBENCH_REPORT" summary r.h5
expect_contains out.txt "3 (pbhost-0, pbhost-1, pbhost-2)"
expect_contains out.txt "EMULATED: hosts=3 per-host=1 link=1gbit switch=none mpi=openmpi"
grep -q "validation pass" out.txt || fail "no validated case in the summary"
if grep -q "validation fail" out.txt; then fail "a case failed validation"; fi
# The verdict list over the same file (jobs/reproduce-emulated.sh's last step): Parsons' Table 3.6
# holds the dynamic leader against MPICH's binomial reduce, a row per workload (3 counts x 2
# delays), each counted once.
expect_exit 0 "$PAPBENCH_REPORT" table --verdicts r.h5
grep -qE '^parsons-table3\.6 +\[Parsons2015\] Table 3\.6: [0-6]/6 rows agree in sign$' out.txt ||
  { cat out.txt >&2; fail "table --verdicts: no Table 3.6 line with 6 rows"; }
echo "emulated_cluster: ok"
