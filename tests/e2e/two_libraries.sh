#!/usr/bin/env bash
# A result set written under Open MPI and one written under MPICH (tools/test.sh builds both):
# the report tool (which does not link MPI; tools/test.sh builds it once, with Open MPI) reads both,
# compares them case by case and says that the libraries differ; the library of each is recorded
# in the file.
#   PAPBENCH_OMPI_BUILD=build-ci PAPBENCH_MPICH_BUILD=build-ci-mpich tests/e2e/two_libraries.sh
set -euo pipefail
: "${PAPBENCH_OMPI_BUILD:?}" "${PAPBENCH_MPICH_BUILD:?}"
ompi=$(cd "$PAPBENCH_OMPI_BUILD" && pwd) mpich=$(cd "$PAPBENCH_MPICH_BUILD" && pwd)
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export PAPBENCH="$ompi/bench/papbench" MPIEXEC="mpiexec"
unset PAPBENCH_MPIEXEC  # the flags below are those of Open MPI's mpiexec
source "$root/tools/mpiexec-flags.sh"
source "$(dirname "$0")/lib.sh"
run="--collective bcast,reduce,allreduce --alg native --count 8,1Ki --maxdelay 0,1ms --iters 5
     --warmup 1 --validate-every 1 --progress never"
# shellcheck disable=SC2086
expect_exit 0 mpiexec $PAPBENCH_MPIEXEC_FLAGS -n 3 "$ompi/bench/papbench" $run --out ompi.h5
# shellcheck disable=SC2086
expect_exit 0 mpiexec.mpich -n 3 "$mpich/bench/papbench" $run --out mpich.h5
for report in "$ompi/tools/papbench-report" "$mpich/tools/papbench-report"; do
  [[ -x $report ]] || continue  # a build with PAPBENCH_REPORT_EXECUTABLE has none of its own
  expect_exit 0 "$report" compare ompi.h5 mpich.h5
  expect_contains out.txt "Open MPI"
  expect_contains out.txt "MPICH"
  expect_contains out.txt "note: the runs used different MPI libraries"
  [[ $(grep -c '^A\[' out.txt) == 12 ]] || { cat out.txt; fail "expected 12 matched cases"; }
done
echo "two_libraries: ok"
