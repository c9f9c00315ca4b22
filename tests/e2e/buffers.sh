#!/usr/bin/env bash
# Issue 46 item 4: --buffers cold|warm. A warm run passes the check of every iteration (a wrong
# result exits 1) of collectives whose input lies in the send buffer and of bcast (whose root's
# buffer is its input), records its choice, summary prints it, and compare refuses cold against
# warm unless told otherwise.
source "$(dirname "$0")/lib.sh"

common=(--alg native --count 1Ki --maxdelay 0,1ms --iters 4 --warmup 1 --validate-every 1
  --progress never)
expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective reduce,bcast,alltoall "${common[@]}" \
  --buffers warm --out warm.h5
expect_exit 0 mpirun_n 2 "$PAPBENCH" --collective reduce,bcast,alltoall "${common[@]}" \
  --out cold.h5
expect_exit 0 "$PAPBENCH_REPORT" summary warm.h5
expect_contains out.txt "warm: written once, reused as the last call left them"
expect_exit 0 "$PAPBENCH_REPORT" summary cold.h5 --format json
expect_contains out.txt '"buffers": "cold"'

expect_exit 2 "$PAPBENCH_REPORT" compare cold.h5 warm.h5
expect_contains err.txt "--allow-buffers-differ"
expect_contains err.txt "cold in cold.h5; warm in warm.h5"
expect_exit 0 "$PAPBENCH_REPORT" compare cold.h5 warm.h5 --allow-buffers-differ
expect_contains out.txt "WARNING: A's buffers were cold, B's warm"
expect_exit 0 "$PAPBENCH_REPORT" compare warm.h5 warm.h5

expect_exit 2 "$PAPBENCH" --collective reduce --buffers hot --out never.h5
expect_contains err.txt "--buffers: 'hot' is not accepted; accepted: cold, warm"
[[ ! -e never.h5 ]] || fail "a refused run created its --out"
echo "buffers: ok"
