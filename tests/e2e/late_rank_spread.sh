#!/usr/bin/env bash
# Known answer: one rank 20 ms late on 4 ranks must give an achieved arrival spread of
# 20 ms +- 1 ms in the median, measured on the synchronized clock.
source "$(dirname "$0")/lib.sh"
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective barrier --pattern late:3:20ms --iters 20 \
  --out late.h5 --progress never
"$CHECK_RESULT" late.h5 --metric imbalance --median 20ms --tolerance 1ms
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective reduce --pattern late:root:20ms --root 2 \
  --sync barrier --iters 10 --out late-root.h5 --progress never
"$CHECK_RESULT" late-root.h5 --metric imbalance --median 20ms --tolerance 1ms
echo "late_rank_spread: ok"
