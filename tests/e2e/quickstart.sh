#!/usr/bin/env bash
# The README's first command, minus the install and build it does first.
source "$(dirname "$0")/lib.sh"
# The build's own mpiexec (Open MPI's or MPICH's), without the flags the suite adds to it.
read -r mpiexec_prog _ <<<"$MPIEXEC"
expect_exit 0 env PAPBENCH_SKIP_SETUP=1 PAPBENCH_BUILD_DIR="$BUILD_DIR" PAPBENCH_OUT_DIR="$WORK" \
  PAPBENCH_MPIEXEC="$mpiexec_prog" bash "$SOURCE_DIR/tools/quickstart.sh"
expect_contains out.txt "run time"
expect_contains out.txt "results:"
# Every case has its figures: a summary row of dashes (every iteration left out) is no first run.
grep -E '^(reduce|allreduce)/native .* -  +-  +-  ' out.txt && fail "a case lost every iteration"
ls "$WORK"/papbench-*.h5 >/dev/null || fail "quickstart wrote no result file"
echo "quickstart: ok"
