#!/usr/bin/env bash
# A kill -9 in the middle of a run loses at most the case in progress.
source "$(dirname "$0")/lib.sh"
marker="kill-test-$$"
kill_mid_run "$marker.h5" 3 13 $MPIEXEC -n 2 "$PAPBENCH" --collective reduce --count 1:4096:x2 \
  --maxdelay 20ms --iters 20 --out "$marker.h5" --progress never
"$CHECK_RESULT" "$marker.h5" --min-cases 3 --validated pass
expect_exit 0 "$PAPBENCH_REPORT" summary "$marker.h5"
echo "kill_keeps_cases: ok"
