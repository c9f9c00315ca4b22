#!/usr/bin/env bash
# papbench under SimGrid's SMPI (issue 44): 16 simulated ranks on jobs/platforms/cluster-10gbe.xml,
# two reduce algorithms (binomial and Clairvoyant, whose PAT runtime runs polled, without a
# thread: docs/SIMULATION.md), run twice with the same seed. The two result sets must hold byte-identical
# timings (their CSV exports compared whole), every iteration on plan (no arrival error: waits are
# simulated sleeps), and `summary` must say that the run was simulated, name the platform and
# the rate the reduces' copies and combines are charged at (the platform's copy bandwidth).
# tools/test.sh builds the smpi preset (papbench only) and runs this with build-ci's report tool:
#   PAPBENCH_SMPI_BUILD=build-smpi PAPBENCH_REPORT=build-ci/tools/papbench-report \
#     tests/e2e/smpi_determinism.sh
set -euo pipefail
: "${PAPBENCH_SMPI_BUILD:?}" "${PAPBENCH_REPORT:?}"
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
smpi=$(cd "$PAPBENCH_SMPI_BUILD" && pwd)
PAPBENCH_REPORT=$(cd "$(dirname "$PAPBENCH_REPORT")" && pwd)/$(basename "$PAPBENCH_REPORT")
export PAPBENCH="$smpi/bench/papbench" MPIEXEC=smpirun
source "$(dirname "$0")/lib.sh"
cp "$root/jobs/platforms/cluster-10gbe.xml" .

# smpi/simulate-computation:no: no host time becomes simulated time; smpi/test:0: no simulated
# sleep in MPI_Test, which the polled PAT runtime needs (docs/SIMULATION.md).
smpi_opts=(--cfg=smpi/simulate-computation:no --cfg=smpi/test:0 --log=root.thres:warning)
smpi_run() {  # OUT ARGS...
  local out=$1; shift
  expect_exit 0 smpirun -np 16 -platform cluster-10gbe.xml "${smpi_opts[@]}" \
    --cfg=smpi/privatization:dlopen "$PAPBENCH" \
    --collective reduce --alg binomial,clairvoyant --count 1Ki --maxdelay 1ms \
    --iters 8 --warmup 1 --seed 44 --progress never --out "$out" "$@"
}
smpi_run a.h5
smpi_run b.h5
for f in a b; do
  expect_exit 0 "$PAPBENCH_REPORT" export csv "$f.h5" --include-late --include-invalid --out "$f.csv"
done
# 2 cases x 8 iterations x 16 ranks, and a header.
[[ $(wc -l <a.csv) == 257 ]] || fail "a.csv has $(wc -l <a.csv) lines, expected 257"
cmp a.csv b.csv || fail "the same seed gave different timings under SMPI (diff a.csv b.csv)"
# Every iteration on plan: the export without late iterations keeps all of them.
expect_exit 0 "$PAPBENCH_REPORT" export csv a.h5 --out kept.csv
[[ $(wc -l <kept.csv) == 257 ]] || fail "iterations left out as off plan: $(wc -l <kept.csv) lines"

expect_exit 0 "$PAPBENCH_REPORT" summary a.h5
expect_contains out.txt "SIMULATED: SimGrid version"
expect_contains out.txt "platform cluster-10gbe.xml (sha1 "
expect_contains out.txt "smpi/simulate-computation:no"
# The reduces' combines and copies are charged at the platform's stated copy bandwidth
# (collectives/core/local_work.hpp), and the result set says so.
expect_contains out.txt "local copies charged at 4.985e+09 B/s"
# The clock sync ran and says that one simulated clock has no error.
expect_contains out.txt "sync error bound"

# The PAT background parts that move data (BSBN's receive-and-forward, BSLS's root loop) run in
# the polled runtime's fiber and give the right result (validated in every iteration).
expect_exit 0 smpirun -np 4 -platform cluster-10gbe.xml "${smpi_opts[@]}" "$PAPBENCH" \
  --collective scatter,gather --alg bsbn,bsls --count 1Ki --maxdelay 1ms --iters 2 --warmup 1 \
  --progress never --out pat.h5
# Without smpi/test:0 the polled runtime refuses (exit 2) and names the option.
expect_exit 2 smpirun -np 4 -platform cluster-10gbe.xml --cfg=smpi/simulate-computation:no \
  --log=root.thres:warning "$PAPBENCH" --collective scatter --alg slin --iters 1 --out slin.h5
expect_contains err.txt "smpi/test:0"
# Without smpi/iprobe:0 the dynamic leader, which probes while it waits, refuses (exit 2) and
# names the option (docs/SIMULATION.md, "Probes: no injected time").
expect_exit 2 smpirun -np 4 -platform cluster-10gbe.xml "${smpi_opts[@]}" "$PAPBENCH" \
  --collective reduce --alg dynleader --iters 1 --out dynleader.h5
expect_contains err.txt "smpi/iprobe:0"
# [Kang2019]'s algorithms run on one intracommunicator spanning both groups (docs/SIMULATION.md);
# the library's own intercommunicator collective cannot: refused with exit 2 and the reason.
expect_exit 0 smpirun -np 4 -platform cluster-10gbe.xml "${smpi_opts[@]}" "$PAPBENCH" \
  --collective intergroup_allgather --alg alg1 --iters 1 --progress never --out kang.h5
expect_exit 2 smpirun -np 4 -platform cluster-10gbe.xml "${smpi_opts[@]}" "$PAPBENCH" \
  --collective intergroup_allgather --alg native --iters 1 --out kang-native.h5
expect_contains err.txt "not under SimGrid's SMPI"
echo "smpi_determinism: ok"
