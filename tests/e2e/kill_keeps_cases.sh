#!/usr/bin/env bash
# A kill -9 in the middle of a run loses at most the case in progress.
source "$(dirname "$0")/lib.sh"
marker="kill-test-$$"
$MPIEXEC -n 2 "$PAPBENCH" --collective reduce --count 1:4096:x2 --maxdelay 20ms --iters 20 \
  --out "$marker.h5" --progress never > run.txt 2>&1 &
launcher=$!
for _ in $(seq 1 300); do
  if "$CHECK_RESULT" "$marker.h5" --min-cases 3 >/dev/null 2>&1; then break; fi
  sleep 0.1
done
"$CHECK_RESULT" "$marker.h5" --min-cases 3 >/dev/null 2>&1 || { cat run.txt >&2; fail "the run never finished 3 cases"; }
"$CHECK_RESULT" "$marker.h5" --cases 13 >/dev/null 2>&1 && fail "the run finished before the kill"
pkill -9 -f -- "--out $marker.h5" || true
kill -9 "$launcher" 2>/dev/null || true
wait "$launcher" 2>/dev/null || true
"$CHECK_RESULT" "$marker.h5" --min-cases 3 --validated pass
expect_exit 0 "$PAPBENCH_REPORT" summary "$marker.h5"
echo "kill_keeps_cases: ok"
