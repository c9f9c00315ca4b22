#!/usr/bin/env bash
# The one-sided dynamic-leader reduce and bcast of [Parsons2015] §3.7.1, §3.7.2 through the whole
# papbench path: 4 ranks in virtual nodes of 3 (3+1) and of 2 (2+2), roots 0 and 2, count 1000,
# under no imbalance, uniform arrivals, one late rank (the root, then a landing rank: local rank 0
# of a node, whose window memory the other node's leader writes while it is away) and the thesis'
# natural imbalance (compute:XTIME), every iteration validated. 4 ranks, so that the MPICH run of
# tools/test.sh takes it too.
source "$(dirname "$0")/lib.sh"
patterns=none,uniform,late:0:2ms,late:2:2ms,compute:2k
run() {  # COLLECTIVE PPN
  expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective "$1" --alg dynleader-os --virtual-ppn "$2" \
    --count 1000 --root 0,2 --pattern "$patterns" --iters 3 --warmup 1 --validate-every 1 \
    --maxdelay 1ms --progress never --out "$1-$2.h5"
  # 2 roots x 5 patterns.
  "$CHECK_RESULT" "$1-$2.h5" --cases 10 --validated pass
}
for ppn in 3 2; do
  run reduce "$ppn"
  run bcast "$ppn"
done
echo "dynleader_os: ok"
